import TUICore

extension ResponsePane {
    static let filterPrompt = "filter "

    /// What the tabs row says while filtering: `filter: 3 matches`.
    static func filterStatus(_ filter: ResponseFilter) -> String {
        if filter.notJSON != nil { return "filter: body not JSON" }
        if let count = filter.countText { return "filter: " + count }
        if filter.awaited != nil { return "filter: evaluating…" }
        return filter.problem == nil ? "filter: whole body" : "filter: invalid path"
    }

    /// The path being typed, and under it the caret and message of an invalid path, why the
    /// body cannot be filtered, or the count and keys.
    func drawFilter(_ filter: ResponseFilter, lineRow: Int?, noteRow: Int?, inner: Rect, focused: Bool, on screen: inout Screen) {
        guard let lineRow, inner.width > 0 else { return }
        // A path wider than the pane scrolls: its end, where typing happens, stays in view.
        var shown = Substring(Self.filterPrompt + filter.text)
        var shift = 0
        while CellWidth.of(String(shown)) >= inner.width, let first = shown.first {
            shift += CellWidth.of(String(first))
            shown = shown.dropFirst()
        }
        screen.fill(Rect(row: lineRow, column: inner.column, width: inner.width, height: 1))
        let used = screen.put(String(shown), row: lineRow, column: inner.column, limit: inner.width)
        if focused, filter.isEditing {
            screen.cursor = Screen.Cursor(row: lineRow, column: inner.column + min(used, inner.width - 1))
        }
        // A message (e.g. from `n`) takes the note's row until the next key.
        guard let noteRow, message == nil else { return }
        screen.fill(Rect(row: noteRow, column: inner.column, width: inner.width, height: 1))
        if let problem = filter.problem {
            let before = String(filter.text.unicodeScalars.prefix(max(0, problem.column - 1)))
            let caret = max(0, min(CellWidth.of(Self.filterPrompt + before) - shift, inner.width - 1))
            let note = String(repeating: " ", count: caret) + "^ " + problem.message
            screen.put(note, row: noteRow, column: inner.column, style: PaneFrame.error, limit: inner.width)
        } else if let reason = filter.notJSON {
            screen.put(reason, row: noteRow, column: inner.column, style: Self.warning, limit: inner.width)
        } else {
            let keys = filter.isEditing ? "Enter keeps  Esc closes" : "f edits  Esc closes"
            let note = [filter.countText ?? (filter.awaited != nil ? "evaluating…" : nil), keys].compactMap { $0 }.joined(separator: " · ")
            screen.put(note, row: noteRow, column: inner.column, style: PaneFrame.muted, limit: inner.width)
        }
    }
}
