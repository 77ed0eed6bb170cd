import ClientCore
import ExplorerApp
import Foundation
import CurlSyntax

extension RequestDraft {
    /// The panes' request in ClientCore's terms.
    func httpRequest() throws(HTTPError) -> HTTPRequest { try request().httpRequest() }

    /// The body in curl's terms, for "copy as curl".
    var curlBody: CurlExporter.Body {
        switch body {
        case .none: .none
        case .text(let text, _), .json(let text): .text(text)
        case .binary(let data, _): .text(String(decoding: data, as: UTF8.self))
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
