import ClientCore
import ExplorerApp
import Testing
import TUICore

/// SPEC §10 in the timeline: a stream is one row, counted and showing its latest event as they
/// come, however many there are; its end says why; a reconnect is a retry of source `stream`.
@Suite struct TimelineStreamTests {
    typealias F = TimelineFixture

    func texts(_ timeline: Timeline, now: Double) -> [String] { TimelineTests().texts(timeline, now: now) }

    @Test func tenThousandEventsAreOneRowThenTheReconnectIsARetry() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/events", at: 100)
        var events = [
            F.event(1, 0.3, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/events")),
            F.event(1, 2, .streamOpened(attempt: 1, contentType: "text/event-stream")),
        ]
        for index in 1...10_000 {
            events.append(F.event(1, 2 + Double(index) / 10, .streamEvent(StreamEventReport(index: index, type: "tick", data: "{\"n\": \(index)}", id: String(index)))))
        }
        F.feed(events, into: &timeline, start: 100)
        #expect(texts(timeline, now: 102) == [
            "#1 GET /events  127.0.0.1:41059",
            "  attempt 1 GET …/events",
            "    ≋ text/event-stream · 10000 events · latest: tick: {\"n\": 10000}",
        ])
        F.feed([
            F.event(1, 1003, .streamClosed(events: 10_000, bytes: 420_000, reason: .dropped)),
            F.event(1, 1003.1, .transportFailed(attempt: 1, kind: .connectionReset, message: "reset")),
            F.event(1, 1003.2, .retryScheduled(attempt: 1, strategy: "exponential", delayMs: 500, source: .stream)),
        ], into: &timeline, start: 100)
        let rows = texts(timeline, now: 101.1)
        #expect(rows[2] == "    ≋ stream dropped · 10000 events · 410 KB")
        #expect(timeline.rows(now: 101.1).last?.kind == .retry)
        #expect(rows.last == "    reconnect in 0.5 s · 0.5 s left (stream)")
    }
}
