import ClientCore
import Foundation

extension Session.Request {
    /// The request in ClientCore's terms, to send it again. A header that was redacted (`•••`) is
    /// left out: the profile supplies credentials now. Multipart files are read when sent.
    public func httpRequest() throws(HTTPError) -> HTTPRequest {
        var request = HTTPRequest(HTTPMethod(method), url)
        for header in headers where header.value != SessionFormat.mask {
            request.headers.add(name: header.name, value: header.value)
        }
        switch body {
        case .none: return request
        case .text(let text, let contentType): return request.body(text, contentType: contentType ?? "text/plain; charset=utf-8")
        case .json(let node): return request.body(Data(node.prettyText().utf8), contentType: "application/json")
        case .binary(let data, let contentType): return request.body(data, contentType: contentType ?? "application/octet-stream")
        case .form(let fields): return request.formURLEncoded(fields.map { QueryEntry($0.name, .string($0.value)) })
        case .multipart(let parts): return try request.multipart(parts: parts)
        }
    }

    /// `GET users/2`: how a list line or a report names the request (`/` for the base URL itself).
    public var summary: String { "\(method) \(url.isEmpty ? "/" : url)" }
}
