import ClientCore
import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// Sending, the exchange in flight, cancelling, retry waits and the client's events reaching
/// the Timeline and Response panes.
@Suite struct AppStateSendTests {
    typealias F = AppFixture
    typealias T = TimelineFixture

    func timeline(_ state: AppState, now: Double) -> [String] { F.inside(.timeline, of: state, now: now) }
    /// The timeline's newest row (the view follows the tail; blank rows below it are skipped).
    func newest(_ state: AppState, now: Double) -> String { timeline(state, now: now).last { !$0.isEmpty } ?? "" }
    func response(_ state: AppState, now: Double = 1) -> [String] { F.inside(.response, of: state, now: now) }
    func status(_ state: AppState, now: Double = 1) -> String { F.lines(state, now: now).last ?? "" }

    @Test func enterWhileTheProfileIsStartingWaitsForIt() {
        var state = F.state(profileReady: false)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.exchanges.inFlight == nil)
        #expect(status(state).contains("waiting for the demo API to start…"))
        #expect(state.message == nil)
        #expect(F.press(.control("r"), .function(5), into: &state).isEmpty)
        #expect(state.exchanges.pending?.draft == RequestDraft(method: "GET", url: "json/2"))
    }

    @Test func aFailedProfileSaysWhy() {
        var state = F.state(profileReady: false)
        _ = state.update(.profileFailed("port 8080 in use"), now: 1)
        #expect(F.lines(state)[2].contains("demo · port 8080 in use"))
        #expect(status(state).contains("port 8080 in use"))
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.message?.text == "not sent: profile demo failed: port 8080 in use")
    }

    @Test func enterAfterProfileReadySendsTheDraft() {
        var state = F.state(profileReady: false)
        _ = state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 0.5)
        let effects = F.press(.enter, into: &state, now: 1)
        #expect(effects == [.send(RequestDraft(method: "GET", url: "json/2"), ExchangeID(1))])
        #expect(state.exchanges.inFlight?.id == ExchangeID(1))
        #expect(timeline(state, now: 1).first == " #1 GET /json/2  127.0.0.1:41059")
        #expect(response(state).first == "waiting for the response…")
        #expect(status(state, now: 1.5).hasPrefix(" #1 in flight · 0.5 s · Esc cancels"))
    }

    @Test func ctrlRAndF5SendFromAnyPane() {
        for key: Key in [.control("r"), .function(5)] {
            var state = F.state()
            F.press(.tab, .tab, .tab, into: &state)
            #expect(F.press(key, into: &state) == [.send(state.draft, ExchangeID(1))])
        }
    }

    @Test func anAbsoluteURLShowsAsItIsInTheTimeline() {
        var state = F.state(url: "https://example.com:8443/a?b=1")
        F.press(.enter, into: &state)
        #expect(timeline(state, now: 1).first == " #1 GET /a?b=1  example.com:8443")
    }

    @Test func aSecondSendWhileInFlightSaysSo() {
        var state = F.state()
        #expect(F.press(.enter, into: &state).count == 1)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.message?.text == "an exchange is in flight: Esc cancels it")
        #expect(status(state).contains("an exchange is in flight: Esc cancels it"))
        #expect(state.exchanges.sent == 1)
    }

    @Test func aCRLFPastedIntoAHeaderValueBlocksSending() {
        var state = F.state()
        F.press(.tab, .character("a"), into: &state)
        F.type("X-Evil", into: &state)
        F.press(.enter, .paste("a\r\nHost: evil"), .enter, into: &state)
        #expect(state.headers.rows.count == 1)
        #expect(F.press(.control("r"), into: &state).isEmpty)
        #expect(state.exchanges.inFlight == nil)
        #expect(state.message?.text == "not sent: Header 1 value: CR at 2")
        #expect(status(state).contains("not sent: Header 1 value: CR at 2"))
        #expect(timeline(state, now: 1).first?.hasPrefix(" Send a request") == true)
        // The Headers pane flags the row too.
        #expect(F.inside(.headers, of: state).contains { $0.contains("CR at 2") })
        // Disabling the header lets the request go, without it.
        F.press(.character(" "), into: &state)
        guard case .send(let draft, _, _)? = F.press(.control("r"), into: &state).first else {
            Issue.record("not sent")
            return
        }
        #expect(draft.headers.isEmpty)
    }

    @Test func anInvalidHeaderNameBlocksSending() {
        var state = F.state()
        F.press(.tab, .character("a"), into: &state)
        F.type("Bad Name", into: &state)
        F.press(.enter, into: &state)
        F.type("v", into: &state)
        F.press(.enter, .control("r"), into: &state)
        #expect(state.exchanges.inFlight == nil)
        #expect(state.message?.text == "not sent: Header 1 name: space at 4")
    }

    @Test func anEmptyURLIsNotSent() {
        var state = F.state(url: "")
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.message?.text == "not sent: URL is empty")
    }

    // MARK: Cancel

    @Test func escInFlightCancelsFromAnyPane() {
        for tabs in 0..<5 {
            var state = F.state()
            let id = F.send(readyIndex: 0, in: &state)!
            for _ in 0..<tabs { F.press(.tab, into: &state) }
            #expect(F.press(.escape, into: &state, now: 1.2) == [.cancel(id)])
            #expect(state.exchanges.inFlight?.cancelRequested == true)
            #expect(timeline(state, now: 1.3).contains { $0.contains("cancelling…") })
            #expect(status(state, now: 1.3).contains("cancelling #1…"))
        }
    }

    @Test func cancelledExchangeEndsWithCancelledInTheTimeline() {
        var state = F.state()
        let id = F.send(readyIndex: 1, in: &state)!
        for event in T.flakyFirstAttempt(id.value, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        #expect(newest(state, now: 1.1).contains("retry in 0.4 s · 0.4 s left"))
        #expect(F.press(.escape, into: &state, now: 1.2) == [.cancel(id)])
        #expect(timeline(state, now: 1.2).contains { $0.contains("cancelling…") })

        _ = state.update(.exchangeEnded(id, failure: "cancelled", cancelled: true), now: 1.25)
        _ = state.update(.client(T.event(id.value, 250, .exchangeFailed(attempts: 1, error: .init(kind: "cancelled", message: "cancelled")))),
                         now: 1.25)
        #expect(state.exchanges.inFlight == nil)
        let rows = timeline(state, now: 1.3)
        #expect(rows.contains { $0.contains("✗ cancelled") })
        #expect(rows.contains { $0.contains("· cancelled") })
        #expect(!rows.contains { $0.contains("cancelling…") })
        #expect(response(state).first == "cancelled")
        #expect(state.nextTick(now: 1.3) == nil)
        // A new send works again.
        #expect(F.press(.enter, into: &state, now: 2).count == 1)
    }

    @Test func theClientsCancelledEventMayComeFirst() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        F.press(.escape, into: &state, now: 1.1)
        _ = state.update(.client(T.event(id.value, 100, .exchangeFailed(attempts: 0, error: .init(kind: "cancelled", message: "cancelled")))),
                         now: 1.1)
        _ = state.update(.exchangeEnded(id, failure: "cancelled", cancelled: true), now: 1.2)
        let rows = timeline(state, now: 1.3)
        #expect(rows.contains { $0.contains("✗ cancelled") })
        #expect(!rows.contains { $0.contains("cancelling…") })
    }

    @Test func escWhenIdleReachesThePaneAndCancelsNothing() {
        var state = F.state()
        F.press(.tab, .tab, .tab, .character("/"), into: &state)
        F.type("ab", into: &state)
        #expect(state.response.searchField == "ab")
        #expect(F.inside(.response, of: state).contains { $0.hasPrefix("/ab") })
        #expect(F.press(.escape, into: &state).isEmpty)
        #expect(state.response.searchField == nil)
        #expect(!F.inside(.response, of: state).contains { $0.hasPrefix("/ab") })
        // And in the headers it stops editing.
        F.press(.backTab, .backTab, .character("a"), into: &state)
        #expect(state.headers.isEditingText)
        #expect(F.press(.escape, into: &state).isEmpty)
        #expect(!state.headers.isEditingText)
    }

    @Test func ctrlCCancelsInFlightElseQuits() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        #expect(F.press(.control("c"), into: &state) == [.cancel(id)])
        _ = state.update(.exchangeEnded(id, failure: "cancelled", cancelled: true), now: 2)
        #expect(F.press(.control("c"), into: &state) == [.quit])
    }

    @Test func anEndedExchangeOfAnotherIdIsIgnored() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.exchangeEnded(ExchangeID(99), failure: "x", cancelled: false), now: 2)
        #expect(state.exchanges.inFlight?.id == id)
    }

    @Test func aFailureWithoutResponseShowsInTheResponsePane() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.exchangeEnded(id, failure: "connection refused by 127.0.0.1:41059", cancelled: false), now: 2)
        #expect(response(state).first == "connection refused by 127.0.0.1:41059")
        #expect(status(state, now: 2).contains("connection refused"))
    }

    // MARK: Retry waits

    func waitingState() -> (AppState, ExchangeID) {
        var state = F.state()
        let id = F.send(readyIndex: 1, in: &state)!
        for event in T.flakyFirstAttempt(id.value, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        return (state, id)
    }

    @Test func ctrlGSkipsTheWaitFromAnyPane() {
        var (state, _) = waitingState()
        F.press(.tab, .tab, into: &state)
        #expect(F.press(.control("g"), into: &state, now: 1.2) == [.skipWait])
        #expect(newest(state, now: 1.2).contains("retry (wait skipped)"))
        #expect(state.timeline.pendingWait == nil)
    }

    @Test(arguments: [Key.character(" "), .character("s")])
    func spaceInTheTimelineSkipsTheWait(key: Key) {
        var (state, _) = waitingState()
        F.press(.backTab, into: &state)
        #expect(state.focus == .timeline)
        #expect(F.press(key, into: &state, now: 1.2) == [.skipWait])
        #expect(newest(state, now: 1.2).contains("retry (wait skipped)"))
    }

    @Test func skippingWithNoWaitSaysSo() {
        var state = F.state()
        #expect(F.press(.control("g"), into: &state).isEmpty)
        #expect(state.message?.text == "no retry wait to skip")
        F.press(.backTab, into: &state)
        #expect(F.press(.character(" "), into: &state).isEmpty)
    }

    @Test func theRetryCountsDownAsTicksAdvanceTime() {
        var (state, _) = waitingState()
        var countdowns: [String] = []
        for now in [1.01, 1.11, 1.21, 1.31, 1.405] {
            _ = state.update(.tick, now: now)
            let row = newest(state, now: now)
            #expect(row.contains("retry in 0.4 s"), "\(row)")
            countdowns.append(row.components(separatedBy: " · ").dropFirst().first ?? "")
        }
        #expect(countdowns == ["0.4 s left (exponential)", "0.3 s left (exponential)", "0.2 s left (exponential)",
                               "0.1 s left (exponential)", "0.1 s left (exponential)"])
        #expect(status(state, now: 1.2).contains("#1 waiting to retry · 0.2 s · Ctrl+G skips, Esc cancels"))
    }

    @Test func nextTickFollowsWaitsAndExchanges() {
        var state = F.state()
        #expect(state.nextTick(now: 1) == nil)
        let id = F.send(readyIndex: 1, in: &state)!
        #expect(state.nextTick(now: 1) == 0.25)
        for event in T.flakyFirstAttempt(id.value, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        #expect(state.nextTick(now: 1.1) == 0.1)
        for event in T.flakySecondAttempt(id.value, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        #expect(state.nextTick(now: 1.5) == 0.25)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 1.5)
        #expect(state.nextTick(now: 1.5) == nil)
        // A message keeps a tick until it expires, then goes.
        F.press(.control("g"), into: &state, now: 2)
        #expect(state.nextTick(now: 2) == 3)
        _ = state.update(.tick, now: 5.1)
        #expect(state.message == nil)
        #expect(state.nextTick(now: 5.1) == nil)
    }

    @Test func aFullFlakySequenceEndsWithTheBodyOnScreen() {
        var state = F.state()
        F.press(.control("n"), into: &state, now: 0.5)
        #expect(F.lines(state)[2].contains("flaky 2/3"))
        let effects = F.press(.enter, into: &state, now: 1)
        #expect(effects == [.send(RequestDraft(method: "GET", url: "flaky/2"), ExchangeID(1))])
        for event in T.flakyFirstAttempt(1, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        _ = state.update(.tick, now: 1.2)
        #expect(timeline(state, now: 1.2) == [
            " #1 GET /flaky/2  127.0.0.1:41059",
            "   attempt 1 GET …/flaky/2 → 503 · 9 ms  +0ms",
            "     altRequest → next: 503 needs no alternate",
            "     default → retry: 503 is a retriable statu",
            "     retry in 0.4 s · 0.3 s left (exponential)",
            "",
        ])
        for event in T.flakySecondAttempt(1, path: "/flaky/2") { _ = state.update(.client(event), now: 1 + event.tMs / 1000) }
        let body = #"{"ok":true,"attempt":2}"#
        _ = state.update(.responseReceived(ExchangeID(1), F.summary(bytes: body.utf8.count), F.document(body)), now: 1.42)
        _ = state.update(.exchangeEnded(ExchangeID(1), failure: nil, cancelled: false), now: 1.42)
        #expect(state.exchanges.inFlight == nil)
        #expect(timeline(state, now: 1.5).suffix(4) == [
            "   attempt 2 GET …/flaky/2 → 200 · 2 ms",
            "     altRequest → next: 200 needs no alternate",
            "     default → next: 200 is a success  +413ms",
            "   ✓ 200 after 2 attempts · 413 ms     +413ms",
        ])
        let inside = response(state, now: 1.5)
        #expect(inside[0] == "200 OK  HTTP/1.1  413 ms  23 B")
        #expect(inside[2...4] == ["{", "  \"ok\": true,", "  \"attempt\": 2"])
        #expect(status(state, now: 1.5) == " demo           Enter send · Tab pane · F1 help · Ctrl+P commands · Ctrl+Q quit")
    }

    @Test func aStaleIndexedBodyDoesNotReplaceTheNewResponse() {
        var state = F.state()
        let first = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.responseReceived(first, F.summary(bytes: 7), F.document(#"{"a":1}"#)), now: 2)
        _ = state.update(.exchangeEnded(first, failure: nil, cancelled: false), now: 2)
        let second = F.send(readyIndex: 0, in: &state, now: 3)!
        _ = state.update(.responseReceived(second, F.summary(bytes: 7), F.document(#"{"b":2}"#)), now: 4)
        _ = state.update(.bodyIndexed(first, F.document(#"{"a":1}"#)), now: 4)
        #expect(response(state, now: 4)[3] == "  \"b\": 2")
    }
}
