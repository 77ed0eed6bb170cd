import Foundation
import Testing

/// `explorer replay --check` on the example sessions: they pass against the embedded demo API,
/// and an edited recording fails with a readable diff.
@Suite struct ReplayCheckTests {
    @Test(arguments: ["tour", "retries", "token-refresh", "websocket"])
    func theExampleSessionsReplayAsRecorded(name: String) async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await runExplorer(["replay", ReplayFixtures.session(name), "--check"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stdoutText)\(outcome.stderrText)")
        let lines = outcome.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("replayed ") == true)
        #expect(lines.last?.hasSuffix(" 0 different") == true)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" ok") })
    }

    @Test func withoutCheckARecordedFailureThatFailsAgainIsFine() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await runExplorer(["replay", ReplayFixtures.session("retries")], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(outcome.stdoutText.contains("1/4 flaky: GET flaky/2 → 200 (3 attempts, "))
        #expect(outcome.stdoutText.contains("3/4 retries run out: GET flaky/5 → 503 retriesExhausted (4 attempts, "))
        #expect(outcome.stdoutText.hasSuffix("replayed 4 exchanges\n"))
    }

    @Test func anEditedRecordingFailsWithAReadableDiff() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = try ReplayFixtures.edited("token-refresh", in: directory, [
            ("      status: 200\n", "      status: 201\n"),
            (#"json: {"ok": true, "#, #"json: {"ok": false, "#),
            (#"- "Content-Type: application/json""#, #"- "Content-Type: text/plain""#),
        ])
        let outcome = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdoutText.contains("""
            1/2 401, refresh, retry: GET auth/protected → 200 (2 attempts, 
            """))
        #expect(outcome.stdoutText.contains("""
            ) DIFFERENT
                status: expected 201, got 200
                header Content-Type: expected "text/plain", got "application/json"
                body $.ok: expected false, got true
            2/2 the token is kept: GET auth/protected → 200 (1 attempt, 
            """))
        #expect(outcome.stdoutText.hasSuffix("replayed 2 exchanges: 1 as recorded, 1 different\n"))
        #expect(outcome.stderrText == "explorer: 1 of 2 exchanges differ from the recording\n")
    }

    @Test func ignoredPathsAreNotDifferencesButOthersAre() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // Without `$.headers.Host` ignored, the echoed Host (a free port each run) differs.
        let path = try ReplayFixtures.edited("tour", in: directory, [(#"ignore: ["$.headers.Host", "#, "ignore: [")])
        let outcome = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdoutText.contains(#"    body $.headers.Host[0]: expected "127.0.0.1:"#))
        #expect(outcome.stdoutText.hasSuffix("replayed 6 exchanges: 4 as recorded, 2 different\n"))
    }

    @Test func credentialsInBodiesAreMaskedNotPrinted() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // Even unignored, a refreshed token is a credential: masked on both sides, never in a diff.
        let path = try ReplayFixtures.edited("token-refresh", in: directory, [(#"ignore: ["$.token"]"#, "ignore: []")])
        let outcome = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stdoutText)")
        #expect(!outcome.stdoutText.contains("tok-"))
    }

    @Test func aFailureWhereTheRecordingSucceededFailsEvenWithoutCheck() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // flaky/2 becomes flaky/9: more failures than the demo profile retries.
        let path = try ReplayFixtures.edited("retries", in: directory, [(#"url: "flaky/2""#, #"url: "flaky/9""#)])
        let plain = try await runExplorer(["replay", path], in: directory)
        #expect(plain.status == 1)
        #expect(plain.stdoutText.contains("1/4 flaky: GET flaky/9 → 503 retriesExhausted (4 attempts, "))
        #expect(plain.stdoutText.contains("FAILED\n    failed: gave up after 4 attempts"))
        let checked = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(checked.status == 1)
        #expect(checked.stdoutText.contains("    outcome: expected a response, got a failure (retriesExhausted): gave up after 4 attempts"))
    }
}
