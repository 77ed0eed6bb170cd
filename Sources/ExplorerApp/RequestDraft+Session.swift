import Foundation
import Sessions

/// A draft and a session's request are the same request in two shapes: the recorder stores the
/// draft as sent; a session or history exchange loads back into the panes.
extension RequestDraft {
    /// The recorded request, in the panes' terms. A redacted secret (`•••`) is left out, as a
    /// re-send leaves it out: the profile supplies credentials now.
    public init(_ request: Session.Request) {
        let headers = request.headers.filter { $0.value != SessionFormat.mask }
        let body: Body
        switch request.body {
        case .none: body = .none
        case .text(let text, let contentType): body = .raw(text, contentType: contentType)
        case .json(let node): body = .json(node.prettyText())
        case .binary(let data, let contentType): body = .raw(String(decoding: data, as: UTF8.self), contentType: contentType)
        case .form(let fields): body = .form(fields)
        case .multipart(let parts): body = .multipart(parts)
        }
        self.init(method: request.method, url: request.url, headers: headers, body: body)
    }
}

extension Session.Request {
    /// The draft as a session records it (the recorder makes the URL relative and masks secrets).
    public init(_ draft: RequestDraft) {
        let body: Session.RequestBody
        switch draft.body {
        case .none: body = .none
        case .raw(let text, let contentType): body = .text(text, contentType: contentType)
        case .json(let text): body = .json(text: text)
        case .form(let fields): body = .form(fields)
        case .multipart(let parts): body = .multipart(parts)
        }
        self.init(method: draft.method, url: draft.url, headers: draft.headers, body: body)
    }
}

extension Session.Outcome {
    /// What the Response pane shows for a recording: the summary, and the body when it was
    /// kept (inline text or JSON); nil body with the reason when it was kept by hash only.
    public var display: (summary: ResponseSummary?, body: Data?, note: String?) {
        let contentType = header("Content-Type")
        var data: Data?
        var note: String?
        var bytes = 0
        switch body {
        case .empty: data = Data()
        case .text(let text): data = Data(text.utf8)
        case .json(let node): data = Data(node.prettyText().utf8)
        case .digest(let hash, let size, _):
            note = "recorded body not kept: \(size) bytes, sha256 \(hash.prefix(12))…"
            bytes = size
        }
        guard let status else { return (nil, nil, error.map { "recorded failure: \($0.message)" } ?? "nothing recorded") }
        let summary = ResponseSummary(status: status, httpVersion: httpVersion ?? "", elapsedMs: elapsedMs ?? 0,
                                      bytes: data?.count ?? bytes, contentType: contentType,
                                      headers: headers.map { ResponseSummary.Header($0.name, $0.value) })
        return (summary, data, note)
    }
}
