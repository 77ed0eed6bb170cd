import ClientCore
import ExplorerApp
import Foundation
import CurlSyntax

extension RequestDraft {
    /// The panes' request in ClientCore's terms.
    func httpRequest() throws(HTTPError) -> HTTPRequest { try request().httpRequest() }

    /// The body in curl's terms, for "copy as curl".
    var curlBody: CurlExporter.Body { CurlExporter.Body(body) }
}
