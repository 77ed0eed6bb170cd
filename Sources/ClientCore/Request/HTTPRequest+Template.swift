import Foundation

extension HTTPRequest {
    /// A request whose route is an RFC 6570 URI template expanded with `variables`
    /// (strings, numbers, bools, arrays, ordered pairs or dictionaries; nil or NSNull is undefined).
    /// Query operators (`{?x,y}`, `{&z}`) expand into the query, never into the path.
    /// - Throws: `invalidURL` naming the template and the position of the fault.
    public init(_ method: HTTPMethod = .get, uriTemplate template: String, variables: [String: Any]) throws(HTTPError) {
        let parsed: URITemplate
        let parts: URITemplate.Parts
        do {
            parsed = try URITemplate(template)
            parts = try parsed.expandParts(variables.compactMapValues(URITemplate.Value.init(any:)))
        } catch {
            throw HTTPError(.invalidURL, "invalid URI template \(template.debugDescription): \(error)", underlying: error)
        }
        self.init(method, parts.path + (parts.query.map { "?" + $0 } ?? ""))
    }
}
