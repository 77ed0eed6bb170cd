import TUICore

extension ResponsePane {
    static let matchStyle = Style(foreground: .black, background: .yellow)

    /// The visible body lines only: a 10 MB body costs what one screen costs.
    func drawBody(in area: Rect, on screen: inout Screen) {
        guard area.height > 0, area.width > 0 else { return }
        guard let document, document.lineCount > 0 else {
            if document != nil { screen.put("(empty body)", row: area.row, column: area.column, style: PaneFrame.muted, limit: area.width) }
            return
        }
        let top = min(topLine, maxTopLine(width: area.width, rows: area.height))
        if wrap {
            var row = area.row
            let lines = document.lines(top..<(top + area.height), maxColumns: area.width * Self.maxWrapRows)
            for (offset, line) in lines.enumerated() {
                let spans = decorate(line, line: top + offset)
                for part in BodyWrap.rows(spans, width: area.width, maxRows: Self.maxWrapRows) {
                    guard row < area.row + area.height else { return }
                    screen.put(part, row: row, column: area.column, limit: area.width)
                    row += 1
                }
            }
        } else {
            let lines = document.lines(top..<(top + area.height), from: column, maxColumns: area.width)
            for (offset, line) in lines.enumerated() {
                screen.put(decorate(line, line: top + offset), row: area.row + offset, column: area.column, limit: area.width)
            }
        }
    }

    /// The match line shows where the query is in it (or all of it reversed when the match
    /// is not in view, e.g. pretty JSON spacing differs from the raw bytes searched).
    private func decorate(_ spans: [Span], line: Int) -> [Span] {
        guard line == matchLine, let query else { return spans }
        let ranges = Self.matchRanges(of: query, in: Self.text(spans))
        guard !ranges.isEmpty else {
            return spans.map { Span($0.text, Style(foreground: $0.style.foreground, bold: $0.style.bold, reverse: true)) }
        }
        var result: [Span] = []
        var position = 0
        var next = ranges.makeIterator(), current = next.next()
        for span in spans {
            var text = String.UnicodeScalarView(), inMatch = false
            func flush() {
                if !text.isEmpty { result.append(Span(String(text), inMatch ? Self.matchStyle : span.style)) }
                text = String.UnicodeScalarView()
            }
            for scalar in span.text.unicodeScalars {
                while let range = current, position >= range.upperBound { current = next.next() }
                let matched = current.map { $0.contains(position) } ?? false
                if matched != inMatch {
                    flush()
                    inMatch = matched
                }
                text.append(scalar)
                position += 1
            }
            flush()
        }
        return result
    }
}
