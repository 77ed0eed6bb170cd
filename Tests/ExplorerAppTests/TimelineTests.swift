import ClientCore
import ExplorerApp
import Testing
import TUICore

/// Event sequences as ClientCore emits them for the demo profile (recorded with
/// `explorer send --profile demo --events -`), with round delays.
enum TimelineFixture {
    static let base = "http://127.0.0.1:41059"
    static let demoStrategy = "exponential base 0.2s ×2, cap 2s, full jitter"

    static func event(_ exchange: Int, _ tMs: Double, _ kind: ClientEvent.Kind) -> ClientEvent {
        ClientEvent(exchange: ExchangeID(exchange), tMs: tMs, kind: kind)
    }

    /// `GET /flaky/1`: one 503, a 400 ms exponential wait, then 200.
    static func flakyFirstAttempt(_ id: Int = 1, path: String = "/flaky/1") -> [ClientEvent] {
        [
            event(id, 0.3, .attemptStarted(attempt: 1, method: "GET", url: base + path)),
            event(id, 9.7, .responseReceived(attempt: 1, status: 503, bytes: 33, elapsedMs: 9.3, httpVersion: "HTTP/1.1")),
            event(id, 9.8, .validatorDecided(attempt: 1, validator: "altRequest", decision: .next, reason: "503 needs no alternate request")),
            event(id, 9.9, .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "503 is a retriable status")),
            event(id, 10, .retryScheduled(attempt: 1, strategy: demoStrategy, delayMs: 400, source: .strategy)),
        ]
    }

    static func flakySecondAttempt(_ id: Int = 1, path: String = "/flaky/1") -> [ClientEvent] {
        [
            event(id, 411, .attemptStarted(attempt: 2, method: "GET", url: base + path)),
            event(id, 412.8, .responseReceived(attempt: 2, status: 200, bytes: 24, elapsedMs: 1.8, httpVersion: "HTTP/1.1")),
            event(id, 412.9, .validatorDecided(attempt: 2, validator: "altRequest", decision: .next, reason: "200 needs no alternate request")),
            event(id, 413, .validatorDecided(attempt: 2, validator: "default", decision: .next, reason: "200 is a success")),
            event(id, 413.4, .exchangeCompleted(status: 200, attempts: 2)),
        ]
    }

    /// `GET auth/protected` without a token: 401, the token refresh, then 200.
    static let tokenRefresh: [ClientEvent] = [
        event(1, 0.3, .attemptStarted(attempt: 1, method: "GET", url: base + "/auth/protected")),
        event(1, 9.7, .responseReceived(attempt: 1, status: 401, bytes: 36, elapsedMs: 9.3, httpVersion: "HTTP/1.1")),
        event(1, 9.8, .validatorDecided(attempt: 1, validator: "altRequest", decision: .retry, reason: "401: run POST auth/refresh, then retry")),
        event(1, 10, .altStarted(attempt: 1, method: "POST", url: base + "/auth/refresh")),
        event(1, 11.7, .altFinished(attempt: 1, status: 200, error: nil)),
        event(1, 12, .retryScheduled(attempt: 1, strategy: "after POST auth/refresh", delayMs: 0, source: .strategy)),
        event(1, 12.1, .attemptStarted(attempt: 2, method: "GET", url: base + "/auth/protected")),
        event(1, 13.2, .responseReceived(attempt: 2, status: 200, bytes: 45, elapsedMs: 1.2, httpVersion: "HTTP/1.1")),
        event(1, 13.3, .validatorDecided(attempt: 2, validator: "altRequest", decision: .next, reason: "200 needs no alternate request")),
        event(1, 13.3, .validatorDecided(attempt: 2, validator: "default", decision: .next, reason: "200 is a success")),
        event(1, 13.4, .exchangeCompleted(status: 200, attempts: 2)),
    ]

    /// A refused connection with no retries allowed.
    static let refused: [ClientEvent] = [
        event(1, 0.6, .attemptStarted(attempt: 1, method: "GET", url: "http://127.0.0.1:1/x")),
        event(1, 6.1, .transportFailed(attempt: 1, kind: .connectionRefused, message: "connection refused by 127.0.0.1:1")),
        event(1, 6.2, .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "connectionRefused may pass on a retry")),
        event(1, 6.2, .retrySkipped(attempt: 1, reason: "retries exhausted (0 allowed)")),
        event(1, 6.3, .exchangeFailed(attempts: 1, error: .init(kind: "retriesExhausted", message: "gave up after 1 attempt: connection refused by 127.0.0.1:1"))),
    ]

    /// Feeds `events` as if each arrived `t_ms` after `start` on the app's clock.
    static func feed(_ events: [ClientEvent], into timeline: inout Timeline, start: Double) {
        for event in events { timeline.apply(event, receivedAt: start + event.tMs / 1000) }
    }

    static func feed(_ events: [ClientEvent], into pane: inout TimelinePane, start: Double) {
        for event in events { pane.apply(event, receivedAt: start + event.tMs / 1000) }
    }
}

