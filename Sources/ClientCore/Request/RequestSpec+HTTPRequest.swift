import Foundation
import RequestModel

extension RequestSpec {
    /// The request in ClientCore's terms, to send it. Multipart files are checked here, so a
    /// missing one is named before anything is sent.
    public func httpRequest() throws(HTTPError) -> HTTPRequest {
        var request = HTTPRequest(HTTPMethod(method), url)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        switch body {
        case .none: return request
        case .text(let text, let contentType): return request.body(text, contentType: contentType ?? "text/plain; charset=utf-8")
        case .json(let text): return request.body(text, contentType: "application/json")
        case .binary(let data, let contentType): return request.body(data, contentType: contentType ?? "application/octet-stream")
        case .form(let fields): return request.formURLEncoded(fields.map { QueryEntry($0.name, .string($0.value)) })
        case .multipart(let parts): return try request.multipart(parts: parts)
        case .graphql(let graphql):
            let json: JSONNode
            do throws(JSONProblem) {
                json = try graphql.json()
            } catch {
                throw HTTPError(.invalidBody, "GraphQL variables \(error.line):\(error.column): \(error.message)")
            }
            if !request.headers.contains("Accept") { request.headers["Accept"] = GraphQLBody.accept }
            request.expectsGraphQL = true
            return request.body(json.compactText, contentType: "application/json")
        }
    }
}
