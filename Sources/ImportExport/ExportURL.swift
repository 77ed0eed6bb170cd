import RequestModel
import URITemplates

/// A saved request's URL as other clients write it (SPEC §9): a relative URL under the variable
/// `{{baseUrl}}`, RFC 6570 path expressions as `{{name}}`, template query parameters as
/// `name={{name}}` items, `{{vars}}` and literal query items kept as written.
public struct ExportURL: Sendable, Equatable {
    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String
        /// A template parameter the description does not require: Postman gets it disabled.
        public var optional: Bool
    }

    /// Scheme, host and path, without the query: `{{baseUrl}}/pets/{{petId}}`.
    public var base: String
    public var query: [QueryItem]

    /// `base?name=value&…`.
    public var text: String {
        query.isEmpty ? base : base + "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    public init(_ request: RequestSpec) {
        var url = Self.placeholders(in: request.url)
        if !Self.isAbsolute(url) { url = "{{baseUrl}}/" + url.drop { $0 == "/" } }
        let (base, query) = Self.split(url)
        self.base = base
        let required = Set(request.parameters.filter(\.required).map(\.name))
        let templated = Set(request.parameters.filter { $0.location == .query }.map(\.name))
        self.query = query.map { name, value in
            QueryItem(name: name, value: value, optional: templated.contains(name) && value == "{{\(name)}}" && !required.contains(name))
        }
    }

    /// `http://…`, `https://…` or a URL that starts with a variable (`{{host}}/x`).
    static func isAbsolute(_ url: String) -> Bool {
        url.hasPrefix("{{") || url.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil
    }

    /// Every RFC 6570 expression expanded to `{{name}}`; a URL with `{{` already, or that is no
    /// template, is kept as written.
    static func placeholders(in url: String) -> String {
        guard !url.contains("{{"), url.contains("{"), let template = try? URITemplate(url) else { return url }
        // Each variable expands to a marker no URL holds, then the marker becomes `{{name}}`.
        let names = template.variableNames
        let markers = names.enumerated().map { "EXPLORERVARIABLE\($0.offset)X" }
        guard var text = try? template.expand(Dictionary(uniqueKeysWithValues: zip(names, markers.map { URITemplate.Value.string($0) }))) else {
            return url
        }
        for (name, marker) in zip(names, markers) { text = text.replacingOccurrences(of: marker, with: "{{\(name)}}") }
        return text
    }

    /// The URL before `?`, and its query items in order (`a=1&b` gives `b` an empty value).
    static func split(_ url: String) -> (String, [(String, String)]) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, []) }
        let items = withoutFragment[withoutFragment.index(after: mark)...].split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
        }
        return (String(withoutFragment[..<mark]), items)
    }
}
