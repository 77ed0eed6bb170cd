import Foundation
import Testing
import TestSupport

/// The same request three ways against httpbin: sent by explorer, sent by the real curl running
/// the command `--as-curl` printed, and sent by explorer again from that command (`--from-curl`).
/// httpbin must see the same thing each time.
@Suite struct CurlRoundTripTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// The arguments after `send`, given httpbin's base URL and a directory holding `upload.txt` and `body.json`.
        let arguments: @Sendable (_ base: String, _ directory: TestDirectory) -> [String]
    }

    static let cases: [Case] = [
        Case(testDescription: "GET with query and headers") { base, _ in
            ["-H", "X-Trace: abc 123", "-H", "Authorization: Bearer t0k3n", "--query", "a=1", "--query", "q=x y&z=é",
             "--query", "a=2", "\(base)/anything/items"]
        },
        Case(testDescription: "POST JSON") { base, _ in
            ["-H", "X-Mode: json", "--json", "{\"name\": \"it's \\\"quoted\\\"\", \"n\": [1, 2.5, null]}", "\(base)/anything"]
        },
        Case(testDescription: "PUT JSON from a file") { base, directory in
            ["-X", "PUT", "--json", "@\(directory.path("body.json"))", "\(base)/anything"]
        },
        Case(testDescription: "POST form") { base, _ in
            ["--form", "a=1", "--form", "b=x y", "--form", "a=2", "--form", "sym=&=+%@<", "\(base)/anything"]
        },
        Case(testDescription: "multipart with a file") { base, directory in
            ["--multipart", "title=Report; final", "--multipart", "upload=@\(directory.path("upload.txt"))", "\(base)/anything"]
        },
        Case(testDescription: "raw data with a cookie") { base, _ in
            ["-X", "PATCH", "-H", "Cookie: session=abc", "--data", "line 1\nline 2 $HOME `x`", "\(base)/anything"]
        },
    ]

    @Test(arguments: cases)
    func roundTrip(_ testCase: Case) async throws {
        let base = try await Httpbin.baseURL()
        let directory = try TestDirectory()
        defer { directory.remove() }
        try Data("col1,col2\n1,\"two\"\n".utf8).write(to: URL(fileURLWithPath: directory.path("upload.txt")))
        try Data("{\n  \"from\": \"file\",\n  \"ok\": true\n}\n".utf8).write(to: URL(fileURLWithPath: directory.path("body.json")))
        let arguments = testCase.arguments(base, directory)

        let sent = try await ExplorerProcess.run(["send"] + arguments, in: directory)
        #expect(sent.status == 0, "\(sent.stderrText)")
        let direct = try HttpbinEcho(sent)

        let printed = try await ExplorerProcess.run(["send", "--as-curl", "--include-secrets"] + arguments, in: directory)
        #expect(printed.status == 0, "\(printed.stderrText)")
        let command = printed.stdoutText.trimmingCharacters(in: .newlines)
        #expect(command.hasPrefix("curl "), "\(command)")

        let curl = try await runShell(command, in: directory)
        #expect(curl.status == 0, "curl failed: \(curl.stderrText)\n\(command)")
        #expect(try HttpbinEcho(curl) == direct, "curl ran: \(command)")

        let imported = try await ExplorerProcess.run(["send", "--from-curl", command], in: directory)
        #expect(imported.status == 0, "\(imported.stderrText)")
        #expect(try HttpbinEcho(imported) == direct, "imported: \(command)")
    }
}
