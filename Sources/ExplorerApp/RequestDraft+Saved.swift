import Profiles

/// A saved request (`profiles/NAME.requests.yaml`) and the panes' draft are one request in two
/// shapes.
extension RequestDraft {
    public init(_ saved: SavedRequest) {
        let body: Body
        switch saved.body {
        case .none: body = .none
        case .raw(let text): body = .raw(text, contentType: nil)
        case .json(let text): body = .json(text)
        case .form(let fields): body = .form(fields)
        case .multipart(let parts):
            body = .multipart(parts.map { part in
                switch part.value {
                case .text(let value): .text(name: part.name, value: value)
                case .file(let path): .file(name: part.name, path: path)
                }
            })
        }
        self.init(method: saved.method, url: saved.url, headers: saved.headers, body: body)
    }
}

extension SavedRequest {
    public init(name: String, draft: RequestDraft) {
        let body: Body
        switch draft.body {
        case .none: body = .none
        case .raw(let text, _): body = .raw(text)
        case .json(let text): body = .json(text)
        case .form(let fields): body = .form(fields)
        case .multipart(let parts):
            body = .multipart(parts.map { part in
                switch part {
                case .text(let name, let value): Part(name, .text(value))
                case .file(let name, let path): Part(name, .file(path: path))
                }
            })
        }
        self.init(name: name, method: draft.method, url: draft.url, headers: draft.headers, body: body)
    }
}
