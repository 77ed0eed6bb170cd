import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing
import TestSupport

@Suite struct RoutingTests {
    @Test func startsOnAFreePortWithASlashTerminatedBaseURL() async throws {
        try await withDemoServer { server, _ in
            #expect(server.port > 0)
            #expect(server.baseURL == "http://127.0.0.1:\(server.port)/")
        }
    }

    @Test func statusCodesPassThroughWithTheirBody() async throws {
        try await withDemoServer { server, client in
            for code in [200, 201, 404, 418, 500, 503, 599, 999] {
                let response = try await client.fetch(server.baseURL + "status/\(code)")
                #expect(response.status == code)
                #expect(try response.object()["status"] as? Int == code)
                #expect(response.header("Content-Type") == "application/json")
            }
        }
    }

    @Test func noContentAndNotModifiedHaveEmptyBodies() async throws {
        try await withDemoServer { server, client in
            for code in [204, 304] {
                let response = try await client.fetch(server.baseURL + "status/\(code)")
                #expect(response.status == code)
                #expect(response.body.isEmpty)
            }
        }
    }

    @Test func badStatusCodesAreRejected() async throws {
        try await withDemoServer { server, client in
            // 1xx cannot be a final HTTP/1.1 status, so those are refused too.
            for code in ["abc", "42", "1000", "-1", "100", "101", "199"] {
                let response = try await client.fetch(server.baseURL + "status/\(code)")
                #expect(response.status == 400, "\(code)")
            }
        }
    }

    @Test func unknownRoutesAre404WithTheirPath() async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(server.baseURL + "nope/here?x=1")
            #expect(response.status == 404)
            #expect(try response.object()["error"] as? String == "no such route: /nope/here")
        }
    }

    @Test func rootListsTheRoutes() async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(server.baseURL)
            #expect(response.status == 200)
            let routes = try #require(try response.object()["routes"] as? [[String: String]])
            #expect(routes.count == DemoRoutes.summary.count)
        }
        let paths = DemoRoutes.summary.map(\.path).joined(separator: " ")
        for route in ["/status/", "/flaky/", "/retry-after/", "/auth/refresh", "/auth/protected", "/delay/",
                      "/redirect/", "/redirect-to", "/loop", "/drop", "/json/", "/echo", "/bytes/", "/trickle/", "/upload"] {
            #expect(paths.contains(route), "\(route) missing from summary")
        }
    }

    @Test func loopRedirectsToItself() async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(server.baseURL + "loop")
            #expect(response.status == 302)
            #expect(response.header("Location") == "/loop")
        }
    }

    @Test func redirectChainsAreRelativeAndKeepTheQuery() async throws {
        try await withDemoServer { server, client in
            let first = try await client.fetch(server.baseURL + "redirect/2?key=r")
            #expect(first.status == 302)
            #expect(first.header("Location") == "/redirect/1?key=r")
            let last = try await client.fetch(server.baseURL + "redirect/0")
            #expect(last.status == 200)
            #expect(try last.object()["redirected"] as? Bool == true)
        }
        try await withDemoServer(followRedirects: true) { server, client in
            let followed = try await client.fetch(server.baseURL + "redirect/3?key=f")
            #expect(followed.status == 200)
            #expect(await server.requestCount(path: "/redirect", key: "f") == 4)
        }
    }

    @Test func redirectToSendsAnyURLWithTheChosenStatus() async throws {
        try await withDemoServer { server, client in
            let target = "http://example.invalid/landing?a=1"
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try await client.fetch(server.baseURL + "redirect-to?url=\(encoded)&status=307")
            #expect(response.status == 307)
            #expect(response.header("Location") == target)
            let defaulted = try await client.fetch(server.baseURL + "redirect-to?url=/status/200")
            #expect(defaulted.status == 302)
            let missing = try await client.fetch(server.baseURL + "redirect-to")
            #expect(missing.status == 400)
        }
    }

    @Test func headRequestsGetHeadersOnly() async throws {
        try await withDemoServer { server, client in
            let response = try await client.fetch(server.baseURL + "bytes/1234", method: .HEAD)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "1234")
            #expect(response.body.isEmpty)
        }
    }

    @Test func requestCountsAreScopedByKeyFromHeaderOrQuery() async throws {
        try await withDemoServer { server, client in
            _ = try await client.fetch(server.baseURL + "status/200", headers: [("X-Demo-Key", "h")])
            _ = try await client.fetch(server.baseURL + "status/201?key=q")
            _ = try await client.fetch(server.baseURL + "status/202?key=q")
            // The header wins over the query.
            _ = try await client.fetch(server.baseURL + "status/203?key=q", headers: [("X-Demo-Key", "h")])
            _ = try await client.fetch(server.baseURL + "status/204")
            #expect(await server.requestCount(path: "/status", key: "h") == 2)
            #expect(await server.requestCount(path: "/status", key: "q") == 2)
            #expect(await server.requestCount(path: "/status/201", key: "q") == 1)
            #expect(await server.requestCount(path: "/status", key: "default") == 1)
            #expect(await server.requestCount(path: "/stat", key: "q") == 0)
        }
    }

    @Test func shutdownStopsListeningAndPortsInUseFailToStart() async throws {
        let server = try await DemoServer.start()
        await #expect(throws: (any Error).self) {
            let clash = try await DemoServer.start(port: server.port)
            await clash.shutdown()
        }
        let url = server.baseURL + "status/200"
        await server.shutdown()
        // AHC keeps retrying a refused connect until its connect timeout, so keep that short.
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: .init(timeout: .init(connect: .milliseconds(300)))
        )
        await #expect(throws: (any Error).self) { _ = try await client.fetch(url) }
        try await client.shutdown()
    }

    @Test func shutdownDoesNotWaitForSlowResponses() async throws {
        let server = try await DemoServer.start()
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let slow = Task { try await client.fetch(server.baseURL + "trickle/\(Int(TestTime.scaled(100)))?interval_ms=100") }
        try await Task.sleep(for: .milliseconds(300))
        let clock = ContinuousClock()
        let start = clock.now
        await server.shutdown()
        // The trickle would take 10 s (scaled, as the bound is); shutdown cuts it after a short grace.
        #expect(clock.now - start < TestTime.scaled(.seconds(5)))
        await #expect(throws: (any Error).self) { _ = try await slow.value }
        try await client.shutdown()
    }
}
