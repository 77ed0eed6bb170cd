import Foundation
import Testing

/// Bad usage or bad input exits 2, names what is at fault, and sends nothing.
@Suite struct SendUsageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// The arguments after `send`, given the base URL, the scenario key and the temp directory.
        let arguments: @Sendable (_ base: String, _ key: String, _ directory: TestDirectory) -> [String]
        /// What the message must name.
        let names: @Sendable (_ base: String, _ directory: TestDirectory) -> String
    }

    static let cases: [Case] = [
        Case(testDescription: "malformed URL",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "\(base.dropLast()):80/status/200"] },
             names: { base, _ in "\(base.dropLast()):80/status/200" }),
        Case(testDescription: "port out of range",
             arguments: { _, key, _ in ["-H", "X-Demo-Key: \(key)", "http://127.0.0.1:99999/status/200"] },
             names: { _, _ in "http://127.0.0.1:99999/status/200" }),
        Case(testDescription: "relative URL without a profile",
             arguments: { _, key, _ in ["-H", "X-Demo-Key: \(key)", "status/200"] },
             names: { _, _ in "status/200" }),
        Case(testDescription: "header without a colon",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "-H", "NoColonHere", "\(base)status/200"] },
             names: { _, _ in "NoColonHere" }),
        Case(testDescription: "header with CR/LF",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "-H", "X-Smuggle: a\r\nB: c", "\(base)status/200"] },
             names: { _, _ in "X-Smuggle" }),
        Case(testDescription: "negative --max-retries",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--max-retries", "-1", "\(base)status/200"] },
             names: { _, _ in "--max-retries" }),
        Case(testDescription: "--timeout abc",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--timeout", "abc", "\(base)status/200"] },
             names: { _, _ in "--timeout" }),
        Case(testDescription: "--timeout 0",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--timeout", "0", "\(base)status/200"] },
             names: { _, _ in "--timeout" }),
        Case(testDescription: "unknown flag",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--frobnicate", "\(base)status/200"] },
             names: { _, _ in "--frobnicate" }),
        Case(testDescription: "missing @FILE",
             arguments: { base, key, directory in ["-H", "X-Demo-Key: \(key)", "--data", "@\(directory.path("missing.txt"))", "\(base)upload"] },
             names: { _, directory in directory.path("missing.txt") }),
        Case(testDescription: "bad --retry",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--retry", "sometimes", "\(base)status/200"] },
             names: { _, _ in "--retry" }),
        Case(testDescription: "--events in a missing directory",
             arguments: { base, key, directory in ["-H", "X-Demo-Key: \(key)", "--events", directory.path("no/such/events.jsonl"), "\(base)status/200"] },
             names: { _, directory in directory.path("no/such/events.jsonl") }),
        Case(testDescription: "unknown profile",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--profile", "nosuch", "\(base)status/200"] },
             names: { _, _ in "nosuch" }),
        Case(testDescription: "invalid --json",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--json", "{\"a\":", "\(base)echo"] },
             names: { _, _ in "--json" }),
        Case(testDescription: "invalid --json @FILE",
             arguments: { base, key, directory in
                 try? Data("[1, 2,, 3]".utf8).write(to: directory.url.appendingPathComponent("bad.json"))
                 return ["-H", "X-Demo-Key: \(key)", "--json", "@\(directory.path("bad.json"))", "\(base)echo"]
             },
             names: { _, directory in "\(directory.path("bad.json")) is not valid JSON" }),
        Case(testDescription: "missing --json @FILE",
             arguments: { base, key, directory in ["-H", "X-Demo-Key: \(key)", "--json", "@\(directory.path("none.json"))", "\(base)echo"] },
             names: { _, directory in directory.path("none.json") }),
        Case(testDescription: "missing --multipart @FILE",
             arguments: { base, key, directory in
                 ["-H", "X-Demo-Key: \(key)", "--multipart", "a=1", "--multipart", "f=@\(directory.path("none.bin"))", "\(base)upload"]
             },
             names: { _, directory in "--multipart f=@\(directory.path("none.bin")): no such file" }),
        Case(testDescription: "--form without '='",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--form", "novalue", "\(base)echo"] },
             names: { _, _ in "--form \"novalue\"" }),
        Case(testDescription: "--data with --json",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--data", "x", "--json", "1", "\(base)echo"] },
             names: { _, _ in "--data and --json" }),
        Case(testDescription: "--form with --multipart",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--multipart", "a=1", "--form", "b=2", "\(base)echo"] },
             names: { _, _ in "--form and --multipart" }),
        Case(testDescription: "--include-secrets without --as-curl",
             arguments: { base, key, _ in ["-H", "X-Demo-Key: \(key)", "--include-secrets", "\(base)echo"] },
             names: { _, _ in "--include-secrets" }),
        Case(testDescription: "no URL",
             arguments: { _, key, _ in ["-H", "X-Demo-Key: \(key)"] },
             names: { _, _ in "<url>" }),
        Case(testDescription: "--from-curl with an unknown curl option",
             arguments: { base, key, _ in ["--from-curl", "curl --frobnicate '\(base)echo?key=\(key)'"] },
             names: { _, _ in "unknown curl option --frobnicate" }),
        Case(testDescription: "--from-curl with an unterminated quote",
             arguments: { base, key, _ in ["--from-curl", "curl '\(base)echo?key=\(key)"] },
             names: { _, _ in "--from-curl: unterminated single quote" }),
        Case(testDescription: "--from-curl and a URL argument",
             arguments: { base, key, _ in ["--from-curl", "curl '\(base)echo?key=\(key)'", "\(base)echo?key=\(key)"] },
             names: { _, _ in "--from-curl" }),
        Case(testDescription: "--from-curl with a body flag",
             arguments: { base, key, _ in ["--from-curl", "curl -d a=1 '\(base)echo?key=\(key)'", "--json", "{}"] },
             names: { _, _ in "--from-curl can't be combined with" }),
        Case(testDescription: "--from-curl naming a missing file",
             arguments: { base, key, directory in ["--from-curl", "curl -d @\(directory.path("gone.txt")) '\(base)echo?key=\(key)'"] },
             names: { _, directory in directory.path("gone.txt") }),
    ]

    @Test(arguments: cases)
    func exitsTwoAndSendsNothing(_ testCase: Case) async throws {
        try await withDemo { server, directory, key in
            let outcome = try await ExplorerProcess.run(["send"] + testCase.arguments(server.baseURL, key, directory), in: directory)
            #expect(outcome.status == 2, "\(outcome.stderrText)")
            #expect(outcome.stderrText.hasPrefix("explorer: "), "\(outcome.stderrText)")
            let named = testCase.names(server.baseURL, directory)
            #expect(outcome.stderrText.contains(named), "stderr should name \(named): \(outcome.stderrText)")
            #expect(outcome.stdout.isEmpty)
            #expect(await server.requestCount(path: "/", key: key) == 0)
        }
    }
}
