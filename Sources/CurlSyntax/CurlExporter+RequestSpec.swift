import RequestModel

extension CurlExporter.Body {
    /// A request's body as curl sends it: text and JSON exactly, bytes piped, a form urlencoded,
    /// multipart as `-F` parts (files by path).
    public init(_ body: RequestSpec.Body) {
        switch body {
        case .none: self = .none
        case .text(let text, _), .json(let text): self = .text(text)
        case .graphql(let graphql): self = .text(graphql.jsonText)
        case .binary(let data, _): self = .bytes(data)
        case .form(let fields): self = .urlencodedForm(fields.map { ($0.name, $0.value) })
        case .multipart(let parts):
            self = .multipart(parts.map { part in
                let content: CurlFormPart.Content = switch part.content {
                case .text(let value): .text(value)
                case .file(let path): .file(path)
                }
                return CurlFormPart(name: part.name, content: content, contentType: part.contentType, filename: part.filename)
            })
        }
    }
}
