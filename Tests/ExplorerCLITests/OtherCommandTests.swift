import Foundation
import Testing

/// `demo-server` and the `tui` placeholder.
@Suite struct OtherCommandTests {
    @Test func demoServerListensUntilSigint() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let child = try ExplorerProcess.start(["demo-server", "--port", "0"], in: directory)
        let listening = try await eventually(within: 10) { child.stdoutSoFar().contains("/upload") }
        #expect(listening)
        let stdout = child.stdoutSoFar()
        let line = stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("demo API listening on http://127.0.0.1:"))
        #expect(stdout.contains("/flaky/{n}"))

        // It really serves: a request through the CLI against it.
        let base = String(line.dropFirst("demo API listening on ".count))
        let request = try await ExplorerProcess.run(["send", "\(base)status/200"], in: directory)
        #expect(request.status == 0, "\(request.stderrText)")

        child.signal(SIGINT)
        let outcome = try await child.finish()
        #expect(outcome.status == 0, "\(outcome.stderrText)")
    }

    @Test func theTUIWithoutATerminalPointsToSend() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run([], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.contains("needs a terminal"))
        #expect(outcome.stderrText.contains("explorer send"))
        let unknown = try await ExplorerProcess.run(["tui", "--profile", "nope"], in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("nope"))
    }

    @Test func demoServerRejectsAPortOutOfRange() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run(["demo-server", "--port", "70000"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.hasPrefix("explorer: "))
        #expect(outcome.stderrText.contains("--port"))
    }
}
