import RequestModel

/// A saved request with its `{{name}}` and `${env:NAME}` placeholders filled from a scope, before
/// anything is sent (SPEC §8): the URL, header values, and the body's text, fields and parts. The
/// first placeholder without a value is refused, naming it. Text that is not a valid template (a
/// body's own braces) stays as written.
public struct RequestRendering: Sendable {
    public let scope: VariableScope
    public let values: TemplateValues
    /// False for `send --no-vars`: every text stays as written.
    let fills: Bool

    public init(_ scope: VariableScope, fills: Bool = true) {
        self.scope = scope
        values = TemplateValues(variables: scope.values, environment: scope.environment)
        self.fills = fills
    }

    /// A rendering that fills nothing: a request built as written, to show or check it.
    public static let asWritten = RequestRendering(VariableScope(environment: [:]), fills: false)

    /// The placeholder that has no value, as written (`{{token}}`, `${env:DEMO_PASSWORD}`).
    public struct Undefined: Error, Sendable, Equatable {
        public var placeholder: String
    }

    /// One text with its placeholders filled, in one pass; text that is no template stays as written.
    public func fill(_ text: String) throws(Undefined) -> RenderedText {
        guard fills, let template = Template.parsed(text) else { return RenderedText(text: text) }
        return try template.render(with: values) { (part) throws(Undefined) in throw Undefined(placeholder: part.placeholder) }
    }

    /// The request filled in, and the secret values the filling put into it.
    public func render(_ request: RequestSpec) throws(Undefined) -> (request: RequestSpec, secrets: [String]) {
        var secrets: [String] = []
        func fill(_ text: String) throws(Undefined) -> String {
            let rendered: RenderedText = try self.fill(text)
            secrets += rendered.secrets
            return rendered.text
        }
        var filled = request
        filled.url = try fill(request.url)
        filled.headers = try request.headers.map { (header) throws(Undefined) in NamedValue(header.name, try fill(header.value)) }
        switch request.body {
        case .none, .binary: break
        case .text(let text, let contentType): filled.body = .text(try fill(text), contentType: contentType)
        case .json(let text): filled.body = .json(try fill(text))
        case .graphql(let graphql):
            filled.body = .graphql(GraphQLBody(query: try fill(graphql.query), variables: try graphql.variables.map(fill),
                                               operationName: try graphql.operationName.map(fill)))
        case .form(let fields):
            filled.body = .form(try fields.map { (field) throws(Undefined) in NamedValue(field.name, try fill(field.value)) })
        case .multipart(let parts):
            filled.body = .multipart(try parts.map { (part) throws(Undefined) in
                var part = part
                part.content = switch part.content {
                case .text(let value): .text(try fill(value))
                case .file(let path): .file(try fill(path))
                }
                return part
            })
        }
        return (filled, secrets)
    }

    /// `vars` as a scope layer: each value filled (`${env:NAME}` read now, which makes it secret).
    public func values(of vars: [NamedValue]) throws(Undefined) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [:]
        for variable in vars {
            let (filled, secrets) = try render(RequestSpec(url: variable.value))
            values[variable.name] = TemplateValue(filled.url, secret: !secrets.isEmpty)
        }
        return values
    }
}
