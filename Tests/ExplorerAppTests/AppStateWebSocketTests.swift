import ClientEvents
import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// A WebSocket in the TUI (SPEC §12): the Response pane is the live message log (direction, size,
/// newest followed, a message shown whole with its JSON pretty), the Body pane the composer
/// (Ctrl+S sends, Ctrl+T text or binary), Esc closes, and the timeline shows the handshake and close.
@Suite struct AppStateWebSocketTests {
    typealias F = AppFixture

    static func event(_ kind: ClientEvent.Kind, at tMs: Double = 1) -> AppEvent {
        .client(ClientEvent(exchange: ExchangeID(1), tMs: tMs, kind: kind))
    }

    static func message(_ direction: WebSocketReport.Direction, _ text: String) -> ClientEvent.Kind {
        .wsMessage(.init(direction: direction, content: .text(text)))
    }

    /// A state whose first send opened a WebSocket with the chat subprotocol.
    static func opened() -> AppState {
        var state = F.state(url: "ws://127.0.0.1:41059/ws/chat")
        F.press(.enter, into: &state)
        for kind: ClientEvent.Kind in [.attemptStarted(attempt: 1, method: "GET", url: "ws://127.0.0.1:41059/ws/chat"),
                                       .responseReceived(attempt: 1, status: 101, bytes: 0, elapsedMs: 2, httpVersion: "1.1"),
                                       .wsOpened(url: "ws://127.0.0.1:41059/ws/chat", protocol: "chat.v1", extensions: [])] {
            _ = state.update(Self.event(kind), now: 1)
        }
        return state
    }

