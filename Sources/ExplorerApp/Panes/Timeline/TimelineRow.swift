import ClientEvents
import TUICore

/// One line of the timeline as the pane draws it: an indent level (attempts under their
/// exchange, decisions, retries, alternate requests and tasks under their attempt), styled
/// spans, and the time since the exchange started, shown dim at the right when there is room.
public struct TimelineRow: Sendable, Equatable {
    /// What the row says, so the app (or a test) can find rows without parsing their text.
    public enum Kind: Sendable, Equatable {
        case header, attempt, redirect, decision, retry, retrySkipped, withheld, alternate, task, capture, assertion, stream, auth, webSocket
        case completed, failed, cancelled, cancelling, note
    }

    public var exchange: ExchangeID
    public var kind: Kind
    /// 0 for the exchange's header, 1 for attempts and the outcome, 2 for what an attempt caused.
    public var indent: Int
    public var spans: [Span]
    /// `+412ms`: the event's time since the exchange started; nil on the header.
    public var time: String?

    public init(exchange: ExchangeID, kind: Kind, indent: Int, spans: [Span], time: String? = nil) {
        self.exchange = exchange
        self.kind = kind
        self.indent = indent
        self.spans = spans
        self.time = time
    }

    /// The row's words without styles or indent (what tests compare).
    public var text: String { spans.map(\.text).joined() }
}
