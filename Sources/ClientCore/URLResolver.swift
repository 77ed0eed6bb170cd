import Foundation

/// Joins routes to a base URL and appends query items, as SPEC §2 and the seeds describe.
enum URLResolver {
    /// An absolute URL is used as it is; anything else is appended to the base URL's
    /// path with exactly one `/` between them (`/refresh` on `http://h/api/` is `http://h/api/refresh`).
    static func resolve(_ route: String, against base: URL?) throws(HTTPError) -> URL {
        let trimmed = route.first == " " || route.last == " " ? route.trimmingCharacters(in: .whitespaces) : route
        if let problem = problem(in: trimmed) {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): \(problem)")
        }
        if trimmed.contains(":"), let url = absoluteURL(trimmed) { return url }
        if trimmed.contains("://") {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): only http and https URLs with a host are supported")
        }
        guard let base else {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription): not absolute, and there is no base URL to join it to")
        }
        var joined = base.absoluteString
        if let cut = joined.firstIndex(where: { $0 == "?" || $0 == "#" }) { joined = String(joined[..<cut]) }
        while joined.hasSuffix("/") { joined.removeLast() }
        let tail = trimmed.drop { $0 == "/" }
        let candidate = tail.isEmpty ? joined + "/" : joined + "/" + tail
        guard let url = absoluteURL(candidate) else {
            throw HTTPError(.invalidURL, "invalid URL \(route.debugDescription) on base \(base.absoluteString)")
        }
        return url
    }

    /// Parses an http(s) URL with a host, or returns nil.
    static func absoluteURL(_ text: String) -> URL? {
        guard problem(in: text) == nil, let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.port.map({ (0...65_535).contains($0) }) ?? true,
              let url = components.url
        else { return nil }
        return url
    }

    /// What makes `text` unusable as a URL before any parsing: spaces and control characters
    /// (curl refuses them too), or a port out of range.
    static func problem(in text: String) -> String? {
        if text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return "it contains a space or a control character (percent-encode it)"
        }
        if let port = URLComponents(string: text)?.port, !(0...65_535).contains(port) {
            return "port \(port) is not between 0 and 65535"
        }
        return nil
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
