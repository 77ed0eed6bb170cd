import ClientCore
import Foundation
import RequestModel
@testable import Sessions
import Testing

/// What a recorded WebSocket conversation asks of its replay, and how `--check` compares one
/// (SPEC §12): outgoing messages paced from what they followed, the close as recorded, the
/// incoming messages in order with `check.ignore` on JSON ones.
@Suite struct WebSocketScriptTests {
    private static func event(_ tMs: Double, _ kind: ClientEvent.Kind) -> ClientEvent {
        ClientEvent(exchange: ExchangeID(1), tMs: tMs, kind: kind)
    }

    private static func message(_ tMs: Double, _ direction: WebSocketReport.Direction, _ text: String) -> ClientEvent {
        event(tMs, .wsMessage(.init(direction: direction, content: .text(text))))
    }

    private static func closed(_ tMs: Double, _ code: Int, by: WebSocketReport.ClosedBy) -> ClientEvent {
        event(tMs, .wsClosed(.init(code: code, reason: "bye", by: by, messagesIn: 0, messagesOut: 0)))
    }

    private static let opened = event(5, .wsOpened(url: "ws://127.0.0.1/ws/echo", protocol: "", extensions: []))

    @Test func eachStepWaitsForWhatItFollowedAndKeepsItsPause() throws {
        let script = try #require(WebSocketScript(events: [
            Self.event(0, .attemptStarted(attempt: 1, method: "GET", url: "ws://127.0.0.1/ws/echo")),
            Self.opened,
            Self.message(105, .outgoing, "one"),
            Self.message(106, .incoming, "one"),
            Self.event(150, .wsPing(direction: .incoming, bytes: 0)),
            Self.message(406, .outgoing, "two"),
            Self.message(410, .outgoing, "three"),
            Self.message(411, .incoming, "two"),
            Self.message(412, .incoming, "three"),
            Self.closed(612, 4000, by: .client),
        ]))
        #expect(script.steps == [
            .init(afterIncoming: 0, pauseMs: 100, content: .text("one")),
            .init(afterIncoming: 1, pauseMs: 300, content: .text("two")),
            .init(afterIncoming: 1, pauseMs: 4, content: .text("three")),
        ])
        #expect(script.ending == .client(code: 4000, reason: "bye", afterIncoming: 3, pauseMs: 200))
        #expect(script.incoming == [.text("one"), .text("two"), .text("three")])
    }

    @Test func aServersCloseIsWaitedForAndOnlyTheLastCloseEndsIt() throws {
        let script = try #require(WebSocketScript(events: [
            Self.opened,
            Self.message(10, .incoming, "a"),
            Self.closed(20, 1006, by: .transport),
            Self.event(40, .wsOpened(url: "ws://127.0.0.1/ws/echo", protocol: "", extensions: [])),
            Self.message(50, .incoming, "b"),
            Self.closed(65, 1001, by: .server),
        ]))
        #expect(script.steps.isEmpty)
        #expect(script.ending == .server(afterMs: 60))
        #expect(script.closed?.code == 1001)
        #expect(script.incoming.count == 2)
    }

    @Test func anExchangeWithoutAWebSocketHasNoScript() {
        #expect(WebSocketScript(events: [Self.event(0, .exchangeCompleted(status: 200, attempts: 1))]) == nil)
    }

    private static func exchange(_ events: [ClientEvent]) -> Session.Exchange {
        var request = RequestSpec(url: "ws/echo")
        request.webSocket = true
        return Session.Exchange(request: request, events: [Self.opened] + events, outcome: Session.Outcome(status: 101))
    }

    @Test func checkComparesIncomingMessagesInOrderWithIgnoredPlacesAndTheClose() {
        let recorded = Self.exchange([
            Self.message(10, .outgoing, "ping me"),
            Self.message(11, .incoming, #"{"tick": 1, "time": "10:00"}"#),
            Self.message(12, .incoming, "plain"),
            Self.event(13, .wsMessage(.init(direction: .incoming, content: .binary(Data([1, 2]))))),
            Self.closed(20, 1000, by: .client),
        ])
        let replayed = Self.exchange([
            Self.message(10, .outgoing, "ping me"),
            Self.message(11, .incoming, #"{"tick": 2, "time": "11:00"}"#),
            Self.message(12, .incoming, "plane"),
            Self.message(13, .incoming, "not binary"),
            Self.message(14, .incoming, "extra"),
            Self.closed(20, 1011, by: .server),
        ])
        let diff = SessionDiff.compare(expected: recorded, actual: replayed, check: Session.Check(headers: [], ignore: ["$.time"], attempts: false))
        #expect(diff.differences.map(\.description) == [
            "messages in: expected 3, got 4",
            "message 1 in: $.tick: expected 1, got 2",
            #"message 2 in: expected "plain", got "plane""#,
            "message 3 in: expected a binary message, got a text one",
            "closed: expected 1000 by the client, got 1011 by the server",
        ])
        #expect(diff.differences.first?.place == .messages)
        #expect(SessionDiff.compare(expected: recorded, actual: recorded, check: Session.Check(attempts: false)).isEqual)
    }
}
