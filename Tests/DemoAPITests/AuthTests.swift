import AsyncHTTPClient
import DemoAPI
import Testing

@Suite struct AuthTests {
    @Test func tokensRotateAndOnlyTheLatestIsValid() async throws {
        try await withDemoServer { server, client in
            let protected = server.baseURL + "auth/protected?key=a"
            let missing = try await client.fetch(protected)
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate") == "Bearer")
            #expect(try missing.object()["error"] as? String == "token expired or missing")

            let first = try await client.fetch(server.baseURL + "auth/refresh?key=a", method: .POST)
            #expect(first.status == 200)
            #expect(try first.object()["token"] as? String == "tok-a-1")

            let allowed = try await client.fetch(protected, headers: [("Authorization", "Bearer tok-a-1")])
            #expect(allowed.status == 200)
            #expect(try allowed.object()["ok"] as? Bool == true)
            #expect(try allowed.object()["token"] as? String == "tok-a-1")

            let second = try await client.fetch(server.baseURL + "auth/refresh?key=a", method: .GET)
            #expect(try second.object()["token"] as? String == "tok-a-2")
            #expect(try await client.fetch(protected, headers: [("Authorization", "Bearer tok-a-1")]).status == 401)
            #expect(try await client.fetch(protected, headers: [("Authorization", "bearer tok-a-2")]).status == 200)
            #expect(await server.refreshCount(key: "a") == 2)
            #expect(await server.refreshCount(key: "someone-else") == 0)
        }
    }

    @Test func failedRefreshesIssueNothingAndAreNotCounted() async throws {
        try await withDemoServer { server, client in
            let failed = try await client.fetch(server.baseURL + "auth/refresh?key=f&fail=1", method: .POST)
            #expect(failed.status == 500)
            #expect(try failed.object()["error"] as? String == "refresh failed")
            #expect(await server.refreshCount(key: "f") == 0)
            let wrongMethod = try await client.fetch(server.baseURL + "auth/refresh?key=f", method: .PUT)
            #expect(wrongMethod.status == 405)
        }
    }

    @Test func delayedRefreshesPileUpAndEachOneCounts() async throws {
        try await withDemoServer { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let url = server.baseURL + "auth/refresh?delay_ms=4000"
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await client.fetch(url, method: .POST, headers: [("X-Demo-Key", "p")]).status }
                }
                for try await status in group { #expect(status == 200) }
            }
            // Concurrent, not serialised: three 4 s refreshes in a row would take 12 s (the margin
            // is for a machine running every test at once).
            let elapsed = clock.now - start
            #expect(elapsed >= .milliseconds(4_000) && elapsed < .milliseconds(10_000), "\(elapsed)")
            #expect(await server.refreshCount(key: "p") == 3)
        }
    }
}
