import TUICore

extension ResponsePane {
    /// One row per event or record, the newest at the bottom until one is picked; Enter shows
    /// the picked one whole.
    func drawStream(_ stream: StreamRows, in area: Rect, on screen: inout Screen) {
        guard area.height > 0, area.width > 0 else { return }
        let rows = stream.visible
        let picked = stream.selected ?? (rows.isEmpty ? nil : rows.count - 1)
        if stream.showsDetail, let picked, picked < rows.count {
            var row = area.row
            for line in stream.detail(rows[picked]).dropFirst(topLine) {
                for part in BodyWrap.rows([Span(line)], width: area.width, maxRows: Self.maxWrapRows) {
                    guard row < area.row + area.height else { return }
                    screen.put(part, row: row, column: area.column, limit: area.width)
                    row += 1
                }
            }
            return
        }
        guard !rows.isEmpty else {
            let empty = stream.rowFilter != nil ? "no row matches the filter yet" : stream.isWebSocket ? "no message yet" : "waiting for the first event…"
            screen.put(empty, row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width)
            return
        }
        var area = area
        var top = max(0, rows.count - area.height)
        if let selected = stream.selected, selected < top { top = max(0, selected - area.height / 2) }
        let dropped = stream.rowFilter?.dropped ?? stream.dropped
        if dropped > 0, top == 0, area.height > 1 {
            screen.put("… \(dropped) earlier rows not kept", row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width)
            area = Rect(row: area.row + 1, column: area.column, width: area.width, height: area.height - 1)
        }
        drawRows(stream, rows, from: top, picked: stream.selected, in: area, on: &screen)
    }

    private func drawRows(_ stream: StreamRows, _ rows: [StreamRows.Row], from top: Int, picked: Int?, in area: Rect, on screen: inout Screen) {
        for (offset, row) in rows.dropFirst(top).prefix(area.height).enumerated() {
            var spans = stream.line(row)
            if top + offset == picked { spans = spans.map { Span($0.text, Style(foreground: $0.style.foreground, bold: $0.style.bold, reverse: true)) } }
            screen.put(spans, row: area.row + offset, column: area.column, limit: area.width)
        }
    }

    /// Up/Down pick a row, Enter shows it whole (or goes back), Esc goes back; nil for other keys.
    mutating func handleStreamKey(_ key: Key) -> Outcome? {
        guard tab == .body, var rows = stream else { return nil }
        switch key {
        case .up, .character("k"):
            if rows.showsDetail { topLine = max(0, topLine - 1) } else { rows.move(by: -1) }
        case .down, .character("j"):
            if rows.showsDetail { topLine += 1 } else { rows.move(by: 1) }
        case .enter:
            guard !rows.visible.isEmpty else { return .ignored }
            if !rows.showsDetail, rows.selected == nil { rows.selected = rows.visible.count - 1 }
            rows.showsDetail.toggle()
            topLine = 0
        case .escape where rows.showsDetail:
            rows.showsDetail = false
            topLine = 0
        case .character("f") where !rows.showsDetail:
            if rows.rowFilter == nil { rows.rowFilter = StreamRows.RowFilter(shown: rows.rows) }
            rows.rowFilter?.isEditing = true
        case .escape where rows.rowFilter != nil:
            rows.rowFilter = nil
            rows.selected = nil
        case .character("n"), .character("N"):
            guard let query else { return nil }
            if !rows.find(query, older: key == .character("n")) { message = "no row holds \(query)" }
        default:
            return nil
        }
        stream = rows
        return .handled
    }

    /// Keys while the row filter's path is typed: each change filters again, Enter keeps it,
    /// Esc closes it (all rows again).
    mutating func handleRowFilterField(_ key: Key) -> Outcome {
        guard var rows = stream, var text = rows.rowFilter?.text else { return .ignored }
        if Self.edit(&text, with: key) {
            rows.filter(by: text)
        } else {
            switch key {
            case .enter: rows.rowFilter?.isEditing = false
            case .escape:
                rows.rowFilter = nil
                rows.selected = nil
            case .up: rows.move(by: -1)
            case .down: rows.move(by: 1)
            default: return .ignored
            }
        }
        stream = rows
        return .handled
    }

    /// Search in a stream: the newest row holding `query` is picked (`n` older, `N` newer).
    mutating func findRow(_ query: String) {
        guard var rows = stream else { return }
        if !rows.find(query, older: true, fromNewest: true) { message = "no row holds \(query)" }
        stream = rows
    }

    /// The row filter's line in the bottom row: its path, then how many rows it keeps or why the
    /// path does not parse.
    func drawRowFilter(_ filter: StreamRows.RowFilter, of stream: StreamRows, row: Int, inner: Rect, focused: Bool, on screen: inout Screen) {
        screen.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1))
        let used = screen.put(Self.filterPrompt + filter.text, row: row, column: inner.column, limit: inner.width)
        if focused, filter.isEditing { screen.cursor = Screen.Cursor(row: row, column: inner.column + min(used, inner.width - 1)) }
        let note = filter.problem.map { "  ✗ " + $0 } ?? "  \(filter.shown.count) of \(stream.rows.count) rows · " + (filter.isEditing ? "Enter keeps  Esc all rows" : "f edits")
        screen.put(note, row: row, column: inner.column + used, style: filter.problem == nil ? PaneFrame.muted : PaneFrame.error,
                   limit: max(0, inner.width - used))
    }
}
