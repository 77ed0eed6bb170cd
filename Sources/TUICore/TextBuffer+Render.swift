/// Drawing the visible part of the buffer.
extension TextBuffer {
    /// The scroll offsets a `rows`×`columns` area shows: the stored ones, moved the least that
    /// keeps the cursor visible.
    public func viewport(rows: Int, columns: Int) -> (top: Int, left: Int) {
        let rows = max(1, rows), columns = max(1, columns)
        var top = min(self.top, storage.count - 1)
        if cursor.row < top { top = cursor.row }
        if cursor.row >= top + rows { top = cursor.row - rows + 1 }
        let x = displayColumn(of: cursor)
        var left = min(self.left, tailLeft(columns: columns))
        if x < left { left = x }
        if x >= left + columns { left = x - columns + 1 }
        return (top, left)
    }

    /// The largest left offset that leaves no blank columns after the cursor's line (and its
    /// cursor cell): a view scrolled sideways comes back as the line gets shorter.
    func tailLeft(columns: Int) -> Int {
        max(0, LineField.columns(storage[cursor.row][...], tabWidth: Self.tabWidth) + 1 - columns)
    }

    /// The spans of `row` from display column `left`, at most `width` columns. Tabs become
    /// spaces; control characters become visible stand-ins in `flagged` style.
    public func spans(ofRow row: Int, left: Int, width: Int, style: Style = Style(),
                      flagged: Style = LineField.flagged) -> [Span] {
        guard row >= 0, row < storage.count, width > 0 else { return [] }
        var spans = GlyphSpans(style: style, flagged: flagged)
        var x = 0
        var used = 0
        for character in storage[row] {
            if x < left {
                // Hidden on the left: measured only. A glyph cut by the edge shows as blanks.
                let columns = LineField.columns(of: character, tabWidth: Self.tabWidth)
                let visible = x + columns - left
                if visible > 0 { spans.appendPlain(String(repeating: " ", count: visible)); used += visible }
                x += columns
                continue
            }
            let glyph = LineField.glyph(character, tabWidth: Self.tabWidth)
            x += glyph.width
            if used + glyph.width > width { break }
            spans.append(glyph)
            used += glyph.width
        }
        return spans.finish()
    }

    /// Draws the visible lines into `area` and returns where the cursor is on screen (nil when
    /// the area is empty). `style(row)` picks each line's style (an invalid form line in red).
    @discardableResult
    public func render(into screen: inout Screen, area: Rect, style: (Int) -> Style = { _ in Style() }) -> Screen.Cursor? {
        guard area.width > 0, area.height > 0 else { return nil }
        let (top, left) = viewport(rows: area.height, columns: area.width)
        for offset in 0..<area.height {
            let row = top + offset
            guard row < storage.count else { break }
            screen.put(spans(ofRow: row, left: left, width: area.width, style: style(row)),
                       row: area.row + offset, column: area.column, limit: area.width)
        }
        let x = displayColumn(of: cursor) - left
        return Screen.Cursor(row: area.row + cursor.row - top, column: area.column + min(max(0, x), area.width - 1))
    }

    /// Where `position` is on screen when the buffer is drawn in `area`, or nil if not visible.
    public func screenPosition(of position: Position, in area: Rect) -> Screen.Cursor? {
        guard area.width > 0, area.height > 0, position.row >= 0, position.row < storage.count else { return nil }
        let (top, left) = viewport(rows: area.height, columns: area.width)
        let column = min(max(0, position.column), storage[position.row].count)
        let x = displayColumn(of: Position(row: position.row, column: column)) - left
        let y = position.row - top
        guard y >= 0, y < area.height, x >= 0, x < area.width else { return nil }
        return Screen.Cursor(row: area.row + y, column: area.column + x)
    }
}
