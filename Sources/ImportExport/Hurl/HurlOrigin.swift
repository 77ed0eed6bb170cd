/// The base URL a Hurl file's entries share: when every URL that does not start with a
/// `{{template}}` has one origin (`scheme://host:port`, user info included), that origin is the
/// profile's base URL and those URLs are written relative to it.
enum HurlOrigin {
    static func origin(of url: String) -> String? {
        guard !url.hasPrefix("{{"), let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        let authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("{{") else { return nil }
        return String(url[..<separator.upperBound]) + authority
    }

    /// The one origin of `urls` (those starting with `{{` aside), or nil when they have several or none.
    static func common(_ urls: [String]) -> String? {
        let origins = urls.filter { !$0.hasPrefix("{{") }.map(origin)
        guard let first = origins.first, let origin = first, origins.allSatisfy({ $0 == origin }) else { return nil }
        return origin
    }

    /// `url` relative to `origin` (`http://h:8000/jobs` is `jobs`); a URL of another origin as written.
    static func relative(_ url: String, to origin: String) -> String {
        guard self.origin(of: url) == origin else { return url }
        let rest = url.dropFirst(origin.count)
        return String(rest.hasPrefix("/") ? rest.dropFirst() : rest)
    }
}
