import TUICore

extension ResponsePane {
    /// Keys while the search prompt is open: typing edits the query, Enter searches from the
    /// top of the view and closes the prompt, Esc closes it.
    mutating func handleSearchField(_ key: Key) -> Outcome {
        guard var field = searchField else { return .ignored }
        if Self.edit(&field, with: key) {
            searchField = field
            return .handled
        }
        switch key {
        case .enter:
            searchField = nil
            guard !field.isEmpty else { return .handled }
            query = field
            matchLine = nil
            if stream != nil {
                findRow(field)
                return .handled
            }
            find(field, from: topLine - 1, forward: true)
            return .handled
        case .escape:
            searchField = nil
            return .handled
        default:
            return .ignored
        }
    }

    /// Typing, a paste (on one line) and Backspace in a one-line prompt; false for other keys.
    static func edit(_ field: inout String, with key: Key) -> Bool {
        switch key {
        case .character(let character): field.append(character)
        case .paste(let text): field += text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        case .backspace: if !field.isEmpty { field.removeLast() }
        default: return false
        }
        return true
    }

    /// `n` / `N`: the next or previous line with the last query, wrapping around.
    mutating func findNext(forward: Bool) {
        guard let query, !query.isEmpty else {
            message = "no search yet: / searches"
            return
        }
        tab = .body
        let from = matchLine ?? (forward ? topLine - 1 : topLine)
        find(query, from: from, forward: forward)
    }

    private mutating func find(_ query: String, from line: Int, forward: Bool) {
        guard let document else { return }
        guard let found = document.find(query, from: line, forward: forward) else {
            message = document.isComplete ? "not found: \(query)" : "not found yet: \(query) (indexing)"
            return
        }
        matchLine = found
        reveal(line: found)
        revealColumn(of: query, in: found)
    }

    /// Scrolls so `line` is on screen, a third of the way down when it was not.
    private mutating func reveal(line: Int) {
        let rows = max(1, bodyRows(height: viewportHeight))
        if line >= topLine, line < topLine + visibleLines(rows: rows) { return }
        topLine = max(0, min(line - rows / 3, maxTopLine()))
        followsEnd = false
    }

    /// How many logical lines fit from `topLine` (fewer than `rows` when lines wrap).
    private func visibleLines(rows: Int) -> Int {
        guard wrap, let document else { return rows }
        let width = max(1, viewportWidth)
        var used = 0, count = 0
        for line in document.lines(topLine..<(topLine + rows), maxColumns: width * Self.maxWrapRows) {
            used += BodyWrap.rowCount(line, width: width, maxRows: Self.maxWrapRows)
            if used > rows { break }
            count += 1
        }
        return max(1, count)
    }

    /// Without wrap, scrolls sideways to the match when it is off to the right or left
    /// (looking at the line's first 64K columns).
    private mutating func revealColumn(of query: String, in line: Int) {
        guard !wrap, let document else { return }
        let text = ResponsePane.text(document.line(line, maxColumns: 1 << 16))
        guard let start = ResponsePane.matchRanges(of: query, in: text).first?.lowerBound else { return }
        let width = max(1, viewportWidth)
        let matchColumn = CellWidth.of(String(text.unicodeScalars.prefix(start)))
        if matchColumn < column || matchColumn + CellWidth.of(query) > column + width {
            column = max(0, matchColumn - width / 4)
        }
    }

    static func text(_ spans: [Span]) -> String { spans.map(\.text).joined() }

    /// Where `query` occurs in `text`, as scalar offsets; ASCII letters match either case
    /// (as `BodyDocument.find` does).
    static func matchRanges(of query: String, in text: String) -> [Range<Int>] {
        let needle = query.unicodeScalars.map(fold)
        let hay = text.unicodeScalars.map(fold)
        guard !needle.isEmpty, hay.count >= needle.count else { return [] }
        var ranges: [Range<Int>] = []
        var i = 0
        while i <= hay.count - needle.count {
            if hay[i] == needle[0], hay[i..<(i + needle.count)].elementsEqual(needle) {
                ranges.append(i..<(i + needle.count))
                i += needle.count
            } else {
                i += 1
            }
        }
        return ranges
    }

    private static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
        scalar.value >= 0x41 && scalar.value <= 0x5A ? scalar.value | 0x20 : scalar.value
    }
}
