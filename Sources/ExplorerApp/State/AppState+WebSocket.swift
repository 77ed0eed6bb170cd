import ClientEvents
import Foundation
import TUICore

/// A WebSocket open in the TUI (SPEC §12): the Response pane is its message log (the exchange's
/// `ws.*` events as rows), the Body pane its composer — Ctrl+S sends what it holds, Ctrl+T
/// switches between text and binary (the text's bytes) — and Esc closes it with 1000.
public struct OpenWebSocket: Sendable, Equatable {
    public var exchange: ExchangeID
    public var sendsBinary = false
}

extension AppState {
    /// Follows the shown exchange's WebSocket opening and closing.
    mutating func followWebSocket(_ event: ClientEvent) {
        switch event.kind {
        case .wsOpened where event.exchange == exchanges.inFlight?.id:
            webSocket = OpenWebSocket(exchange: event.exchange)
        case .wsClosed where event.exchange == webSocket?.exchange:
            webSocket = nil
        default: break
        }
    }

    /// The composer's keys while a WebSocket is open; nil leaves the key to the Body pane.
    mutating func handleComposerKey(_ key: Key, now: Double) -> [Effect]? {
        guard focus == .body, var open = webSocket else { return nil }
        switch key {
        case .control("s"):
            let text = body.text
            let message: WebSocketReport.Message.Content = open.sendsBinary ? .binary(Data(text.utf8)) : .text(text)
            show("sent \(text.utf8.count) B as a \(open.sendsBinary ? "binary" : "text") message (Ctrl+T: \(open.sendsBinary ? "text" : "binary"))",
                 isError: false, now: now)
            return [.sendWebSocketMessage(message, open.exchange)]
        case .control("t"):
            open.sendsBinary.toggle()
            webSocket = open
            show("the composer sends \(open.sendsBinary ? "binary (the text's bytes)" : "text") messages", isError: false, now: now)
            return []
        default:
            return nil
        }
    }
}
