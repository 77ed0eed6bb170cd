import TUICore

extension ResponsePane {
    static let headerName = Style(foreground: .cyan)

    /// The response headers as a table: names in a column (at most a third of the width),
    /// values beside them. Screen.put makes any control character from the server visible.
    func drawHeaders(_ headers: [ResponseSummary.Header], in area: Rect, on screen: inout Screen) {
        guard area.height > 0, area.width > 0 else { return }
        guard !headers.isEmpty else {
            screen.put("(no headers)", row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width)
            return
        }
        let nameWidth = min(headers.map { CellWidth.of(TerminalText.sanitize($0.name)) }.max() ?? 0, max(4, area.width / 3))
        let top = min(headerTop, max(0, headers.count - area.height))
        for (offset, header) in headers.dropFirst(top).prefix(area.height).enumerated() {
            let row = area.row + offset
            screen.put(header.name, row: row, column: area.column, style: Self.headerName, limit: nameWidth)
            let valueColumn = area.column + nameWidth + 2
            guard valueColumn < area.column + area.width else { continue }
            screen.put(header.value, row: row, column: valueColumn, limit: area.column + area.width - valueColumn)
        }
    }
}