@Suite struct TimelineTests {
    typealias F = TimelineFixture

    func texts(_ timeline: Timeline, now: Double) -> [String] {
        timeline.rows(now: now).map { String(repeating: "  ", count: $0.indent) + $0.text }
    }

    @Test func anEncodedBodyShowsItsCodingAndBothSizes() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/gzip", at: 100)
        F.feed([
            F.event(1, 0.3, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/gzip")),
            F.event(1, 9.7, .responseReceived(attempt: 1, status: 200, bytes: 1_258_291, elapsedMs: 9.3, httpVersion: "HTTP/1.1",
                                              encoding: .init(name: "gzip", bytes: 317_440))),
        ], into: &timeline, start: 100)
        #expect(texts(timeline, now: 100.1)[1] == "  attempt 1 GET …/gzip → 200 · 1.2 MB (gzip 310 KB) · 9 ms")
    }

    @Test func flakyExchangeCountsDownThenSettles() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 100)
        F.feed(F.flakyFirstAttempt(), into: &timeline, start: 100)

        #expect(texts(timeline, now: 100.11) == [
            "#1 GET /flaky/1  127.0.0.1:41059",
            "  attempt 1 GET …/flaky/1 → 503 · 9 ms",
            "    altRequest → next: 503 needs no alternate request",
            "    default → retry: 503 is a retriable status",
            "    retry in 0.4 s · 0.3 s left (exponential)",
        ])
        let wait = timeline.pendingWait
        #expect(wait?.exchange == ExchangeID(1))
        #expect(abs((wait?.endsAt ?? 0) - 100.41) < 1e-9)
        #expect(timeline.rows(now: 100.35).last?.text == "retry in 0.4 s · 0.1 s left (exponential)")
        #expect(timeline.rows(now: 100.11).last?.kind == .retry)
        #expect(timeline.rows(now: 100.11).map(\.time) == [nil, "+0ms", "+10ms", "+10ms", "+10ms"])

        F.feed(F.flakySecondAttempt(), into: &timeline, start: 100)
        #expect(texts(timeline, now: 100.5) == [
            "#1 GET /flaky/1  127.0.0.1:41059",
            "  attempt 1 GET …/flaky/1 → 503 · 9 ms",
            "    altRequest → next: 503 needs no alternate request",
            "    default → retry: 503 is a retriable status",
            "    retry after 0.4 s (exponential)",
            "  attempt 2 GET …/flaky/1 → 200 · 2 ms",
            "    altRequest → next: 200 needs no alternate request",
            "    default → next: 200 is a success",
            "  ✓ 200 after 2 attempts · 413 ms",
        ])
        #expect(timeline.rows(now: 100.5).last?.time == "+413ms")
        #expect(timeline.pendingWait == nil)
    }

    @Test func colours() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt() + F.flakySecondAttempt(), into: &timeline, start: 0)
        let rows = timeline.rows(now: 1)
        #expect(rows[1].spans.first { $0.text == "503" }?.style.foreground == .red)
        #expect(rows[3].spans.first { $0.text == "retry" }?.style.foreground == .yellow)
        #expect(rows[4].spans.allSatisfy { $0.style.foreground == .yellow })
        #expect(rows[5].spans.first { $0.text == "200" }?.style.foreground == .green)
        #expect(rows[8].spans.first?.style.foreground == .green)
        #expect(rows[8].spans.last?.style.dim == true)
    }

    @Test func retryAfterIsMarked() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/retry-after/3", at: 0)
        F.feed([
            F.event(1, 0.2, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/retry-after/3")),
            F.event(1, 7.5, .responseReceived(attempt: 1, status: 503, bytes: 43, elapsedMs: 7.2, httpVersion: "HTTP/1.1")),
            F.event(1, 7.6, .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "503 is a retriable status")),
            F.event(1, 8, .retryScheduled(attempt: 1, strategy: F.demoStrategy, delayMs: 3000, source: .retryAfter)),
        ], into: &timeline, start: 0)
        #expect(timeline.rows(now: 0.5).last?.text == "retry in 3.0 s · 2.6 s left ⟵ Retry-After")
        F.feed([F.event(1, 3009, .attemptStarted(attempt: 2, method: "GET", url: F.base + "/retry-after/3"))], into: &timeline, start: 0)
        #expect(timeline.rows(now: 3.1).map(\.text).suffix(2) == [
            "retry after 3.0 s ⟵ Retry-After",
            "attempt 2 GET …/retry-after/3 …",
        ])
    }

    @Test func tokenRefreshNestsTheAlternateRequestUnderItsAttempt() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/auth/protected", at: 0)
        F.feed(F.tokenRefresh, into: &timeline, start: 0)
        #expect(texts(timeline, now: 1) == [
            "#1 GET /auth/protected  127.0.0.1:41059",
            "  attempt 1 GET …/auth/protected → 401 · 9 ms",
            "    altRequest → retry: 401: run POST auth/refresh, then retry",
            "    ↳ alt POST …/auth/refresh → 200",
            "    retry at once (after POST auth/refresh)",
            "  attempt 2 GET …/auth/protected → 200 · 1 ms",
            "    altRequest → next: 200 needs no alternate request",
            "    default → next: 200 is a success",
            "  ✓ 200 after 2 attempts · 13 ms",
        ])
        let alternate = timeline.rows(now: 1)[3]
        #expect(alternate.kind == .alternate)
        #expect(alternate.spans.first?.style.foreground == .cyan)
        #expect(timeline.pendingWait == nil)
    }

    @Test func failedRefreshAndTasks() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(4), method: "GET", url: F.base + "/auth/protected", at: 0)
        F.feed([
            F.event(4, 0.1, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/auth/protected")),
            F.event(4, 7.4, .responseReceived(attempt: 1, status: 401, bytes: 36, elapsedMs: 7.2, httpVersion: "HTTP/1.1")),
            F.event(4, 7.5, .validatorDecided(attempt: 1, validator: "altRequest", decision: .retry, reason: "401: run POST auth/refresh, then retry")),
            F.event(4, 7.6, .altStarted(attempt: 1, method: "POST", url: F.base + "/auth/refresh?fail=1")),
        ], into: &timeline, start: 0)
        #expect(timeline.rows(now: 0.01).last?.text == "↳ alt POST …/auth/refresh?fail=1 …")
        F.feed([
            F.event(4, 9, .altFinished(attempt: 1, status: 500, error: "the server answered 500")),
            F.event(4, 9.1, .taskStarted(attempt: 1)),
            F.event(4, 9.2, .taskFailed(attempt: 1, message: "no\ntoken")),
        ], into: &timeline, start: 0)
        let rows = timeline.rows(now: 1)
        #expect(rows.suffix(2).map(\.text) == ["↳ alt POST …/auth/refresh?fail=1 ✗ 500 the server answered 500", "↳ task ✗ no token"])
        #expect(rows.suffix(2).map(\.indent) == [2, 2])
        #expect(rows.last?.spans.last?.style.foreground == .red)
    }

    @Test func transportFailureAndSkippedRetry() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: "http://127.0.0.1:1/x", at: 0)
        F.feed(F.refused, into: &timeline, start: 0)
        #expect(texts(timeline, now: 1) == [
            "#1 GET /x  127.0.0.1:1",
            "  attempt 1 GET …/x ✗ connectionRefused: connection refused by 127.0.0.1:1",
            "    default → retry: connectionRefused may pass on a retry",
            "    retry skipped: retries exhausted (0 allowed)",
            "  ✗ failed: retriesExhausted — gave up after 1 attempt: connection refused by 127.0.0.1:1",
        ])
        let rows = timeline.rows(now: 1)
        #expect(rows[1].spans.last?.style.foreground == .red)
        #expect(rows[3].kind == .retrySkipped)
        #expect(rows[4].kind == .failed)
        #expect(rows[4].spans.first?.style.foreground == .red)
    }

    @Test func postIsNotRetried() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(2), method: "POST", url: F.base + "/flaky/2", at: 0)
        F.feed([
            F.event(2, 0.2, .attemptStarted(attempt: 1, method: "POST", url: F.base + "/flaky/2")),
            F.event(2, 7.2, .responseReceived(attempt: 1, status: 503, bytes: 33, elapsedMs: 7, httpVersion: "HTTP/1.1")),
            F.event(2, 7.3, .validatorDecided(attempt: 1, validator: "default", decision: .retry, reason: "503 is a retriable status")),
            F.event(2, 7.4, .retrySkipped(attempt: 1, reason: "method not idempotent: POST is not retried unless asked for")),
            F.event(2, 7.6, .exchangeFailed(attempts: 1, error: .init(kind: "endpointError", message: "the server answered 503: flaky: failure 1 of 2", status: 503))),
        ], into: &timeline, start: 0)
        #expect(timeline.rows(now: 1).suffix(2).map(\.text) == [
            "retry skipped: method not idempotent: POST is not retried unless asked for",
            "✗ failed: endpointError — the server answered 503: flaky: failure 1 of 2",
        ])
    }

    @Test func withheldCredentialsAreOneRowAndTheResponseStaysOnItsAttempt() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(3), method: "GET", url: "http://127.0.0.1:9/echo", at: 0)
        F.feed([
            F.event(3, 0.2, .attemptStarted(attempt: 1, method: "GET", url: "http://127.0.0.1:9/echo")),
            F.event(3, 0.3, .credentialsWithheld(attempt: 1, origin: "http://127.0.0.1:9", headers: ["Authorization", "X-Demo-Key"])),
            F.event(3, 5, .responseReceived(attempt: 1, status: 200, bytes: 10, elapsedMs: 4.7, httpVersion: "HTTP/1.1")),
            F.event(3, 5.1, .validatorDecided(attempt: 1, validator: "default", decision: .next, reason: "200 is a success")),
            F.event(3, 5.2, .exchangeCompleted(status: 200, attempts: 1)),
        ], into: &timeline, start: 0)
        let rows = timeline.rows(now: 1)
        #expect(rows.map(\.kind) == [.header, .attempt, .withheld, .decision, .completed])
        #expect(rows[1].text.contains("→ 200"))
        #expect(rows[2].text == "credentials withheld from http://127.0.0.1:9: Authorization, X-Demo-Key")
    }

    @Test func redirectHopsShareTheirAttempt() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/redirect/2", at: 0)
        F.feed([
            F.event(1, 0.2, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/redirect/2")),
            F.event(1, 7.9, .responseReceived(attempt: 1, status: 302, bytes: 26, elapsedMs: 7.6, httpVersion: "HTTP/1.1")),
            F.event(1, 8, .redirectFollowed(attempt: 1, status: 302, from: F.base + "/redirect/2", to: F.base + "/redirect/1")),
            F.event(1, 9.2, .responseReceived(attempt: 1, status: 302, bytes: 26, elapsedMs: 1.2, httpVersion: "HTTP/1.1")),
            F.event(1, 9.3, .redirectFollowed(attempt: 1, status: 302, from: F.base + "/redirect/1", to: "https://example.org/done")),
            F.event(1, 10.7, .responseReceived(attempt: 1, status: 200, bytes: 19, elapsedMs: 1.4, httpVersion: "HTTP/1.1")),
            F.event(1, 10.8, .exchangeCompleted(status: 200, attempts: 1)),
        ], into: &timeline, start: 0)
        #expect(texts(timeline, now: 1) == [
            "#1 GET /redirect/2  127.0.0.1:41059",
            "  attempt 1 GET …/redirect/2 → 302 · 8 ms",
            "    ↪ …/redirect/1 → 302 · 1 ms",
            "    ↪ https://example.org/done → 200 · 1 ms",
            "  ✓ 200 after 1 attempt · 11 ms",
        ])
    }

    @Test func cancellingDuringAWaitShowsCancelled() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/retry-after/3", at: 50)
        F.feed([
            F.event(1, 0.2, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/retry-after/3")),
            F.event(1, 7.5, .responseReceived(attempt: 1, status: 503, bytes: 43, elapsedMs: 7.2, httpVersion: "HTTP/1.1")),
            F.event(1, 8.5, .retryScheduled(attempt: 1, strategy: F.demoStrategy, delayMs: 3000, source: .retryAfter)),
        ], into: &timeline, start: 50)
        timeline.markCancelRequested(at: 50.9)
        let cancelling = timeline.rows(now: 50.95)
        #expect(cancelling.last?.text == "cancelling…")
        #expect(cancelling.last?.kind == .cancelling)
        #expect(cancelling.last?.time == "+900ms")

        F.feed([F.event(1, 966.5, .exchangeFailed(attempts: 1, error: .init(kind: "cancelled", message: "cancelled")))],
               into: &timeline, start: 50)
        #expect(texts(timeline, now: 51) == [
            "#1 GET /retry-after/3  127.0.0.1:41059",
            "  attempt 1 GET …/retry-after/3 → 503 · 7 ms",
            "    retry in 3.0 s ⟵ Retry-After · cancelled",
            "  ✗ cancelled · 967 ms",
        ])
        #expect(timeline.rows(now: 51).last?.kind == .cancelled)
        #expect(timeline.pendingWait == nil)
    }

    @Test func cancelRequestedButTheExchangeCompletedAnyway() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt(), into: &timeline, start: 0)
        timeline.markCancelRequested(at: 0.2)
        #expect(timeline.rowCount == 6)
        F.feed(F.flakySecondAttempt(), into: &timeline, start: 0)
        #expect(timeline.rows(now: 1).last?.text == "✓ 200 after 2 attempts · 413 ms")
        #expect(!timeline.rows(now: 1).contains { $0.kind == .cancelling })
        // Nothing in flight: nothing to cancel.
        timeline.markCancelRequested(at: 2)
        #expect(timeline.rowCount == 9)
    }

    @Test func skippingTheWait() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt(), into: &timeline, start: 0)
        timeline.markWaitSkipped(at: 0.1)
        #expect(timeline.pendingWait == nil)
        #expect(timeline.rows(now: 0.1).last?.text == "retry (wait skipped)")
        F.feed([F.event(1, 101, .attemptStarted(attempt: 2, method: "GET", url: F.base + "/flaky/1"))], into: &timeline, start: 0)
        #expect(timeline.rows(now: 0.2).map(\.text).suffix(2) == ["retry (wait skipped)", "attempt 2 GET …/flaky/1 …"])
    }

    @Test func twoExchangesKeepTheirOwnRows() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt(1), into: &timeline, start: 0)
        timeline.begin(exchange: ExchangeID(3), method: "GET", url: F.base + "/flaky/2", at: 0.1)
        // Interleaved: the first exchange's events still land under its own header.
        F.feed(F.flakyFirstAttempt(3, path: "/flaky/2"), into: &timeline, start: 0.1)
        F.feed(F.flakySecondAttempt(1), into: &timeline, start: 0)
        let rows = timeline.rows(now: 5)
        #expect(rows.filter { $0.kind == .header }.map(\.text) == ["#1 GET /flaky/1  127.0.0.1:41059", "#2 GET /flaky/2  127.0.0.1:41059"])
        #expect(rows[8].text == "✓ 200 after 2 attempts · 413 ms")
        #expect(rows[9].text == "#2 GET /flaky/2  127.0.0.1:41059")
        #expect(rows.count == 14)
        #expect(rows[..<9].allSatisfy { $0.exchange == ExchangeID(1) })
        #expect(rows[9...].allSatisfy { $0.exchange == ExchangeID(3) })
        #expect(timeline.pendingWait?.exchange == ExchangeID(3))
    }

    @Test func aReusedIDStartsANewExchange() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt() + F.flakySecondAttempt(), into: &timeline, start: 0)
        // A new client (another profile) numbers its exchanges from 1 again; nobody called begin.
        F.feed([F.event(1, 0.5, .attemptStarted(attempt: 1, method: "DELETE", url: "http://other.test/items/7"))], into: &timeline, start: 9)
        let rows = timeline.rows(now: 10)
        #expect(rows.count == 11)
        #expect(rows[9].text == "#2 DELETE /items/7  other.test")
        #expect(rows[10].text == "attempt 1 DELETE …/items/7 …")
    }

    @Test func credentialsInURLsAreNotShown() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: "https://ann:secret@api.test/me", at: 0)
        F.feed([F.event(1, 0, .attemptStarted(attempt: 1, method: "GET", url: "https://ann:secret@api.test/me")),
                F.event(1, 1, .redirectFollowed(attempt: 1, status: 302, from: "https://api.test/me", to: "https://bob:pw@cdn.test/x"))],
               into: &timeline, start: 0)
        let text = timeline.rows(now: 1).map(\.text).joined(separator: "\n")
        #expect(!text.contains("secret") && !text.contains("pw@"))
        #expect(text.contains("#1 GET /me  api.test"))
        #expect(text.contains("↪ https://cdn.test/x"))
    }

    @Test func staysBounded() {
        var timeline = Timeline()
        for id in 1...150 {
            timeline.begin(exchange: ExchangeID(id), method: "GET", url: F.base + "/flaky/1", at: Double(id))
            F.feed(F.flakyFirstAttempt(id) + F.flakySecondAttempt(id), into: &timeline, start: Double(id))
        }
        let rows = timeline.rows(now: 200)
        #expect(rows.filter { $0.kind == .header }.count == Timeline.maxExchanges)
        #expect(rows.first?.text == "#51 GET /flaky/1  127.0.0.1:41059")
        #expect(timeline.rowCount == rows.count)

        // One exchange that never ends (a validator retrying forever) keeps its newest rows.
        var endless = Timeline()
        endless.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/100000", at: 0)
        for attempt in 1...3000 {
            F.feed([
                F.event(1, Double(attempt), .attemptStarted(attempt: attempt, method: "GET", url: F.base + "/flaky/100000")),
                F.event(1, Double(attempt), .retryScheduled(attempt: attempt, strategy: "immediate", delayMs: 0, source: .strategy)),
            ], into: &endless, start: 0)
        }
        let endlessRows = endless.rows(now: 10)
        #expect(endless.rowCount <= Timeline.maxRows)
        #expect(endlessRows.count == endless.rowCount)
        #expect(endlessRows[0].kind == .header)
        #expect(endlessRows[1].text == "… 1002 earlier rows not kept")
        #expect(endlessRows.last?.text == "retry at once (immediate)")
        #expect(endlessRows[endlessRows.count - 2].text == "attempt 3000 GET …/flaky/100000")
    }

    @Test func rowsInARangeMatchTheWhole() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt() + F.flakySecondAttempt(), into: &timeline, start: 0)
        timeline.begin(exchange: ExchangeID(2), method: "GET", url: F.base + "/auth/protected", at: 1)
        F.feed(F.tokenRefresh.map { var e = $0; e.exchange = ExchangeID(2); return e }, into: &timeline, start: 1)
        let all = timeline.rows(now: 3)
        #expect(timeline.rows(in: 7..<12, now: 3) == Array(all[7..<12]))
        #expect(timeline.rows(in: 15..<40, now: 3) == Array(all[15...]))
        #expect(timeline.rows(in: 40..<50, now: 3).isEmpty)
    }

    @Test func formats() {
        var timeline = Timeline()
        timeline.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/slow", at: 0)
        F.feed([
            F.event(1, 0, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/slow")),
            F.event(1, 1250, .responseReceived(attempt: 1, status: 503, bytes: 1, elapsedMs: 1249.6, httpVersion: "HTTP/2")),
            F.event(1, 1251, .retryScheduled(attempt: 1, strategy: F.demoStrategy, delayMs: 43.9, source: .strategy)),
            F.event(1, 1300, .attemptStarted(attempt: 2, method: "GET", url: F.base + "/slow")),
            F.event(1, 1400, .transportFailed(attempt: 2, kind: .timeout, message: "no answer\nin 0.1 s")),
            F.event(1, 1401, .retryScheduled(attempt: 2, strategy: "delayed 1s, cap 1s", delayMs: 273.4, source: .strategy)),
            F.event(1, 1700, .attemptStarted(attempt: 3, method: "GET", url: F.base + "/slow")),
            F.event(1, 125_000, .exchangeCompleted(status: 200, attempts: 3)),
        ], into: &timeline, start: 0)
        let rows = timeline.rows(now: 200)
        #expect(rows.map(\.text) == [
            "#1 GET /slow  127.0.0.1:41059",
            "attempt 1 GET …/slow → 503 · 1.2 s",
            "retry after 44 ms (exponential)",
            "attempt 2 GET …/slow ✗ timeout: no answer in 0.1 s",
            "retry after 0.27 s (delayed 1s)",
            "attempt 3 GET …/slow",
            "✓ 200 after 3 attempts · 125.0 s",
        ])
        #expect(rows.map(\.time) == [nil, "+0ms", "+1.3s", "+1.3s", "+1.4s", "+1.7s", "+125s"])
    }
}

