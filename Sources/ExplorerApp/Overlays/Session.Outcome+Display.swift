import Foundation
import SessionFormat

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
