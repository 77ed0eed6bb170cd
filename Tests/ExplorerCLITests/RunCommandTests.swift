import Foundation
import Testing

/// `explorer run` (SPEC §8) end to end: the shipped example chain against the embedded demo API,
/// failures with their reasons, secrets masked in every output, exit codes 0 / 1 / 2.
@Suite struct RunCommandTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static func write(_ text: String, to name: String, in directory: TestDirectory) throws -> String {
        let path = directory.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A login whose answer reads like templates (`{{apiKey}}`, `${env:HOME}`): the next request
    /// sends what was captured exactly as it came (SPEC §8), which its asserts check on the echo.
    static let serverTemplates = """
        profile: demo
        vars: { apiKey: "the-users-key" }
        requests:
          - name: "login"
            url: "echo?token=%7B%7BapiKey%7D%7D&home=%24%7Benv%3AHOME%7D"
            capture:
              token: { json: "$.query.token[0]" }
              home: { json: "$.query.home[0]" }
          - name: "me"
            method: "POST"
            url: "echo?t={{token}}"
            headers: ["X-Token: {{token}}", "X-Home: {{home}}"]
            body: { json: "{\\"token\\": \\"{{token}}\\"}" }
            assert:
              - { json: "$.headers['X-Token'][0]", equals: "{{token}}" }
              - { json: "$.headers['X-Token'][0]", notEquals: "{{apiKey}}" }
              - { json: "$.headers['X-Home'][0]", equals: "{{home}}" }
              - { json: "$.query.t[0]", equals: "{{token}}" }
              - { json: "$.body", equals: "{\\"token\\": \\"{{token}}\\"}" }

        """

