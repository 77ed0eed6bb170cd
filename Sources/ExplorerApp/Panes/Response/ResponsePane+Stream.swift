import TUICore

extension ResponsePane {
    /// One row per event or record, the newest at the bottom until one is picked; Enter shows
    /// the picked one whole.
    func drawStream(_ stream: StreamRows, in area: Rect, on screen: inout Screen) {
        guard area.height > 0, area.width > 0 else { return }
        let picked = stream.selected ?? (stream.rows.isEmpty ? nil : stream.rows.count - 1)
        if stream.showsDetail, let picked {
            var row = area.row
            for line in stream.detail(stream.rows[picked]).dropFirst(topLine) {
                for part in BodyWrap.rows([Span(line)], width: area.width, maxRows: Self.maxWrapRows) {
                    guard row < area.row + area.height else { return }
                    screen.put(part, row: row, column: area.column, limit: area.width)
                    row += 1
                }
            }
            return
        }
        guard !stream.rows.isEmpty else {
            screen.put(stream.isWebSocket ? "no message yet" : "waiting for the first event…", row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width)
            return
        }
        var area = area
        var top = max(0, stream.rows.count - area.height)
        if let selected = stream.selected, selected < top { top = max(0, selected - area.height / 2) }
        if stream.dropped > 0, top == 0, area.height > 1 {
            screen.put("… \(stream.dropped) earlier rows not kept", row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width)
            area = Rect(row: area.row + 1, column: area.column, width: area.width, height: area.height - 1)
        }
        drawRows(stream, from: top, picked: stream.selected, in: area, on: &screen)
    }

    private func drawRows(_ stream: StreamRows, from top: Int, picked: Int?, in area: Rect, on screen: inout Screen) {
        for (offset, row) in stream.rows.dropFirst(top).prefix(area.height).enumerated() {
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
            guard !rows.rows.isEmpty else { return .ignored }
            if !rows.showsDetail, rows.selected == nil { rows.selected = rows.rows.count - 1 }
            rows.showsDetail.toggle()
            topLine = 0
        case .escape where rows.showsDetail:
            rows.showsDetail = false
            topLine = 0
        default:
            return nil
        }
        stream = rows
        return .handled
    }
}
