import RequestModel
import TUICore

extension HeadersPane {
    /// One line per row — a problem marker, `[x]`/`[ ]`, the name, the value — and, at the
    /// bottom, the selected row's problem or the keys to use.
    public func render(into screen: inout Screen, area: Rect, focused: Bool) {
        let inner = PaneFrame.draw(title, in: area, focused: focused, on: &screen)
        guard inner.width > 0, inner.height > 0 else { return }
        let tableHeight = Self.tableHeight(inner: inner.height)
        let top = visibleTop(height: tableHeight)
        let nameWidth = nameColumnWidth(inner: inner.width)
        for offset in 0..<tableHeight {
            let index = top + offset
            guard index < rows.count else { break }
            renderRow(index, into: &screen, row: inner.row + offset, inner: inner, nameWidth: nameWidth, focused: focused)
        }
        if rows.isEmpty {
            screen.put("No headers. a: add one", row: inner.row, column: inner.column, style: PaneFrame.muted, limit: inner.width)
        }
        if inner.height >= 2 { renderMessage(into: &screen, row: inner.row + inner.height - 1, inner: inner) }
    }

    /// "Headers" with how many are sent, when some are.
    var title: String {
        let sent = headers.count
        return sent == 0 ? "Headers" : "Headers · \(sent)"
    }

    /// The stored scroll, moved the least that shows the selected row in `height` rows.
    func visibleTop(height: Int) -> Int {
        var top = min(self.top, max(0, rows.count - 1))
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        return max(0, top)
    }

    /// Names get the width of the longest one (plus a space), at most 40% of the row.
    func nameColumnWidth(inner width: Int) -> Int {
        let longest = rows.map { CellWidth.of(TerminalText.sanitize($0.name)) }.max() ?? 0
        let available = max(0, width - Self.prefixColumns)
        return min(max(4, longest + 1), max(1, available * 2 / 5))
    }

    /// Columns of a cell, for an inner width as last laid out.
    func cellWidth(_ cell: EditField) -> Int {
        let nameWidth = nameColumnWidth(inner: innerWidth)
        let width = cell == .name ? nameWidth : innerWidth - Self.prefixColumns - nameWidth - 1
        return max(1, width)
    }

    /// A marker column and `[x] `.
    static let prefixColumns = 5

    private func renderRow(_ index: Int, into screen: inout Screen, row: Int, inner: Rect, nameWidth: Int, focused: Bool) {
        let item = rows[index]
        let isSelected = index == selected
        var base = item.enabled ? Style() : Style(dim: true)
        if isSelected && focused && editing == nil { base.reverse = true }
        if isSelected { screen.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1), style: base) }
        var column = inner.column
        let end = inner.column + inner.width
        screen.put(item.problem == nil ? " " : "!", row: row, column: column, style: item.problem == nil ? base : PaneFrame.error, limit: end - column)
        column += 1
        screen.put(item.enabled ? "[x] " : "[ ] ", row: row, column: column, style: base, limit: max(0, end - column))
        column += 4
        guard column < end else { return }

        let nameArea = min(nameWidth, end - column)
        let valueColumn = column + nameArea + 1
        let valueWidth = end - valueColumn
        let editingThis = isSelected && editing != nil
        let nameStyle = HeaderRules.nameProblem(item.name) == nil || item.isBlank ? base : Self.invalid(base)
        let valueStyle = HeaderRules.valueProblem(item.value) == nil ? base : Self.invalid(base)

        if editingThis && editing == .name {
            drawField(into: &screen, row: row, column: column, width: nameArea, style: nameStyle, focused: focused)
        } else {
            screen.put(LineField.spans(item.name, width: nameArea, style: nameStyle), row: row, column: column, limit: nameArea)
        }
        guard valueWidth > 0 else { return }
        if editingThis && editing == .value {
            drawField(into: &screen, row: row, column: valueColumn, width: valueWidth, style: valueStyle, focused: focused)
        } else {
            let shown = Secrets.isRequestHeader(item.name) ? Secrets.glimpse(item.value) : item.value
            screen.put(LineField.spans(shown, width: valueWidth, style: valueStyle), row: row, column: valueColumn, limit: valueWidth)
        }
    }

    private func drawField(into screen: inout Screen, row: Int, column: Int, width: Int, style: Style, focused: Bool) {
        guard width > 0 else { return }
        var underlined = style
        underlined.underline = true
        screen.fill(Rect(row: row, column: column, width: width, height: 1), style: underlined)
        let rendered = field.render(width: width, style: underlined)
        screen.put(rendered.spans, row: row, column: column, limit: width)
        if focused { screen.cursor = Screen.Cursor(row: row, column: column + rendered.cursorColumn) }
    }

    private func renderMessage(into screen: inout Screen, row: Int, inner: Rect) {
        let message: Span
        if rows.indices.contains(selected), let problem = rows[selected].problem {
            message = Span("✗ " + problem, PaneFrame.error)
        } else if editing == .name {
            message = Span("Enter: value · Esc: done", PaneFrame.muted)
        } else if editing == .value {
            message = Span("Enter/Esc: done", PaneFrame.muted)
        } else {
            message = Span("a add · e edit · ␣ on/off · d delete", PaneFrame.muted)
        }
        screen.put(message.text, row: row, column: inner.column, style: message.style, limit: inner.width)
    }

    static func invalid(_ base: Style) -> Style {
        var style = base
        style.foreground = .red
        return style
    }
}
