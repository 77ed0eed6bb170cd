import Foundation
import Testing
import TestSupport

/// SPEC §10 through `send`: an event stream or line format goes out as it arrives, `--events`
/// has a line per event as it happens, `--max-events` and `--max-time` end a stream with exit 0.
@Suite struct SendStreamTests {
    /// Events from a server on threads of its own (no test's load delays them).
    static func ticks(_ count: Int, pause: Double, holdsLast: Bool = false) throws -> ScriptedServer {
        let pieces = (1...count).map { Array("id: \($0)\ndata: {\"n\": \($0)}\n\n".utf8) }
        return try ScriptedServer([.streaming("text/event-stream", pieces, pause: pause, holdsLast: holdsLast)])
    }

    @Test func anEventStreamIsWrittenAsItArrives() async throws {
        // The last event waits until the test has seen the first ones written.
        let server = try Self.ticks(5, pause: 0.05, holdsLast: true)
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let events = directory.path("events.jsonl")
        let process = try ExplorerProcess.start(["send", "--events", events, server.url + "sse"], in: directory)
        #expect(try await eventually(within: TestTime.scaled(10)) { process.stdoutSoFar().contains("data: {\"n\": 4}") })
        #expect(!process.stdoutSoFar().contains("data: {\"n\": 5}"))
        let eventLines = try await eventually(within: TestTime.scaled(10)) {
            (try? String(contentsOfFile: events, encoding: .utf8))?.contains("\"event\":\"stream.event\"") == true
        }
        #expect(eventLines, "each event is a line as it happens")
        server.release()
        let outcome = try await process.finish()
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(outcome.stdoutText.hasSuffix("data: {\"n\": 5}\n\n"))
    }

    @Test func maxEventsEndsTheStreamAfterItsLastEventWithExitZero() async throws {
        try await withDemo { server, directory, _ in
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(
                ["send", "--max-events", "3", "--max-retries", "2", "--events", events, "\(server.baseURL)events?count=100&interval_ms=10"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText.hasSuffix("id: 3\nevent: tick\ndata: {\"n\": 3}\n\n"))
            let lines = try EventLines(path: events)
            #expect(lines.named("stream.event").compactMap { $0["id"] as? String } == ["1", "2", "3"])
            #expect(lines.named("stream.closed").first?["reason"] as? String == "max-events")
            #expect(lines.names.last == "exchange.completed")
        }
    }

    @Test func maxTimeEndsAnEndlessStreamWithExitZero() async throws {
        let server = try Self.ticks(2_000, pause: 0.01)
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let events = directory.path("events.jsonl")
        let outcome = try await ExplorerProcess.run(["send", "--max-time", String(TestTime.scaled(1)), "--events", events, server.url + "sse"],
                                                    in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let lines = try EventLines(path: events)
        #expect(lines.named("stream.closed").first?["reason"] as? String == "max-time")
        #expect(lines.count("stream.event") > 0)
        #expect(lines.count("stream.event") < 2_000)
    }

    /// Events without an id or type: `id` is "", `type` is `message`; in one piece and byte by byte.
    @Test func eventsHaveTypeAndIDAlwaysWhatEverTheDelivery() async throws {
        let body = Array("data: a\n\nevent: up\ndata: b\nid: 4\n\ndata: c\n\n".utf8)
        for pieces in [[body], body.map { [$0] }] {
            let server = try ScriptedServer([.streaming("text/event-stream", pieces)])
            defer { server.stop() }
            let directory = try TestDirectory()
            defer { directory.remove() }
            let outcome = try await ExplorerProcess.run(["send", "--events", "-", server.url + "sse"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdout == Data(body))
            let lines = try EventLines(text: outcome.stderrText.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n"))
            let events = lines.named("stream.event")
            #expect(events.compactMap { $0["type"] as? String } == ["message", "up", "message"])
            #expect(events.compactMap { $0["id"] as? String } == ["", "4", "4"])
            #expect(events.compactMap { $0["data"] as? String } == ["a", "b", "c"])
            #expect(events.compactMap { $0["index"] as? Int } == [1, 2, 3])
        }
    }

    @Test func badLimitsAreUsageErrorsNamingTheFlag() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let events = try await ExplorerProcess.run(["send", "--max-events", "0", "http://127.0.0.1:9/"], in: directory)
        #expect(events.status == 2)
        #expect(events.stderrText.contains("--max-events"))
        let time = try await ExplorerProcess.run(["send", "--max-time", "-1", "http://127.0.0.1:9/"], in: directory)
        #expect(time.status == 2)
        #expect(time.stderrText.contains("--max-time"))
    }
}