    @Test func messagesAreRowsOfTheResponsePaneNewestFollowed() {
        var state = Self.opened()
        #expect(state.webSocket == OpenWebSocket(exchange: ExchangeID(1)))
        _ = state.update(Self.event(Self.message(.outgoing, "hello")), now: 1.1)
        _ = state.update(Self.event(Self.message(.incoming, #"{"from":1,"text":"hello"}"#)), now: 1.2)
        _ = state.update(Self.event(.wsMessage(.init(direction: .incoming, content: .binary(Data([0xCA, 0xFE]))))), now: 1.3)
        let response = F.inside(.response, of: state, now: 1.3)
        #expect(response[0] == "101 · WebSocket · chat.v1 · 3 messages", "\(response)")
        #expect(response.contains("#1 +1ms → text 5 B hello"), "\(response)")
        #expect(response.contains(#"#2 +1ms ← text 25 B {"from":1,"text":"hello"}"#))
        #expect(response.contains("#3 +1ms ← binary 2 B cafe"))
        #expect(response.last?.hasPrefix("open · Esc closes (1000)") == true)
    }

    @Test func enterShowsAMessageWholeWithItsJSONPretty() {
        var state = Self.opened()
        let long = #"{"from":1,"text":"hello","members":["ann","bob","cy","dee","ed","flo","gus","hal","ivy","jo"]}"#
        _ = state.update(Self.event(Self.message(.incoming, long)), now: 1.1)
        F.press(.tab, .tab, .tab, into: &state)
        #expect(state.focus == .response)
        F.press(.up, .enter, into: &state)
        let detail = F.inside(.response, of: state, now: 1.2)
        #expect(detail[1] == "#1 · +1ms · ← text · 94 B", "\(detail)")
        #expect(detail.contains("{"))
        #expect(detail.contains(#"  "from": 1,"#), "\(detail)")
    }

    /// Search and the JSONPath filter per message (SPEC §12): `/` picks the newest message
    /// holding a text, `n` the older one; `f` keeps the messages a path selects from, as what it
    /// selects, and filters those that come while it is on; Esc shows them all again.
    @Test func searchAndTheFilterWorkPerMessage() {
        var state = Self.opened()
        for (number, text) in ["hello", #"{"from":1,"text":"hello"}"#, "plain", #"{"from":2,"text":"bye"}"#].enumerated() {
            _ = state.update(Self.event(Self.message(.incoming, text), at: Double(1_000 * (number + 1))), now: 1.1)
        }
        F.press(.tab, .tab, .tab, into: &state)
        F.press(.character("/"), into: &state)
        F.type("hello", into: &state)
        F.press(.enter, into: &state)
        #expect(state.response.stream?.selected == 1)
        F.press(.character("n"), into: &state)
        #expect(state.response.stream?.selected == 0)
        F.press(.character("N"), into: &state)
        #expect(state.response.stream?.selected == 1)

        F.press(.character("f"), into: &state)
        F.type("$.text", into: &state)
        var response = F.inside(.response, of: state, now: 1.2)
        #expect(response.contains(#"#2 +2.0s ← text 25 B "hello""#), "\(response)")
        #expect(response.contains(#"#4 +4.0s ← text 23 B "bye""#), "\(response)")
        #expect(!response.contains { $0.contains("plain") })
        #expect(response.last?.hasPrefix("filter $.text  2 of 4 rows · Enter keeps") == true, "\(response)")
        F.press(.enter, into: &state)
        _ = state.update(Self.event(Self.message(.incoming, #"{"text":"late"}"#), at: 5_000), now: 1.3)
        _ = state.update(Self.event(Self.message(.incoming, "not json"), at: 5_500), now: 1.3)
        response = F.inside(.response, of: state, now: 1.3)
        #expect(response.contains(#"#5 +5.0s ← text 15 B "late""#), "\(response)")
        #expect(response[0].hasSuffix("6 messages"), "the count stays every message: \(response)")

        F.press(.character("f"), .backspace, .backspace, .backspace, .backspace, .backspace, into: &state)
        F.type("[", into: &state)
        response = F.inside(.response, of: state, now: 1.4)
        #expect(response.last?.contains("✗") == true, "\(response)")
        #expect(response.contains(#"#5 +5.0s ← text 15 B {"text":"late"}"#), "an invalid path keeps the rows of the last valid one ($): \(response)")
        F.press(.escape, into: &state)
        response = F.inside(.response, of: state, now: 1.5)
        #expect(response.contains { $0.contains("#6 +5.5s ← text 8 B not json") }, "\(response)")
        #expect(state.response.stream?.rowFilter == nil)
    }

    @Test func aPingsRoundTripIsInTheTimeline() {
        var state = Self.opened()
        _ = state.update(Self.event(.wsPing(direction: .outgoing, bytes: 4), at: 30_000), now: 31)
        _ = state.update(Self.event(.wsPong(direction: .incoming, bytes: 4), at: 30_012.4), now: 31)
        _ = state.update(Self.event(.wsPing(direction: .incoming, bytes: 0), at: 40_000), now: 41)
        let timeline = F.inside(.timeline, of: state, now: 41).joined(separator: "\n")
        #expect(timeline.contains("ping sent, 4 B"), "\(timeline)")
        #expect(timeline.contains("pong from the server in 12 ms"), "\(timeline)")
        #expect(timeline.contains("ping from the server, 0 B"), "\(timeline)")
    }

    @Test func theBodyPaneIsTheComposer() {
        var state = Self.opened()
        F.press(.tab, .tab, into: &state)
        #expect(state.focus == .body)
        F.type(#"{"text":"hi"}"#, into: &state)
        #expect(F.press(.control("s"), into: &state) == [.sendWebSocketMessage(.text(#"{"text":"hi"}"#), ExchangeID(1))])
        #expect(state.message?.text.hasPrefix("sent 13 B as a text message") == true)
        F.press(.control("t"), into: &state)
        #expect(F.press(.control("s"), into: &state) == [.sendWebSocketMessage(.binary(Data(#"{"text":"hi"}"#.utf8)), ExchangeID(1))])
    }

    @Test func escClosesItAndTheCloseEndsTheComposer() {
        var state = Self.opened()
        #expect(F.press(.escape, into: &state) == [.cancel(ExchangeID(1))])
        _ = state.update(Self.event(.wsClosed(.init(code: 1000, reason: "", by: .client, messagesIn: 0, messagesOut: 0))), now: 1.5)
        #expect(state.webSocket == nil)
        F.press(.tab, .tab, into: &state)
        #expect(!F.press(.control("s"), into: &state).contains { if case .sendWebSocketMessage = $0 { true } else { false } },
                "with no WebSocket open, Ctrl+S saves the request as before")
        let timeline = F.inside(.timeline, of: state, now: 1.5).joined(separator: "\n")
        #expect(timeline.contains("⇄ WebSocket open"), "\(timeline)")
        #expect(timeline.contains("⇄ closed by explorer with 1000"), "\(timeline)")
    }
}
