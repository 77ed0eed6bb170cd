import Foundation
import Testing

/// What the command line prints is text for a terminal: a server's message that quotes escape
/// sequences is shown with visible stand-ins, never obeyed.
@Suite struct ConsoleInertTests {
    @Test func aServersEscapeSequencesReachStderrInert() async throws {
        try await withDemo { server, directory, _ in
            // A profile check that quotes the response in its failure message; the demo API
            // echoes the body it was sent, escape sequences and all.
            let home = try ProfileHome(directory)
            try home.write("""
                baseURL: "\(server.baseURL)"
                validators:
                  - check:
                      json: body
                      failWhen: { exists: true }
                      message: "the server said {{json.body}}"
                """, profile: "hostile")
            let outcome = try await home.run(["send", "--profile", "hostile", "--data", "\u{1B}]0;PWNED\u{07}\u{1B}[31m", "echo"])
            #expect(outcome.status == 1, "\(outcome.stderrText)")
            #expect(!outcome.stderr.contains(0x1B), "\(outcome.stderrText)")
            #expect(!outcome.stderr.contains(0x07))
            #expect(outcome.stderrText.contains("␛]0;PWNED␇␛[31m"), "\(outcome.stderrText)")
        }
    }

    @Test func includeKeepsTheHeadsCRLFLines() async throws {
        try await withDemo { server, directory, _ in
            let base = server.baseURL
            let outcome = try await ExplorerProcess.run(["send", "-i", "\(base)status/200"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let text = String(decoding: outcome.stdout, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text.debugDescription)")
            #expect(text.contains("\r\n\r\n"))
        }
    }
}
