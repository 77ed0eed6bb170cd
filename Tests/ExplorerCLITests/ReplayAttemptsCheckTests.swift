import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `explorer replay --check` compares the attempts, not only the outcome: a recording of two
/// 503s then a 200 is not what a server answering 200 at once does, unless the exchange opts
/// out with `check: { attempts: false }`; retry delays compare within a tolerance.
@Suite struct ReplayAttemptsCheckTests {
    /// One exchange of `sessions/retries.yaml` (with its header), edited.
    private func retriesExchange(_ name: String, in directory: TestDirectory, _ replacements: [(String, String)]) throws -> String {
        let text = try String(contentsOfFile: ReplayFixtures.session("retries"), encoding: .utf8)
        let items = text.components(separatedBy: "\n  - name: ")
        guard let exchange = items.dropFirst().first(where: { $0.hasPrefix("\"\(name)\"\n") }) else {
            throw ReplayFixtures.Missing(text: name)
        }
        var edited = items[0] + "\n  - name: " + exchange + (exchange.hasSuffix("\n") ? "" : "\n")
        for (old, new) in replacements {
            guard let range = edited.range(of: old) else { throw ReplayFixtures.Missing(text: old) }
            edited.replaceSubrange(range, with: new)
        }
        let path = directory.path("\(name.filter(\.isLetter))-edited.yaml")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// flaky/2 (503, 503, then 200) becomes flaky/0: the demo API answers 200 at once, with the
    /// same body as recorded once `failures` says 0, so only the attempts differ.
    private let answeredAtOnce = [(#"url: "flaky/2""#, #"url: "flaky/0""#), (#"json: {"ok": true, "failures": 2}"#, #"json: {"ok": true, "failures": 0}"#)]

    @Test func twoRecordedRetriesAgainstSuccessAtOnceDifferAndNameTheAttempt() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = try retriesExchange("flaky", in: directory, answeredAtOnce)
        let report = directory.path("report.xml")
        let outcome = try await runExplorer(["replay", path, "--check", "--junit", report], in: directory)
        #expect(outcome.status == 1, "\(outcome.stdoutText)\(outcome.stderrText)")
        let expected = """
            attempts: expected 3, got 1
            attempt 1: expected 503 (default: retry), got 200 (default: next)
            """
        #expect(outcome.stdoutText.contains("1/1 flaky: GET flaky/0 → 200 (1 attempt, "))
        #expect(outcome.stdoutText.contains(") DIFFERENT\n" + expected.split(separator: "\n").map { "    \($0)\n" }.joined() + "replayed 1 exchange: 0 as recorded, 1 different\n"))
        #expect(outcome.stderrText == "explorer: 1 of 1 exchanges differ from the recording\n")
        // JUnit carries the same lines.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.stringValue == expected)
        #expect(failure.attribute(forName: "message")?.stringValue == "attempts: expected 3, got 1")
    }

    /// flaky/0 again, with the exchange's own check after its request.
    private let optOut = ("      url: \"flaky/2\"\n", "      url: \"flaky/0\"\n    check: { attempts: false }\n")

    @Test func anExchangeThatOptsOutComparesItsOutcomeOnly() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = try retriesExchange("flaky", in: directory, [optOut, answeredAtOnce[1]])
        let outcome = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stdoutText)\(outcome.stderrText)")
        #expect(outcome.stdoutText.hasSuffix("replayed 1 exchange: 1 as recorded, 0 different\n"))
        // The outcome is still compared.
        let changed = try retriesExchange("flaky", in: directory, [optOut])
        let different = try await runExplorer(["replay", changed, "--check"], in: directory)
        #expect(different.status == 1)
        #expect(different.stdoutText.contains("    body $.failures: expected 2, got 0\n"))
        #expect(!different.stdoutText.contains("    attempt"))
    }

    @Test func aRetryAfterDelayComparesTightly() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let recorded = #""delay_ms": 1000, "source": "retry-after""#
        let near = try retriesExchange("Retry-After", in: directory, [(recorded, #""delay_ms": 1030, "source": "retry-after""#)])
        let passing = try await runExplorer(["replay", near, "--check"], in: directory)
        #expect(passing.status == 0, "\(passing.stdoutText)\(passing.stderrText)")
        let far = try retriesExchange("Retry-After", in: directory, [(recorded, #""delay_ms": 3000, "source": "retry-after""#)])
        let failing = try await runExplorer(["replay", far, "--check"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.stdoutText.contains("    attempt 1: retry delay expected 3000 ms (retry-after), got 1000 ms, more than 50 ms apart\n"))
    }

    @Test func aJitteredDelayComparesWithinTheStrategysCap() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // The demo profile's first retry draws from [0, 200 ms]; its cap is 2 s.
        let recorded = #""delay_ms": 62.497"#
        let near = try retriesExchange("flaky", in: directory, [(recorded, #""delay_ms": 1500"#)])
        let passing = try await runExplorer(["replay", near, "--check"], in: directory)
        #expect(passing.status == 0, "\(passing.stdoutText)\(passing.stderrText)")
        let far = try retriesExchange("flaky", in: directory, [(recorded, #""delay_ms": 9000"#)])
        let failing = try await runExplorer(["replay", far, "--check"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.stdoutText.contains("    attempt 1: retry delay expected 9000 ms (strategy), got "))
        #expect(failing.stdoutText.contains(" ms, more than 4500 ms apart\n"))
    }
}
