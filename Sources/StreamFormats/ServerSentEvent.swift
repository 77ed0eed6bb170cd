/// One event of a `text/event-stream`, as the WHATWG HTML standard dispatches it ("Interpreting an
/// event stream"): what `stream.event` reports (SPEC §10).
public struct ServerSentEvent: Sendable, Hashable {
    /// The stream's `event` field, or `message` when the block named none (or named "").
    public var type: String
    /// The block's `data` lines joined with LF.
    public var data: String
    /// The last event ID in effect when the event was dispatched: an `id` field persists over the
    /// events that follow until another one changes it; "" when there is none.
    public var id: String
    /// The reconnection time (ms) of a `retry` field read since the previous dispatched event of
    /// the stream (a `retry` in a block without data goes with the next event); nil when none came.
    /// The time in force is `EventStreamParser.reconnectionTime`.
    public var retry: Int?

    public init(type: String = "message", data: String, id: String = "", retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }
}
