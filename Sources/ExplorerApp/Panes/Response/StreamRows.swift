import ClientEvents
import RequestModel
import TUICore

/// An event stream or line-format body as the Response pane lists it (SPEC §10): one row per
/// event or record, live from the exchange's `stream.*` events, the newest followed until the
/// user picks a row; Enter shows the picked one whole, its data as pretty JSON when it is JSON.
/// Bounded: the oldest rows go past `capacity`, so an endless stream keeps memory flat.
public struct StreamRows: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var index: Int
        /// The event's type (`message` when unnamed); nil for a record.
        public var type: String?
        public var id: String
        /// Kept to `dataLimit` characters.
        public var data: String
        /// When it came, in ms since the exchange started (a WebSocket's rows show it).
        public var tMs: Double = 0
    }

    public static let capacity = 5_000
    static let dataLimit = 64 * 1024

    public private(set) var rows: [Row] = []
    /// Rows dropped from the front to stay within `capacity`.
    public private(set) var dropped = 0
    public private(set) var count = 0
    public private(set) var contentType: String
    public private(set) var ending: StreamEndReason?
    /// The rows are a WebSocket's messages (SPEC §12): counted as messages, sized rather than id'd.
    public private(set) var isWebSocket = false
    /// The row picked with Up/Down (an index into `rows`); nil follows the newest.
    public internal(set) var selected: Int?
    /// Enter: the picked row shown whole.
    public internal(set) var showsDetail = false
    /// `f`: only the rows a JSONPath selects something from (see StreamRows+Filter).
    public internal(set) var rowFilter: RowFilter?

    public init(contentType: String) {
        self.contentType = contentType
    }

    /// Takes one of the exchange's events, which came `tMs` after the exchange started; false for
    /// events that are not the stream's.
    @discardableResult
    public mutating func apply(_ event: ClientEvent.Kind, at tMs: Double = 0) -> Bool {
        switch event {
        case .streamOpened(_, let type):
            contentType = type
            ending = nil
        case .streamEvent(let event):
            append(Row(index: event.index, type: event.type, id: event.id, data: event.data))
        case .streamRecord(let index, _, let data):
            append(Row(index: index, type: nil, id: "", data: data))
        case .streamClosed(_, _, let reason):
            // The count stays the rows that came: a row lost on the way would show as a shortfall.
            ending = reason
        case .wsOpened:
            isWebSocket = true
            ending = nil
        case .wsMessage(let message):
            let data = switch message.content {
            case .text(let text): text
            case .binary(let bytes): bytes.prefix(Self.dataLimit / 2).map { String(format: "%02x", $0) }.joined()
            }
            isWebSocket = true
            append(Row(index: count + 1, type: (message.direction == .incoming ? "← " : "→ ") + message.kind, id: "\(message.bytes) B", data: data,
                       tMs: tMs))
        case .wsClosed(let closed):
            isWebSocket = true
            ending = closed.by == .transport ? .dropped : .ended
        default:
            return false
        }
        return true
    }

    private mutating func append(_ row: Row) {
        var row = row
        if row.data.utf8.count > Self.dataLimit { row.data = String(row.data.prefix(Self.dataLimit)) + "…" }
        rows.append(row)
        count += 1
        if rows.count > Self.capacity {
            // Dropped in batches: one shift per thousand rows, not one per row.
            let excess = rows.count - Self.capacity + Self.capacity / 5
            rows.removeFirst(excess)
            dropped += excess
            if rowFilter == nil, let picked = selected { selected = picked >= excess ? picked - excess : nil }
        }
        filterArrived(row)
    }

    /// Up/Down: picks the row above or below (the first Up picks the newest); past the end follows again.
    mutating func move(by offset: Int) {
        let count = visible.count
        guard count > 0 else { return }
        let current = selected ?? count
        let next = current + offset
        selected = next >= count ? nil : max(0, next)
    }

    /// `data: {"n": 1}` → one line: `tick  #1  id 1  {"n": 1}`.
    func line(_ row: Row) -> [Span] {
        var spans = [Span("#\(row.index) ", PaneFrame.muted)]
        if isWebSocket { spans.append(Span(TimelineFormat.offset(ms: row.tMs) + " ", PaneFrame.muted)) }
        if let type = row.type { spans.append(Span(type + " ", TimelineStyle.side)) }
        if !row.id.isEmpty { spans.append(Span((isWebSocket ? "" : "id ") + "\(row.id) ", PaneFrame.muted)) }
        spans.append(Span(row.data.replacingNewlines))
        return spans
    }

    /// The picked row whole: its fields, then its data, pretty when it is JSON.
    func detail(_ row: Row) -> [String] {
        var lines = isWebSocket
            ? ["#\(row.index) · " + TimelineFormat.offset(ms: row.tMs) + (row.type.map { " · \($0)" } ?? "") + " · \(row.id)"]
            : ["#\(row.index)" + (row.type.map { " · type \($0)" } ?? "") + (row.id.isEmpty ? "" : " · id \(row.id)")]
        if let json = JSONNode.parse(row.data) {
            lines += json.prettyText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else {
            lines += row.data.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }

    /// `12 events`, `1 record`.
    var countText: String {
        if isWebSocket { return "\(count) " + (count == 1 ? "message" : "messages") }
        let records = !rows.isEmpty && rows[0].type == nil
        return "\(count) " + (records ? (count == 1 ? "record" : "records") : (count == 1 ? "event" : "events"))
    }

    /// `12 events · live`, `12 events · ended`.
    var status: String { countText + " · " + (ending.map { $0.rawValue } ?? "live") }
}

private extension String {
    /// Multi-line data on one row: each line break shown as ⏎.
    var replacingNewlines: String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? "⏎" : $0 })
    }
}