    @Test func whatAServerAnsweredGoesOutAsItCame() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try Self.write(Self.serverTemplates, to: "server-templates.yaml", in: directory)
        let outcome = try await runExplorer(["run", file], in: directory)
        #expect(outcome.status == 0, "\(outcome.stdoutText)\(outcome.stderrText)")
        #expect(outcome.stdoutText.hasSuffix("2 passed, 0 failed\n"), "\(outcome.stdoutText)")
    }

    @Test func theExampleChainRunsGreenWithEveryEventAndAJUnitReport() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = Self.examples.appendingPathComponent("chain.yaml").path
        let outcome = try await runExplorer(["run", file, "--events", directory.path("events.jsonl"), "--junit", directory.path("r.xml")], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let lines = outcome.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.prefix(4).map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
                == ["✓ login 200", "✓ me 200", "✓ start job", "✓ job done"])
        #expect(lines.last == "4 passed, 0 failed")
        #expect(outcome.stdoutText.hasSuffix("4 passed, 0 failed\n"))

        let events = try String(contentsOfFile: directory.path("events.jsonl"), encoding: .utf8).split(separator: "\n")
        let objects = try events.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let token = try #require(objects.first { $0["event"] as? String == "capture.set" && $0["name"] as? String == "token" })
        #expect(token["value"] as? String == "•••")
        #expect(token["source"] as? String == "$.token")
        #expect(objects.filter { $0["event"] as? String == "assert.passed" }.count == 11)
        let polls = objects.filter { $0["event"] as? String == "retry.scheduled" }
        #expect(polls.count == 2)
        #expect(polls.allSatisfy { $0["source"] as? String == "poll" && $0["delay_ms"] as? Double == 200 })
        let pollDecisions = objects.filter { $0["validator"] as? String == "poll" && $0["decision"] as? String == "retry" }
        #expect(pollDecisions.map { $0["reason"] as? String } == Array(repeating: #"$.state equals "done": got "running""#, count: 2))

        let junit = try String(contentsOfFile: directory.path("r.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuite name="chain" tests="4" failures="0""#))
        #expect(junit.components(separatedBy: "<testcase ").count == 5)
    }

    @Test func failuresNameTheAssertTheVariableAndTheFileLineWithSecretsMasked() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try Self.write("""
            vars: { user: "ann" }
            requests:
              - name: "login"
                method: "POST"
                url: "auth/login"
                body: { json: "{\\"user\\": \\"{{user}}\\", \\"password\\": \\"pw\\"}" }
                capture:
                  token: { json: "$.token", secret: true }
                assert:
                  - { json: "$.token", equals: "nope" }
              - name: "typo"
                url: "users/me"
                headers:
                  - "Authorization: Bearer {{tokn}}"
              - name: "me"
                url: "users/me"
                headers: ["Authorization: Bearer {{token}}"]
                assert:
                  - { json: "$.name", equals: "{{who}}" }
                  - { json: "$.missing", exists: true }
              - name: "nothing"
                url: "users/me"
                headers: ["Authorization: Bearer {{token}}"]
                capture:
                  id: { json: "$.id" }

            """, to: "bad.yaml", in: directory)
        let outcome = try await runExplorer(["run", file, "--var", "who=bob", "--junit", directory.path("r.xml"),
                                             "--events", directory.path("e.jsonl")], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdoutText == """
            ✗ login: $.token equals "nope", got "•••"
            ✗ typo: undefined variable {{tokn}} (\(file):14)
            ✗ me: $.name equals "bob", got "ann"; $.missing exists true, got nothing
            ✗ nothing: capture id found nothing ($.id)
            0 passed, 4 failed

            """)
        #expect(outcome.stderrText.isEmpty)
        let junit = try String(contentsOfFile: directory.path("r.xml"), encoding: .utf8)
        #expect(junit.contains(#"failures="4""#))
        #expect(junit.contains(#"<failure message="$.name equals &quot;bob&quot;, got &quot;ann&quot;" type="assert">"#))
        // Each failed assert is a failure of its own.
        #expect(junit.components(separatedBy: "<failure ").count == 6)
        // The token itself appears nowhere: not on stdout, not in the report, not in the events.
        let events = try String(contentsOfFile: directory.path("e.jsonl"), encoding: .utf8)
        #expect(events.contains(#""event":"assert.failed""#))
        for text in [outcome.stdoutText, junit, events] { #expect(!text.contains("tok-")) }
    }

    @Test func failFastStopsAtTheFirstFailure() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try Self.write("""
            requests:
              - { name: "a", url: "status/200", assert: [ { status: 201 } ] }
              - { name: "b", url: "status/200" }

            """, to: "ff.yaml", in: directory)
        let outcome = try await runExplorer(["run", file, "--fail-fast"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdoutText == "✗ a: status equals 201, got 200\n0 passed, 1 failed\n")
        let all = try await runExplorer(["run", file], in: directory)
        #expect(all.stdoutText.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func aFileThatDoesNotParseIsExit2WithItsPlace() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let good = Self.examples.appendingPathComponent("chain.yaml").path
        let badPath = try Self.write("requests:\n  - name: a\n    url: x\n    assert:\n      - { json: \"$.[\", equals: 1 }\n", to: "p.yaml", in: directory)
        let bad = try await runExplorer(["run", good, badPath], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stdoutText.isEmpty, "nothing is sent when any file is bad")
        #expect(bad.stderrText.hasPrefix("explorer: \(badPath):5:20: requests[0].assert[0].json: bad JSON path"))

        let unknown = try Self.write("requests:\n  - name: a\n    url: x\n    capture:\n      t: { json: \"$.t\", sekret: true }\n", to: "u.yaml", in: directory)
        let refused = try await runExplorer(["run", unknown], in: directory)
        #expect(refused.status == 2)
        #expect(refused.stderrText.contains("unknown key (known here: json, header, cookie, body, status, regex, secret)"))

        let regex = try Self.write("requests:\n  - name: a\n    url: x\n    assert:\n      - { body: { matches: \"([a-\" } }\n", to: "r.yaml", in: directory)
        let badRegex = try await runExplorer(["run", regex], in: directory)
        #expect(badRegex.status == 2)
        #expect(badRegex.stderrText.contains("\(regex):5:"))
        #expect(badRegex.stderrText.contains("is not a regular expression"))

        let variable = try await runExplorer(["run", good, "--var", "novalue"], in: directory)
        #expect(variable.status == 2)
        #expect(variable.stderrText.contains("--var \"novalue\": write NAME=VALUE"))
    }
}
