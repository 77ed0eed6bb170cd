import Foundation

/// What SPEC §12's `ws.*` events say of a WebSocket.
public enum WebSocketReport {
    public enum Direction: String, Sendable, Equatable {
        case incoming = "in"
        case outgoing = "out"
    }

    /// Who ended it: a close frame from either side, or the connection dropping without one.
    public enum ClosedBy: String, Sendable, Equatable {
        case server, client, transport
    }

    /// One message, text or binary; the event carries its data (`data` for text, `data_base64`
    /// for binary).
    public struct Message: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case text(String)
            case binary(Data)
        }

        public var direction: Direction
        public var content: Content

        public init(direction: Direction, content: Content) {
            self.direction = direction
            self.content = content
        }

        public var kind: String {
            if case .text = content { "text" } else { "binary" }
        }

        public var bytes: Int {
            switch content {
            case .text(let text): text.utf8.count
            case .binary(let data): data.count
            }
        }
    }

    public struct Closed: Sendable, Equatable {
        public var code: Int
        public var reason: String
        public var by: ClosedBy
        public var messagesIn: Int
        public var messagesOut: Int

        public init(code: Int, reason: String, by: ClosedBy, messagesIn: Int, messagesOut: Int) {
            self.code = code
            self.reason = reason
            self.by = by
            self.messagesIn = messagesIn
            self.messagesOut = messagesOut
        }
    }
}
