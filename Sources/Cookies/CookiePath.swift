import Foundation

/// Request paths, the default-path and path matching (RFC 6265 §5.1.4). Paths stay percent-encoded,
/// as sent on the wire, so `Path=/a%20b` matches the request path browsers would compare it to.
enum CookiePath {
    /// The path a cookie is matched against; "/" for a URL without one.
    static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.hasPrefix("/") ? path : "/"
    }

    /// The directory of the request path: a cookie set by /docs/page applies to /docs.
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard let lastSlash = path.utf8.lastIndex(of: UInt8(ascii: "/")), lastSlash != path.utf8.startIndex else { return "/" }
        return String(path[..<lastSlash])
    }

    /// Identical, or a prefix ending at a "/" boundary: /docs matches /docs/x but not /docsx.
    static func matches(requestPath: String, cookiePath: String) -> Bool {
        let request = requestPath.utf8, cookie = cookiePath.utf8
        guard request.starts(with: cookie) else { return false }
        if request.count == cookie.count || cookie.last == UInt8(ascii: "/") { return true }
        return request[request.index(request.startIndex, offsetBy: cookie.count)] == UInt8(ascii: "/")
    }
}
