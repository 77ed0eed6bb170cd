import DemoAPI
import Foundation
import Testing
import TestSupport

/// `explorer send --profile NAME` with a profile file, against the demo API in the test process.
@Suite struct ProfileSendTests {
    @Test func aFileProfileGivesBaseURLHeadersAuthAndRetries() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key), X-Team: explorers }
                auth: { header: { name: X-Api-Key, value: k-1 } }
                maxRetries: 2
                validators:
                  - default:
                      retry: { strategy: delayed, delay: 0.01 }
                """, profile: "work")
            let eventsPath = directory.path("events.jsonl")
            let outcome = try await home.run(["send", "--profile", "work", "--events", eventsPath, "flaky/2"])
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let events = try EventLines(path: eventsPath)
            #expect(events.count("attempt.started") == 3)
            #expect(events.named("retry.scheduled").first?["strategy"] as? String == "delayed 0.01s, cap 0.01s")
            #expect((events.named("attempt.started").first?["url"] as? String)?.hasPrefix(server.baseURL) == true)

            let echo = try await home.run(["send", "--profile", "work", "echo"])
            let headers = try #require(try jsonObject(echo)["headers"] as? [String: [String]])
            #expect(headers["X-Team"] == ["explorers"] && headers["X-Api-Key"] == ["k-1"])
        }
    }

    @Test func theSeedsChecksFailAnExchangeFromTheCommandLine() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                validators:
                  - default:
                  - check:
                      json: query.code.0
                      failWhen: { notEquals: "0" }
                      message: "server error {{json.query.errorMsg.0}}"
                """, profile: "ws")
            let passed = try await home.run(["send", "--profile", "ws", "echo?code=0"])
            #expect(passed.status == 0, "\(passed.stderrText)")
            let failed = try await home.run(["send", "--profile", "ws", "echo?code=2&errorMsg=quota"])
            #expect(failed.status == 1)
            #expect(failed.stderrText.contains("server error quota"))
        }
    }

    @Test func aBadProfileIsAUsageErrorNamingFileLineAndKey() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("baseURL: http://127.0.0.1:1/\nvalidators:\n  - default:\n      retry: { strategy: linear }\n", profile: "work")
        let outcome = try await home.run(["send", "--profile", "work", "x"])
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.hasPrefix("explorer: \(home.file("work.yaml")):4:26: validators[0].default.retry.strategy: unknown strategy \"linear\""))
        let missing = try await home.run(["send", "--profile", "nope", "x"])
        #expect(missing.status == 2 && missing.stderrText.contains("no profile named \"nope\""))
    }

    @Test func anUnsetVariableNamesItselfAndTheKey() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("baseURL: \(server.baseURL)\nheaders: { X-Demo-Key: \(key) }\nauth: { bearer: \"${env:EXPLORER_TEST_UNSET}\" }\n",
                           profile: "work")
            let outcome = try await home.run(["send", "--profile", "work", "echo"])
            #expect(outcome.status == 2)
            #expect(outcome.stderrText.contains("\(home.file("work.yaml")): auth.bearer: ${env:EXPLORER_TEST_UNSET} is not set in the environment"))
            #expect(await server.requestCount(path: "/echo", key: key) == 0)
        }
    }

    /// The secret reaches the server (in auth and in the refresh request's JSON), and no file
    /// under EXPLORER_HOME holds it afterwards: profile, cookie jar, anything written.
    @Test func anEnvironmentSecretIsSentButNeverWritten() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            let secret = "s3cret-\(UUID().uuidString)"
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key), X-Secret-Copy: "${env:EXPLORER_TEST_SECRET}" }
                cookies: true
                validators:
                  - altRequest:
                      statuses: [401]
                      request: { method: POST, url: auth/refresh, json: { refresh: "${env:EXPLORER_TEST_SECRET}" } }
                      apply: { headers: { Authorization: "Bearer {{alt.json.token}}" } }
                  - default:
                """, profile: "work")
            let echo = try await home.run(["send", "--profile", "work", "echo"], environment: ["EXPLORER_TEST_SECRET": secret])
            #expect(echo.status == 0, "\(echo.stderrText)")
            let headers = try #require(try jsonObject(echo)["headers"] as? [String: [String]])
            #expect(headers["X-Secret-Copy"] == [secret])
            let refreshed = try await home.run(["send", "--profile", "work", "--events", directory.path("events.jsonl"), "auth/protected"],
                                               environment: ["EXPLORER_TEST_SECRET": secret])
            #expect(refreshed.status == 0, "\(refreshed.stderrText)")
            #expect(try EventLines(path: directory.path("events.jsonl")).count("alt.finished") == 1)

            let files = home.everyFile()
            #expect(files.contains { $0.path.hasSuffix("/work.yaml") })
            for file in files {
                #expect(file.data.range(of: Data(secret.utf8)) == nil, "\(file.path) holds the secret")
            }
        }
    }

    /// The jar is saved after a run (0600) and sent by the next one. httpbin sets the cookie.
    @Test func cookiesArePersistedBetweenRuns() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("baseURL: \(try await Httpbin.baseURL())/\ncookies: true\n", profile: "web")
        let set = try await home.run(["send", "--profile", "web", "cookies/set?flavour=oat"])
        #expect(set.status == 0, "\(set.stderrText)")
        let jar = home.file("web.cookies.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: jar)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let next = try await home.run(["send", "--profile", "web", "cookies"])
        let cookies = try #require(try jsonObject(next)["cookies"] as? [String: String])
        #expect(cookies == ["flavour": "oat"])

        // Without `cookies: true`, no jar is kept.
        try home.write("baseURL: \(try await Httpbin.baseURL())/\n", profile: "plain")
        _ = try await home.run(["send", "--profile", "plain", "cookies/set?flavour=rye"])
        #expect(!FileManager.default.fileExists(atPath: home.file("plain.cookies.json")))
    }

    /// A jar that cannot be saved (a directory stands where the file goes) is said on stderr by
    /// `send` and by `replay`, and the exchange itself still succeeds.
    @Test func aCookieJarThatCannotBeSavedIsSaid() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                cookies: true
                """, profile: "jar")
            try FileManager.default.createDirectory(atPath: home.file("jar.cookies.json/blocked"), withIntermediateDirectories: true)
            let sent = try await home.run(["send", "--profile", "jar", "json/1"])
            #expect(sent.status == 0, "\(sent.stderrText)")
            #expect(sent.stderrText.hasPrefix("explorer: cookies of profile jar not saved: "), "\(sent.stderrText)")
            #expect(sent.stderrText.contains("jar.cookies.json"))

            let session = directory.path("s.yaml")
            try "version: 1\nprofile: { name: jar }\nexchanges:\n  - request: { method: GET, url: json/1 }\n"
                .write(toFile: session, atomically: true, encoding: .utf8)
            let replayed = try await home.run(["replay", session])
            #expect(replayed.status == 0, "\(replayed.stderrText)")
            #expect(replayed.stderrText.contains("explorer: cookies of profile jar not saved: "), "\(replayed.stderrText)")
        }
    }
}
