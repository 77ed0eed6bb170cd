/// One Server-Sent Event as `stream.event` carries it (SPEC §10).
public struct StreamEventReport: Sendable, Equatable {
    /// From 1, over the whole exchange (reconnects go on counting).
    public var index: Int
    /// The event's type: `message` when the stream named none.
    public var type: String
    public var data: String
    /// The last event ID in effect when it was dispatched; "" when there is none.
    public var id: String
    /// The reconnection time the event's block set, in milliseconds.
    public var retry: Int?

    public init(index: Int, type: String, data: String, id: String, retry: Int? = nil) {
        self.index = index
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Why a streamed body ended (`stream.closed`'s `reason`).
public enum StreamEndReason: String, Sendable {
    /// The server ended the body.
    case ended
    /// The connection broke before the server ended it.
    case dropped
    /// `--max-events` was reached.
    case maxEvents = "max-events"
    /// `--max-time` passed.
    case maxTime = "max-time"
    /// The user stopped it (Esc, Ctrl-C).
    case stopped
}
