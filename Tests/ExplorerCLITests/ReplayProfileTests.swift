import DemoAPI
import Foundation
import Testing

/// `replay --profile NAME` with a profile file: the session's relative URLs go to that profile's
/// base URL, and a credential from the environment never reaches a file the replay writes.
@Suite struct ReplayProfileTests {
    @Test func aSessionReplaysOnAnotherProfilesBaseURL() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            // The demo profile's validators and retries on another server: the attempts match too.
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                maxRetries: 3
                validators:
                  - altRequest:
                      statuses: [401]
                      request: { method: POST, url: auth/refresh }
                      apply: { headers: { Authorization: "Bearer {{alt.json.token}}" } }
                  - default:
                      retry: { strategy: exponential, base: 0.2, multiplier: 2, maxDelay: 2, jitter: full }
                """, profile: "local")
            let events = directory.path("events.jsonl")
            let outcome = try await home.run(["replay", ReplayFixtures.session("retries"), "--profile", "local", "--check", "--events", events])
            #expect(outcome.status == 0, "\(outcome.stdoutText)\(outcome.stderrText)")
            #expect(outcome.stdoutText.hasSuffix("replayed 4 exchanges: 4 as recorded, 0 different\n"))
            let lines = try EventLines(path: events)
            #expect(lines.named("attempt.started").allSatisfy { ($0["url"] as? String)?.hasPrefix(server.baseURL) == true })
            #expect(lines.named("retry.scheduled").contains { $0["source"] as? String == "retry-after" })

            // Another validator chain and strategy retry differently: --check says where.
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                maxRetries: 3
                validators:
                  - default:
                      retry: { strategy: delayed, delay: 0.01 }
                """, profile: "quick")
            let quick = try await home.run(["replay", ReplayFixtures.session("retries"), "--profile", "quick", "--check"])
            #expect(quick.status == 1)
            #expect(quick.stdoutText.contains("    attempt 1: expected 503 (altRequest: next, default: retry), got 503 (default: retry)\n"))
        }
    }

    @Test func anEnvironmentSecretIsNowhereInTheFilesReplayWrites() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            let token = "tok-\(UUID().uuidString)"
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key) }
                auth: { bearer: "${env:API_TOKEN}" }
                """, profile: "secret")
            let session = directory.path("echo.yaml")
            try """
                version: 1
                profile: { name: secret }
                exchanges:
                  - name: echo
                    request: { method: POST, url: echo, headers: ["Cookie: sid=\(token)"], body: { json: { note: "hi" } } }
                """.write(toFile: session, atomically: true, encoding: .utf8)
            let recording = directory.path("home/sessions/recorded.yaml")
            try FileManager.default.createDirectory(atPath: directory.path("home/sessions"), withIntermediateDirectories: true)
            let events = directory.path("home/events.jsonl")
            let report = directory.path("home/report.xml")
            let outcome = try await home.run(["replay", session, "--record-to", recording, "--events", events, "--junit", report],
                                             environment: ["API_TOKEN": token])
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let written = home.everyFile()
            #expect(written.contains { $0.path == recording })
            for file in written {
                #expect(!String(decoding: file.data, as: UTF8.self).contains(token), "the token is in \(file.path)")
            }
            #expect(!outcome.stdoutText.contains(token) && !outcome.stderrText.contains(token))
            // The server did get it: the echo shows a masked value where it was.
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(text.contains(#""Authorization": ["Bearer •••"]"#))
            #expect(text.contains(#""Cookie": ["sid=•••"]"#) || text.contains(#""Cookie": ["•••"]"#))
        }
    }

    @Test func anEnvironmentValueInAnyHeaderIsNowhereInTheFilesReplayWrites() async throws {
        try await withDemo { server, directory, key in
            let home = try ProfileHome(directory)
            let apiKey = "key-\(UUID().uuidString)"
            try home.write("""
                baseURL: \(server.baseURL)
                headers: { X-Demo-Key: \(key), X-Api-Key: "${env:APIKEY}" }
                """, profile: "keyed")
            let session = directory.path("home/s.yaml")
            try FileManager.default.createDirectory(atPath: directory.path("home"), withIntermediateDirectories: true)
            try """
                version: 1
                profile: { name: keyed }
                exchanges:
                  - request: { method: POST, url: echo, body: { json: { note: "hi" } } }
                """.write(toFile: session, atomically: true, encoding: .utf8)
            let recording = directory.path("home/out.yaml")
            let outcome = try await home.run(["replay", session, "--record-to", recording], environment: ["APIKEY": apiKey])
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(home.everyFile().contains { $0.path == recording })
            for file in home.everyFile() {
                #expect(!String(decoding: file.data, as: UTF8.self).contains(apiKey), "the key is in \(file.path)")
            }
            // The server did get it: the echo shows it masked.
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(text.contains(#""X-Api-Key": ["•••"]"#), "\(text)")
        }
    }
}
