import RequestModel

/// A Postman request's `url`: a string (v2.0 allows it), or an object whose structured parts
/// (`protocol`, `host`, `port`, `path`, `query`) win over `raw` where they disagree, as newman
/// sends them; disabled query items left out. Path variables (`:id`) become `{{id}}`, with the
/// values the collection gives them as request vars.
struct PostmanURL: Equatable {
    var text: String
    var pathVariables: [NamedValue] = []

    init(_ node: JSONNode?) {
        guard let node else {
            text = ""
            return
        }
        if let raw = PostmanJSON.text(node) {
            text = Self.withScheme(Self.pathVariables(in: raw))
            return
        }
        let raw = PostmanJSON.text(node["raw"]) ?? ""
        let host = Self.joined(node["host"], separator: ".")
        let path = Self.joined(node["path"], separator: "/")
        var url: String
        if host == nil && path == nil {
            url = raw.split(separator: "?", maxSplits: 1).first.map(String.init) ?? raw
        } else {
            url = ""
            if let scheme = PostmanJSON.text(node["protocol"]), !scheme.isEmpty { url = scheme + "://" }
            url += host ?? ""
            if let port = PostmanJSON.text(node["port"]), !port.isEmpty { url += ":" + port }
            if let path { url += "/" + path }
        }
        url = Self.withScheme(Self.pathVariables(in: url))
        let items: [(String, String)]
        if node["query"] != nil {
            items = PostmanJSON.array(node["query"]).compactMap { item in
                guard !PostmanJSON.isTrue(item["disabled"]), let key = PostmanJSON.text(item["key"]) else { return nil }
                return (key, PostmanJSON.text(item["value"]) ?? "")
            }
        } else {
            items = ExportURL.split(raw).1
        }
        text = Self.appending(items, to: url)
        pathVariables = PostmanJSON.array(node["variable"]).compactMap { variable in
            guard let key = PostmanJSON.text(variable["key"]), !PostmanJSON.isTrue(variable["disabled"]) else { return nil }
            return NamedValue(key, PostmanJSON.valueText(variable["value"]))
        }
    }

    /// `host` or `path` as an array of segments (strings, or `{value}` objects) or one string.
    private static func joined(_ node: JSONNode?, separator: String) -> String? {
        guard let node else { return nil }
        if let text = PostmanJSON.text(node) { return text.hasPrefix(separator) ? String(text.dropFirst()) : text }
        guard case .array(let items) = node else { return nil }
        return items.map { PostmanJSON.text($0) ?? PostmanJSON.text($0["value"]) ?? "" }.joined(separator: separator)
    }

    /// `url?a=1&b=2` (`&` when the URL has a query already).
    static func appending(_ items: [(String, String)], to url: String) -> String {
        guard !items.isEmpty else { return url }
        let query = items.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return url + (url.contains("?") ? "&" : "?") + query
    }

    /// `/users/:id` → `/users/{{id}}`: Postman's path variables as the variables explorer fills.
    static func pathVariables(in url: String) -> String {
        url.replacing(/(^|\/):([A-Za-z_][A-Za-z0-9_]*)(?=\/|\?|#|$)/) { match in "\(match.1){{\(match.2)}}" }
    }

    /// A URL written without a scheme (`httpbin.org/get`) is sent over http, as Postman and newman do.
    static func withScheme(_ url: String) -> String {
        if url.isEmpty || ExportURL.isAbsolute(url) { return url }
        return "http://" + url.drop { $0 == "/" }
    }
}
