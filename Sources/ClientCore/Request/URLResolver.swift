import Foundation
import Locking
import RequestModel

/// Joins routes to a base URL and appends query items, as SPEC §2 and the seeds describe.
enum URLResolver {
    /// An absolute URL is used as it is; anything else is appended to the base URL's
    /// path with exactly one `/` between them (`/refresh` on `http://h/api/` is `http://h/api/refresh`).
    static func resolve(_ route: String, against base: URL?) throws(HTTPError) -> URL {
        let trimmed = route.first == " " || route.last == " " ? route.trimmingCharacters(in: .whitespaces) : route
        if let problem = problem(in: trimmed) {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): \(problem)")
        }
        if trimmed.contains("://") || trimmed.lowercased().hasPrefix("http:") || trimmed.lowercased().hasPrefix("https:") {
            guard let url = absoluteURL(trimmed) else {
                throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): \(portProblem(in: trimmed) ?? "only http(s) and ws(s) URLs with a host are supported")")
            }
            return url
        }
        guard let base else {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): not absolute, and there is no base URL to join it to")
        }
        // The base was checked when the client was made and the route has no spaces or
        // controls, so one parse is enough here (this runs for every attempt).
        guard let url = URL(string: URLJoin.join(trimmed, toBase: base.absoluteString)), url.host != nil else {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription) on base \(base.absoluteString)")
        }
        return url
    }

    /// Parses an http(s) or ws(s) URL with a host and a valid port, or returns nil.
    static func absoluteURL(_ text: String) -> URL? {
        guard problem(in: text) == nil, let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), ["http", "https", "ws", "wss"].contains(scheme),
              let host = components.host, !host.isEmpty,
              components.port.map({ (0...65_535).contains($0) }) ?? true,
              let url = components.url
        else { return nil }
        return url
    }

    /// Spaces and control characters make a URL unusable (curl refuses them too).
    static func problem(in text: String) -> String? {
        text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
            ? "it contains a space or a control character (percent-encode it)" : nil
    }

    private static func portProblem(in text: String) -> String? {
        guard let port = URLComponents(string: text)?.port, !(0...65_535).contains(port) else { return nil }
        return "port \(port) is not between 0 and 65535"
    }

    static func appending(_ items: [QueryItem], to url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let encoded = items.map { item in
            PercentEncoding.encodeQueryComponent(item.name)
                + (item.value.map { "=" + PercentEncoding.encodeQueryComponent($0) } ?? "")
        }.joined(separator: "&")
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + encoded
        return components.url ?? url
    }
}

/// RFC 3986 percent-encoding: everything but the unreserved characters.
public enum PercentEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    public static func encodeQueryComponent(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

/// Resolved routes of one client. Parsing a URL costs more than the rest of preparing a
/// request, and a client sends the same few routes again and again.
final class RouteCache: Sendable {
    /// A route's URL, and whether it is on the base URL's origin (where the client's
    /// credentials may go; always true without a base URL).
    struct Route: Sendable {
        let url: URL
        let atBaseOrigin: Bool
    }

    private let base: URL?
    private let baseOrigin: String?
    private let entries = Locked<[String: Route]>([:])
    private let limit = 256

    init(base: URL?) {
        self.base = base
        self.baseOrigin = base?.origin
    }

    func resolve(_ route: String) throws(HTTPError) -> Route {
        if let resolved = entries.withLock({ $0[route] }) { return resolved }
        let url = try URLResolver.resolve(route, against: base)
        let resolved = Route(url: url, atBaseOrigin: baseOrigin.map { url.origin == $0 } ?? true)
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[route] = resolved
        }
        return resolved
    }
}

extension PercentEncoding {
    /// `application/x-www-form-urlencoded`: as a query component, with spaces as `+`.
    public static func encodeFormComponent(_ text: String) -> String {
        encodeQueryComponent(text).replacingOccurrences(of: "%20", with: "+")
    }
}
