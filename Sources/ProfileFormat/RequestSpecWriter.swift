import Foundation
import RequestModel

/// A request as YAML, the form `RequestSpecReader` reads, for a saved-requests file and a
/// session alike. Every text a user typed is double-quoted (JSON escapes are YAML escapes), so
/// nothing typed can change the file's structure.
public enum RequestSpecWriter {
    /// The request's keys, one per line (a nested line indented by two spaces); the caller
    /// indents them under the list item or key they belong to.
    public static func lines(_ request: RequestSpec) -> [String] {
        var lines: [String] = []
        if let name = request.name { lines.append("name: \(q(name))") }
        lines.append("method: \(q(request.method))")
        lines.append("url: \(q(request.url))")
        if !request.headers.isEmpty { lines.append("headers: \(list(request.headers.map { q("\($0.name): \($0.value)") }))") }
        if case .json(let text) = request.body, let node = JSONNode.parse(text), node.prettyText() == text, node.longestKey < 1000 {
            // JSON as the panes show it is written as the YAML it reads as (a session of older builds has it so).
            lines += ["body:"] + ("  json: " + node.prettyText(indent: "    ")).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else if let body = body(request.body) {
            lines.append("body: { \(body) }")
        }
        if !request.vars.isEmpty { lines.append("vars: { \(request.vars.map { "\(q($0.name)): \(q($0.value))" }.joined(separator: ", ")) }") }
        if !request.captures.isEmpty {
            lines.append("capture:")
            lines += request.captures.map { "  \(q($0.name)): \(capture($0))" }
        }
        if !request.asserts.isEmpty {
            lines.append("assert:")
            lines += request.asserts.map { "  - \(assert($0))" }
        }
        if let poll = request.poll {
            lines.append("poll: { until: \(list(poll.until.map(assert))), every: \(poll.every), max: \(poll.max) }")
        }
        if let group = request.group { lines.append("group: \(q(group))") }
        if let description = request.description { lines.append("description: \(q(description))") }
        if request.webSocket { lines.append("websocket: true") }
        if !request.parameters.isEmpty {
            lines.append("parameters:")
            lines += request.parameters.map { "  - \(parameter($0))" }
        }
        return lines
    }

    static func body(_ body: RequestSpec.Body) -> String? {
        func typed(_ contentType: String?) -> String { contentType.map { ", contentType: \(q($0))" } ?? "" }
        switch body {
        case .none: return nil
        case .text(let text, let contentType): return "text: \(q(text))" + typed(contentType)
        case .json(let text): return "json: \(q(text))"
        case .form(let fields):
            return "form: " + list(fields.map { splits($0.name) ? "{ name: \(q($0.name)), value: \(q($0.value)) }" : q("\($0.name)=\($0.value)") })
        case .binary(let data, let contentType): return "base64: \(q(data.base64EncodedString()))" + typed(contentType)
        case .graphql(let graphql):
            var fields = ["query: \(q(graphql.query))"]
            if let variables = graphql.variables { fields.append("variables: \(q(variables))") }
            if let name = graphql.operationName { fields.append("operationName: \(q(name))") }
            return "graphql: { \(fields.joined(separator: ", ")) }"
        case .multipart(let parts):
            return "multipart: " + list(parts.map { part in
                switch part.content {
                // A text that starts with @ would read back as a file: it goes as a mapping, as do a file name and a type.
                case .text(let value) where splits(part.name) || value.first == "@" || !part.isPlain: mapping(part, "text: \(q(value))")
                case .text(let value): q("\(part.name)=\(value)")
                case .file(let path) where splits(part.name) || !part.isPlain: mapping(part, "file: \(q(path))")
                case .file(let path): q("\(part.name)=@\(path)")
                }
            })
        }
    }

    /// `{ name: …, text|file: …, filename: …, contentType: … }`.
    static func mapping(_ part: MultipartPart, _ content: String) -> String {
        var fields = ["name: \(q(part.name))", content]
        if let filename = part.filename { fields.append("filename: \(q(filename))") }
        if let type = part.contentType { fields.append("contentType: \(q(type))") }
        return "{ \(fields.joined(separator: ", ")) }"
    }

    /// A name that `"name=value"` would not read back as itself.
    static func splits(_ name: String) -> Bool { name.isEmpty || name.contains("=") }

    static func capture(_ capture: RequestSpec.Capture) -> String {
        var fields: [String]
        switch capture.source {
        case .json(let path): fields = ["json: \(q(path.text))"]
        case .header(let name): fields = ["header: \(q(name))"]
        case .cookie(let name): fields = ["cookie: \(q(name))"]
        case .body: fields = ["body: true"]
        case .status: fields = ["status: true"]
        }
        if let regex = capture.regex { fields.append("regex: \(q(regex))") }
        if capture.secret { fields.append("secret: true") }
        return "{ \(fields.joined(separator: ", ")) }"
    }

    /// `{ json: "$.id", equals: 2 }`; a subject that names nothing takes its predicate as a mapping.
    static func assert(_ assert: RequestSpec.Assert) -> String {
        let predicate = "\(assert.predicate.name): \(assert.predicate.expected?.spacedLine ?? "true")"
        guard let argument = assert.subject.argument else { return "{ \(assert.subject.key): { \(predicate) } }" }
        return "{ \(assert.subject.key): \(q(argument)), \(predicate) }"
    }

    static func parameter(_ parameter: RequestSpec.Parameter) -> String {
        var fields = ["name: \(q(parameter.name))", "in: \(parameter.location.rawValue)"]
        if parameter.required { fields.append("required: true") }
        if let description = parameter.description { fields.append("description: \(q(description))") }
        if !parameter.values.isEmpty { fields.append("enum: \(list(parameter.values.map(q)))") }
        return "{ \(fields.joined(separator: ", ")) }"
    }

    static func list(_ items: [String]) -> String { "[\(items.joined(separator: ", "))]" }

    static func q(_ text: String) -> String { QuotedText.quote(text) }
}

extension JSONNode {
    /// The length of the longest object key anywhere in the value (YAML limits implicit keys to 1024 characters).
    public var longestKey: Int {
        switch self {
        case .object(let members): members.map { max($0.key.utf8.count, $0.value.longestKey) }.max() ?? 0
        case .array(let items): items.map(\.longestKey).max() ?? 0
        default: 0
        }
    }
}
