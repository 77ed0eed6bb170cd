import Foundation
import Testing
@testable import ClientCore

/// The cookie jar and URI templates, against httpbin.
@Suite struct CookieAndTemplateTests {

    func cookies(_ response: HTTPResponse) throws -> [String: String] {
        let json = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
        return try #require(json["cookies"] as? [String: String])
    }

    @Test func cookiesSetOnARedirectHopAreSentOnTheNextHopAndLater() async throws {
        try await withHttpbin { client in
            let first = try await client.send(HTTPRequest(.get, "cookies/set?a=1&b=two"))
            #expect(first.events.count("redirect.followed") == 1)
            #expect(try cookies(first) == ["a": "1", "b": "two"])
            let later = try await client.send(HTTPRequest(.get, "cookies"))
            #expect(try cookies(later) == ["a": "1", "b": "two"])
            _ = try await client.send(HTTPRequest(.get, "cookies/delete?a"))
            #expect(try cookies(try await client.send(HTTPRequest(.get, "cookies"))) == ["b": "two"])
            #expect(client.cookies.cookies.map(\.name) == ["b"])
        }
    }

    @Test func anExplicitCookieHeaderWinsAndTheJarCanBeOff() async throws {
        try await withHttpbin { client in
            _ = try await client.send(HTTPRequest(.get, "cookies/set?a=1"))
            let explicit = try await client.send(HTTPRequest(.get, "cookies").header("Cookie", "mine=yes"))
            #expect(try cookies(explicit) == ["mine": "yes"])
        }
        try await withHttpbin(configure: { $0.cookies = false }) { client in
            let response = try await client.send(HTTPRequest(.get, "cookies/set?a=1"))
            #expect(try cookies(response).isEmpty)
            #expect(client.cookies.isEmpty)
        }
    }

    @Test func aURITemplateExpandsPathAndQuery() async throws {
        try await withHttpbin { client in
            let request = try HTTPRequest(.get, uriTemplate: "anything/{user}/repos{?page,per_page}{&sort}{#frag}",
                                          variables: ["user": "zoë ü", "page": 2, "per_page": 50, "sort": ["name", "date"], "frag": "x"])
            #expect(request.route == "anything/zo%C3%AB%20%C3%BC/repos?page=2&per_page=50&sort=name,date")
            let response = try await client.send(request)
            let echo = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
            #expect((echo["args"] as? [String: String])?["page"] == "2")
            #expect(response.url?.path == "/anything/zoë ü/repos")
            #expect(response.url?.query == "page=2&per_page=50&sort=name,date")
        }
    }

    @Test func anInvalidTemplateIsNamedWithItsPosition() {
        do {
            _ = try HTTPRequest(.get, uriTemplate: "users/{id", variables: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidURL)
            #expect(error.message.contains("users/{id"))
            #expect(error.message.contains("position"))
        }
    }
}
