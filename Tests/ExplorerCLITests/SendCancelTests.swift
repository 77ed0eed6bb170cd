import Foundation
import Testing

/// Ctrl-C cancels the exchange in flight: exit 130, with the events drained first.
@Suite struct SendCancelTests {
    @Test func sigintCancelsAndDrainsTheEvents() async throws {
        try await withDemo { server, directory, key in
            let eventsPath = directory.path("events.jsonl")
            let child = try ExplorerProcess.start(
                ["send", "--events", eventsPath, "\(server.baseURL)delay/30000?key=\(key)"], in: directory)
            let started = try await eventually(within: 10) {
                (try? String(contentsOfFile: eventsPath, encoding: .utf8))?.contains("attempt.started") == true
            }
            #expect(started)
            child.signal(SIGINT)
            let outcome = try await child.finish()
            #expect(outcome.status == 130, "\(outcome.stderrText)")
            #expect(outcome.stderrText.contains("explorer: cancelled"))
            let events = try EventLines(path: eventsPath)
            let last = try #require(events.objects.last)
            #expect(last["event"] as? String == "exchange.failed")
            #expect((last["error"] as? [String: Any])?["kind"] as? String == "cancelled")
        }
    }
}
