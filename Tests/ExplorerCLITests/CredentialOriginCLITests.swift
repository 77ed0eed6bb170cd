import DemoAPI
import Foundation
import Testing

/// SPEC §4 through the binary: a profile's credentials (auth, `${env:}` headers, headers an
/// alternate request's `apply` set, the demo's key) reach the profile's origin and no other.
@Suite struct CredentialOriginCLITests {
    /// Header names (lower-cased) a demo `/echo` answer says it received.
    static func echoedNames(_ outcome: ExplorerProcess.Outcome) throws -> Set<String> {
        let headers = try #require(try jsonObject(outcome)["headers"] as? [String: [String]])
        return Set(headers.keys.map { $0.lowercased() })
    }

    /// `withDemo`, and a second demo API: another origin, shut down even when `body` throws.
    func withAnotherOrigin(_ body: (_ other: DemoServer, _ home: DemoServer, TestDirectory, _ key: String) async throws -> Void) async throws {
        let other = try await DemoServer.start()
        do {
            try await withDemo { server, directory, key in try await body(other, server, directory, key) }
        } catch {
            await other.shutdown()
            throw error
        }
        await other.shutdown()
    }

    @Test func theDemoKeyStaysWithTheDemoAPI() async throws {
        try await withDemo { other, directory, _ in
            let events = directory.path("events.jsonl")
            let away = try await ExplorerProcess.run(["send", "--profile", "demo", "--events", events, other.baseURL + "echo"], in: directory)
            #expect(away.status == 0, "\(away.stderrText)")
            #expect(!(try Self.echoedNames(away)).contains("x-demo-key"))
            let withheld = try EventLines(path: events).named("credentials.withheld")
            #expect(withheld.count == 1)
            #expect(withheld.first?["headers"] as? [String] == ["X-Demo-Key"])
            #expect(withheld.first?["origin"] as? String == "http://127.0.0.1:\(other.port)")
            // The demo API itself still gets it (its echo shows the key).
            let home = try await ExplorerProcess.run(["send", "--profile", "demo", "echo"], in: directory)
            #expect(try Self.echoedNames(home).contains("x-demo-key"))
        }
    }

    @Test func aFileProfilesCredentialsStayHomeForSendAndAsCurl() async throws {
        try await withAnotherOrigin { other, server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key), X-Env-Key: "${env:EXPLORER_TEST_KEY}", X-Team: explorers }
                auth: { bearer: "${env:EXPLORER_TEST_TOKEN}" }
                """, profile: "work")
            let secrets = ["EXPLORER_TEST_KEY": "env-key-value", "EXPLORER_TEST_TOKEN": "token-value"]
            let atHome = try await home.run(["send", "--profile", "work", "echo"], environment: secrets)
            #expect(try Self.echoedNames(atHome).isSuperset(of: ["x-env-key", "authorization", "x-team"]))

            let away = try await home.run(["send", "--profile", "work", other.baseURL + "echo"], environment: secrets)
            #expect(away.status == 0, "\(away.stderrText)")
            let names = try Self.echoedNames(away)
            #expect(names.isDisjoint(with: ["x-env-key", "authorization"]))
            #expect(names.isSuperset(of: ["x-team", "x-demo-key"]), "a common header without a secret goes everywhere")

            let curl = try await home.run(["send", "--profile", "work", "--as-curl", "--include-secrets", other.baseURL + "echo"], environment: secrets)
            #expect(curl.status == 0, "\(curl.stderrText)")
            #expect(curl.stdoutText.contains("X-Team"))
            for leaked in ["X-Env-Key", "Authorization", "env-key-value", "token-value"] {
                #expect(!curl.stdoutText.contains(leaked), "--as-curl for another origin holds \(leaked)")
            }
        }
    }

    /// An alternate request whose URL is absolute on another origin goes without the profile's
    /// credentials; the header its `apply` sets is a credential of the profile's origin from then on.
    @Test func anAlternateRequestToAnotherOriginGoesWithoutThem() async throws {
        try await withAnotherOrigin { other, server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: "${env:EXPLORER_TEST_KEY}" }
                validators:
                  - altRequest:
                      statuses: [401]
                      request: { method: POST, url: "\(other.baseURL)auth/refresh" }
                      apply: { headers: { X-Applied: "{{alt.json.token}}" } }
                  - default:
                """, profile: "work")
            let outcome = try await home.run(["send", "--profile", "work", "auth/protected"], environment: ["EXPLORER_TEST_KEY": key])
            #expect(outcome.status == 1, "the other server's token does not open this one")
            #expect(await other.requestCount(path: "/auth/refresh", key: key) == 0, "the key went to the other origin")
            #expect(await other.requestCount(path: "/auth/refresh", key: "default") == 1)
            #expect(await server.requestCount(path: "/auth/protected", key: key) >= 1)
        }
    }

    @Test func aReplayedRequestToAnotherOriginGoesWithoutThem() async throws {
        try await withDemo { other, directory, _ in
            let session = directory.path("away.yaml")
            try Data("""
                version: 1
                profile:
                  name: "demo"
                exchanges:
                  - name: "away"
                    request:
                      method: "GET"
                      url: "\(other.baseURL)echo"
                    outcome:
                      status: 200
                """.utf8).write(to: URL(fileURLWithPath: session))
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(["replay", session, "--events", events], in: directory)
            #expect(outcome.status == 0, "\(outcome.stdoutText)\(outcome.stderrText)")
            #expect(await other.requestCount(path: "/echo", key: "default") == 1, "the demo key reached the other origin")
            #expect(try EventLines(path: events).named("credentials.withheld").first?["headers"] as? [String] == ["X-Demo-Key"])
        }
    }
}
