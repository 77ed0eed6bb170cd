import TUICore

extension TimelinePane {
    static let title = "Timeline"
    static let emptyHint = "Send a request (Enter, Ctrl+R or F5) to watch its attempts here"

    /// Draws the frame and the visible rows; `now` (the app's monotonic clock, seconds) drives
    /// a retry's countdown. Rows are clipped, never wrapped; each row's time goes at the right
    /// when the row leaves room for it.
    public func render(into screen: inout Screen, area: Rect, focused: Bool, now: Double) {
        let inner = PaneFrame.draw(Self.title, in: area, focused: focused, on: &screen)
        guard inner.width > 0, inner.height > 0 else { return }
        // One blank column after the left border; rows may run to the right border.
        let pad = inner.width >= 10 ? 1 : 0
        let column = inner.column + pad, width = inner.width - pad
        if timeline.isEmpty {
            for (offset, line) in CellWidth.wrap(Self.emptyHint, width: width - pad).prefix(inner.height).enumerated() {
                screen.put(line, row: inner.row + offset, column: column, style: PaneFrame.muted, limit: width)
            }
            return
        }
        let count = timeline.rowCount
        let offset = min(offsetFromBottom, max(0, count - inner.height))
        let top = max(0, count - inner.height - offset)
        let rows = timeline.rows(in: top..<min(count, top + inner.height), now: now)
        for (index, row) in rows.enumerated() {
            draw(row, on: &screen, row: inner.row + index, column: column, width: width, timeEnd: width - pad)
        }
        let below = count - top - rows.count
        if below > 0 { drawMoreBelow(below, on: &screen, area: area) }
    }

    /// A row from `column`, clipped to `width`; its time ends at `timeEnd` when two blanks
    /// still separate it from the row's text.
    private func draw(_ row: TimelineRow, on screen: inout Screen, row y: Int, column: Int, width: Int, timeEnd: Int) {
        let indent = min(max(0, row.indent) * 2, width)
        let used = indent + screen.put(row.spans, row: y, column: column + indent, limit: width - indent)
        if let time = row.time {
            let timeWidth = CellWidth.of(time)
            if used + 2 + timeWidth <= timeEnd {
                screen.put(time, row: y, column: column + timeEnd - timeWidth, style: TimelineStyle.dim, limit: timeWidth)
            }
        }
    }

    /// ` ↓ 12 more · End ` in the bottom border while the view is scrolled up.
    private func drawMoreBelow(_ below: Int, on screen: inout Screen, area: Rect) {
        let label = " ↓ \(below) more · End "
        let labelWidth = CellWidth.of(label)
        guard area.height >= 3, labelWidth + 4 <= area.width else { return }
        screen.put(label, row: area.row + area.height - 1, column: area.column + area.width - labelWidth - 2,
                   style: PaneFrame.muted, limit: labelWidth)
    }
}
