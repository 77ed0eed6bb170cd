import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

/// The routes a first request chain uses: log in, call with the token, start a job and poll it.
@Suite struct ChainTests {
    @Test func aLoginGivesATokenAndACookieThatUsersMeTakes() async throws {
        try await withDemoServer { server, client in
            let login = try await client.fetch(server.baseURL + "auth/login?key=c", method: .POST,
                                               body: Array(#"{"user": "ann", "password": "secret"}"#.utf8))
            #expect(login.status == 200)
            let token = try #require(try login.object()["token"] as? String)
            #expect(try login.object()["user"] as? String == "ann")
            #expect(login.header("Set-Cookie")?.hasPrefix("sid=c-1; Path=/") == true)
            #expect(login.header("X-Request-Id") == "login-" + token.suffix(8))

            let me = try await client.fetch(server.baseURL + "users/me?key=c", headers: [("Authorization", "Bearer \(token)")])
            #expect(me.status == 200)
            #expect(try me.object()["name"] as? String == "ann")
            #expect(try me.object()["roles"] as? [String] == ["admin", "user"])
            let anonymous = try await client.fetch(server.baseURL + "users/me?key=c")
            #expect(anonymous.status == 401)
            #expect(try anonymous.object()["error"] as? String == "log in first: POST /auth/login, then send its token")
            // Another key's token is no good here.
            #expect(try await client.fetch(server.baseURL + "users/me?key=d", headers: [("Authorization", "Bearer \(token)")]).status == 401)
        }
    }

    @Test func aLoginWithoutAUserOrPasswordIsRefused() async throws {
        try await withDemoServer { server, client in
            let noPassword = try await client.fetch(server.baseURL + "auth/login", method: .POST, body: Array(#"{"user": "ann"}"#.utf8))
            #expect(noPassword.status == 401)
            let broken = try await client.fetch(server.baseURL + "auth/login", method: .POST, body: Array("{user".utf8))
            #expect(broken.status == 400)
            #expect(try await client.fetch(server.baseURL + "auth/login").status == 405)
        }
    }

    @Test func aJobRunsForItsPollsThenIsDone() async throws {
        try await withDemoServer { server, client in
            let started = try await client.fetch(server.baseURL + "jobs?key=j&polls=2", method: .POST)
            #expect(started.status == 201)
            #expect(started.header("Location") == "/jobs/job-1")
            #expect(try started.object()["state"] as? String == "running")
            var statuses: [String] = []
            for _ in 0..<4 {
                statuses.append(try await client.fetch(server.baseURL + "jobs/job-1?key=j").object()["state"] as? String ?? "?")
            }
            #expect(statuses == ["running", "running", "done", "done"])
            #expect(try await client.fetch(server.baseURL + "jobs/job-9?key=j").status == 404)
            #expect(try await client.fetch(server.baseURL + "jobs/job-1?key=other").status == 404)
            #expect(try await client.fetch(server.baseURL + "jobs?key=j").status == 405)
        }
    }
}