/// SPEC §12 in the timeline: the opening, pings and the close are rows; messages are the
/// Response pane's log, so a flood of them adds none.
@Suite struct WebSocketTimelineTests {
    @Test func stepsAreRowsAndMessagesAreNot() {
        var timeline = Timeline()
        let events: [ClientEvent] = [
            TimelineFixture.event(1, 0.2, .attemptStarted(attempt: 1, method: "GET", url: "ws://127.0.0.1:1/ws/chat")),
            TimelineFixture.event(1, 2, .wsOpened(url: "ws://127.0.0.1:1/ws/chat", protocol: "chat.v1", extensions: ["permessage-deflate"])),
        ] + (0..<1_000).map { TimelineFixture.event(1, 3, .wsMessage(.init(direction: .incoming, content: .text("tick \($0)")))) } + [
            TimelineFixture.event(1, 4, .wsPing(direction: .outgoing, bytes: 4)),
            TimelineFixture.event(1, 5, .wsClosed(.init(code: 1011, reason: "oops", by: .server, messagesIn: 1_000, messagesOut: 0))),
        ]
        for event in events { timeline.apply(event, receivedAt: 1) }
        let rows = timeline.rows(now: 2).map(\.text)
        #expect(rows.contains("⇄ WebSocket open, subprotocol chat.v1, permessage-deflate"))
        #expect(rows.contains("⇄ ping sent, 4 B"))
        #expect(rows.contains("⇄ closed by the server with 1011 (oops); 1000 in, 0 out"))
        #expect(rows.count < 10, "\(rows.count) rows")
        #expect(timeline.rows(now: 2).last?.kind == .webSocket)
    }
}
