import Foundation
import Testing

/// A session recorded from a request file carries `capture:` and `assert:` (SPEC §8): `replay`
/// fills later requests from what earlier ones captured this time, so a login chain works with
/// fresh tokens, and a failed assert fails the replay.
@Suite struct ReplayChainTests {
    static func session(expecting name: String) -> String {
        """
        version: 1
        profile: { name: "demo" }
        exchanges:
          - name: "login"
            request:
              method: "POST"
              url: "auth/login"
              body: { json: "{\\"user\\": \\"ann\\", \\"password\\": \\"pw\\"}" }
              capture:
                token: { json: "$.token", secret: true }
            assert:
              - { status: 200 }
            outcome: { status: 200 }
          - name: "me"
            request:
              method: "GET"
              url: "users/me"
              headers: ["Authorization: Bearer {{token}}"]
              assert:
                - { json: "$.name", equals: "\(name)" }
            outcome: { status: 200 }

        """
    }

    @Test func aLoginChainReplaysWithAFreshTokenAndItsAssertsJudge() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let good = directory.path("chain.yaml")
        try Self.session(expecting: "ann").write(toFile: good, atomically: true, encoding: .utf8)
        let passed = try await runExplorer(["replay", good, "--events", directory.path("e.jsonl"), "--record-to", directory.path("again.yaml")],
                                           in: directory)
        #expect(passed.status == 0, "\(passed.stdoutText)\(passed.stderrText)")
        #expect(passed.stdoutText.contains("2/2 me: GET users/me → 200"))
        let events = try String(contentsOfFile: directory.path("e.jsonl"), encoding: .utf8)
        #expect(events.contains(#""event":"capture.set","exchange":1"#) && events.contains(#""value":"•••""#))
        #expect(events.contains(#""event":"assert.passed""#))
        // The new recording keeps the chain: the template, the capture, the assert; no token.
        let again = try String(contentsOfFile: directory.path("again.yaml"), encoding: .utf8)
        #expect(again.contains(#"Authorization: Bearer {{token}}"#))
        #expect(again.contains(#""token": { json: "$.token", secret: true }"#) || again.contains("token: { json: \"$.token\", secret: true }"))
        #expect(!again.contains("tok-"))
        let replayedAgain = try await runExplorer(["replay", directory.path("again.yaml")], in: directory)
        #expect(replayedAgain.status == 0, "\(replayedAgain.stdoutText)\(replayedAgain.stderrText)")

        let bad = directory.path("bad.yaml")
        try Self.session(expecting: "bob").write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = try await runExplorer(["replay", bad], in: directory)
        #expect(failed.status == 1)
        #expect(failed.stdoutText.contains(#"assert: $.name equals "bob", got "ann""#))
    }
}
