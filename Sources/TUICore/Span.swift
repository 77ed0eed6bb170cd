/// A run of text in one style: a line of a pane is an array of spans.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = Style()) {
        self.text = text
        self.style = style
    }
}

extension Screen {
    /// Writes spans one after another from (row, column), clipped to `limit` columns.
    /// Returns the columns used.
    @discardableResult
    public mutating func put(_ spans: [Span], row: Int, column: Int, limit: Int? = nil) -> Int {
        var used = 0
        for span in spans {
            let remaining = limit.map { $0 - used }
            if let remaining, remaining <= 0 { break }
            used += put(span.text, row: row, column: column + used, style: span.style, limit: remaining)
        }
        return used
    }
}
