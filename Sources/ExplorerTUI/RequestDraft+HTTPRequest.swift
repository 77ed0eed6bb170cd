import ClientCore
import ExplorerApp
import Foundation

extension RequestDraft {
    /// The panes' request in ClientCore's terms. Multipart files are checked here, so a missing
    /// one is named before anything is sent.
    func httpRequest() throws(HTTPError) -> HTTPRequest {
        var request = HTTPRequest(HTTPMethod(method), url)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        switch body {
        case .none: return request
        case .raw(let text, let contentType): return request.body(text, contentType: contentType ?? "text/plain; charset=utf-8")
        case .json(let text): return request.body(text, contentType: "application/json")
        case .form(let fields): return request.formURLEncoded(fields.map { QueryEntry($0.name, .string($0.value)) })
        case .multipart(let parts): return try request.multipart(parts: parts)
        }
    }

    /// The body in curl's terms, for "copy as curl".
    var curlBody: CurlExporter.Body {
        switch body {
        case .none: .none
        case .raw(let text, _), .json(let text): .text(text)
        case .form(let fields): .urlencodedForm(fields.map { ($0.name, $0.value) })
        case .multipart(let parts):
            .multipart(parts.map { part in
                switch part {
                case .text(let name, let value): CurlFormPart(name: name, content: .text(value))
                case .file(let name, let path): CurlFormPart(name: name, content: .file(path))
                }
            })
        }
    }
}
