import Foundation
import Testing
@testable import ClientCore

/// Against httpbin, a server nobody here wrote (TestSupport's `Httpbin` finds or starts it).
@Suite struct HttpbinInteropTests {

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
    }

    @Test(arguments: ["GET", "POST", "PUT", "PATCH", "DELETE"])
    func methodsAndBodies(_ method: String) async throws {
        try await withHttpbin { client in
            var request = HTTPRequest(HTTPMethod(method), "anything/path")
            request.query = [QueryItem("a", "1"), QueryItem("a", "2 3")]
            if method != "GET" { request.body = .data(Data("raw body ✓".utf8), contentType: "text/plain") }
            let echo = try json(try await client.send(request))
            #expect(echo["method"] as? String == method)
            #expect(echo["args"] as? [String: [String]] == ["a": ["1", "2 3"]])
            if method != "GET" { #expect(echo["data"] as? String == "raw body ✓") }
        }
    }

    @Test func headersArriveAsSent() async throws {
        try await withHttpbin { client in
            client.headers = ["X-Common": "c", "User-Agent": "explorer-test"]
            let echo = try json(try await client.send(HTTPRequest(.get, "headers").header("X-Custom-Thing", "v 1")))
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["X-Custom-Thing"] == "v 1")
            #expect(headers["X-Common"] == "c")
            #expect(headers["User-Agent"] == "explorer-test")
        }
    }

    @Test(arguments: [200, 204, 418, 500])
    func statusCodes(_ status: Int) async throws {
        try await withHttpbin { client in
            if (200..<300).contains(status) {
                let response = try await client.send(HTTPRequest(.get, "status/\(status)"))
                #expect(response.status == status)
            } else {
                let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/\(status)")) }
                #expect(error?.status == status)
            }
        }
    }

    @Test func retriesAgainstA503() async throws {
        try await withHttpbin { client in
            client.maxRetries = 2
            client.validators = [HTTPDefaultValidator(strategy: .immediate)]
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/503")) }
            #expect(error?.kind == .retriesExhausted && error?.attempts.count == 3)
        }
    }

    @Test func redirectsRelativeAndAbsolute() async throws {
        try await withHttpbin { client in
            let relative = try await client.send(HTTPRequest(.get, "redirect/3"))
            #expect(relative.status == 200 && relative.events.count("redirect.followed") == 3)
            let absolute = try await client.send(HTTPRequest(.get, "absolute-redirect/2"))
            #expect(absolute.status == 200 && absolute.events.count("redirect.followed") == 2)
            let posted = try await client.send(HTTPRequest(.post, "redirect-to?url=/get&status_code=302").body(Data("x".utf8)))
            #expect(posted.attempts.first?.redirects.count == 1)
            #expect(try json(posted)["url"] as? String != nil)
        }
    }

    @Test func delays() async throws {
        try await withHttpbin { client in
            let response = try await client.send(HTTPRequest(.get, "delay/1"))
            #expect(response.status == 200)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "delay/3").timeout(0.5)) }
            #expect(error?.attempts.first?.transportFailure?.kind == .timeout)
        }
    }
}
