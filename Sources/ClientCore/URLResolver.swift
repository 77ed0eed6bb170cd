import Foundation

/// Joins routes to a base URL and appends query items, as SPEC §2 and the seeds describe.
enum URLResolver {
    /// An absolute URL is used as it is; anything else is appended to the base URL's
    /// path with exactly one `/` between them (`/refresh` on `http://h/api/` is `http://h/api/refresh`).
    static func resolve(_ route: String, against base: URL?) throws(HTTPError) -> URL {
        let trimmed = route.first == " " || route.last == " " ? route.trimmingCharacters(in: .whitespaces) : route
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
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              let url = components.url
        else { return nil }
        return url
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
