import TUICore

/// A box over the panes listing things to pick from (profiles, a session's exchanges, history,
/// saved requests, a diff): Up/Down/PgUp/PgDn/Home/End move, Enter chooses, Esc closes, and
/// any other key goes back to the app with the selected row, which decides what it means
/// (`d` deletes a profile, `r` re-sends an exchange…). Rows are shown inert (Screen sanitizes).
/// With a filter line (the request picker) text keys edit the filter instead, and the app
/// re-ranks the rows.
public struct ListOverlay: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var text: String
        /// Muted text after it (a base URL, a status, a count).
        public var detail: String
        /// Drawn with a `●` in front (the active profile).
        public var marked: Bool
        public var style: Style
        /// A muted column before the text (a tag, a folder), as wide as the widest of the list.
        public var lead: String
        /// Character offsets in `text` and in `detail` the filter matched, drawn emphasized.
        public var highlights: Set<Int>
        public var detailHighlights: Set<Int>
        /// A line about the selected row, shown above the hint (a request's description).
        public var note: String

        public init(_ text: String, detail: String = "", marked: Bool = false, style: Style = Style(), lead: String = "",
                    highlights: Set<Int> = [], detailHighlights: Set<Int> = [], note: String = "") {
            self.text = text
            self.detail = detail
            self.marked = marked
            self.style = style
            self.lead = lead
            self.highlights = highlights
            self.detailHighlights = detailHighlights
            self.note = note
        }
    }

    public enum Outcome: Sendable, Equatable {
        case handled, close
        /// The filter line changed: the app re-ranks the rows.
        case filterChanged
        case choose(Int)
        /// A key the list has no use for, with the selected row (nil when the list is empty).
        case key(Key, Int?)
    }

    public var title: String
    /// The bottom line: the keys this list answers to.
    public var hint: String
    public private(set) var rows: [Row]
    /// Shown when there are no rows.
    public var empty: String
    public private(set) var selection = 0
    /// Rows the box showed last (set by `fit`), for paging.
    var visibleRows = 10
    /// The filter line above the rows; nil for a list without one.
    public var filter: LineField?

    public init(title: String, hint: String, rows: [Row], empty: String = "nothing here yet", selection: Int = 0, filter: LineField? = nil) {
        self.title = title
        self.hint = hint
        self.rows = rows
        self.empty = empty
        self.selection = max(0, min(selection, rows.count - 1))
        self.filter = filter
    }

    public var selectedRow: Int? { rows.isEmpty ? nil : selection }

    /// New rows (a refreshed listing); the selection stays on the same index as far as it can.
    public mutating func replaceRows(_ rows: [Row]) {
        self.rows = rows
        selection = max(0, min(selection, rows.count - 1))
    }

    public mutating func select(_ index: Int) {
        selection = max(0, min(index, rows.count - 1))
    }

    public mutating func handle(_ key: Key) -> Outcome {
        let page = max(1, visibleRows - 1)
        if filter != nil, !Self.listKeys.contains(key), filter?.handle(key) == true {
            selection = 0
            return .filterChanged
        }
        switch key {
        case .escape: return .close
        case .enter: return rows.isEmpty ? .handled : .choose(selection)
        case .up: select(selection - 1)
        case .down: select(selection + 1)
        case .pageUp: select(selection - page)
        case .pageDown: select(selection + page)
        case .home: select(0)
        case .end: select(rows.count - 1)
        case .mouse(let mouse) where mouse.action == .wheelUp: select(selection - 3)
        case .mouse(let mouse) where mouse.action == .wheelDown: select(selection + 3)
        case .mouse: break
        default: return .key(key, selectedRow)
        }
        return .handled
    }

    /// Keys that move in the list even while a filter line takes the typing.
    static let listKeys: Set<Key> = [.up, .down, .pageUp, .pageDown, .enter, .escape]

    /// Lines the box spends on other things than rows: the filter, the note, the hint.
    var extraLines: Int { 2 + (filter == nil ? 0 : 1) + (rows.contains { !$0.note.isEmpty } ? 1 : 0) }

    /// The box in `bounds`: as tall as its rows need (plus the hint), at most the bounds.
    func frame(in bounds: Rect) -> Rect? {
        let width = min(bounds.width - 4, filter == nil ? 78 : 110)
        let height = min(bounds.height - 2, filter == nil ? max(rows.count, 1) + extraLines + 2 : bounds.height - 2)
        guard width >= 20, height >= 5 else { return nil }
        return Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
    }

    /// Keeps paging in step with the box's size (the app calls it on open and resize).
    public mutating func fit(_ bounds: Rect) {
        guard let inner = frame(in: bounds)?.inner else { return }
        visibleRows = max(1, inner.height - extraLines)
    }

    /// The list fitted to `bounds`, to open it in one expression.
    func fitted(_ bounds: Rect) -> ListOverlay {
        var list = self
        list.fit(bounds)
        return list
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        guard let rect = frame(in: bounds) else { return }
        let inner = PaneFrame.draw(title, in: rect, focused: true, on: &screen)
        let listRows = max(1, inner.height - extraLines)
        let firstRow = inner.row + (filter == nil ? 0 : 1)
        screen.put(hint, row: inner.row + inner.height - 1, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
        if let filter {
            let rendered = filter.render(width: inner.width - 4)
            screen.put("› ", row: inner.row, column: inner.column + 1, style: PaneFrame.focusedTitle)
            screen.put(rendered.spans, row: inner.row, column: inner.column + 3, limit: inner.width - 4)
            screen.cursor = Screen.Cursor(row: inner.row, column: inner.column + 3 + rendered.cursorColumn)
        }
        if rows.isEmpty {
            screen.put(empty, row: firstRow, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
            return
        }
        let leadWidth = rows.map { CellWidth.of($0.lead) }.max().map { $0 == 0 ? 0 : min($0, inner.width / 4) + 2 } ?? 0
        let top = max(0, min(selection - listRows + 1, rows.count - listRows))
        for (offset, row) in rows.dropFirst(top).prefix(listRows).enumerated() {
            let index = top + offset
            let selected = index == selection
            let line = firstRow + offset
            let base = selected ? Style(reverse: true) : Style()
            if selected { screen.fill(Rect(row: line, column: inner.column, width: inner.width, height: 1), style: base) }
            var spans = [Span(row.marked ? "● " : "  ", selected ? base : PaneFrame.ok)]
            if leadWidth > 0 {
                var leadStyle = PaneFrame.muted
                leadStyle.reverse = selected
                let lead = String(row.lead.prefix(leadWidth - 2))
                spans.append(Span(lead + String(repeating: " ", count: max(0, leadWidth - CellWidth.of(lead))), leadStyle))
            }
            var textStyle = row.style
            textStyle.reverse = selected
            spans += Self.highlighted(row.text, row.highlights, style: textStyle)
            if !row.detail.isEmpty {
                var detailStyle = PaneFrame.muted
                detailStyle.reverse = selected
                spans.append(Span("  ", detailStyle))
                spans += Self.highlighted(row.detail, row.detailHighlights, style: detailStyle)
            }
            screen.put(spans, row: line, column: inner.column + 1, limit: inner.width - 1)
        }
        if let note = selectedRow.map({ rows[$0].note }), !note.isEmpty {
            screen.put(note, row: inner.row + inner.height - 2, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
        }
        if rows.count > listRows {
            let position = " \(selection + 1)/\(rows.count) "
            screen.put(position, row: rect.row + rect.height - 1, column: rect.column + rect.width - CellWidth.of(position) - 2,
                       style: PaneFrame.muted)
        }
    }

    /// `text` in runs, the characters at `positions` bold and underlined in the highlight colour.
    static func highlighted(_ text: String, _ positions: Set<Int>, style: Style) -> [Span] {
        guard !positions.isEmpty else { return [Span(text, style)] }
        var emphasized = style
        emphasized.foreground = .yellow
        emphasized.bold = true
        emphasized.dim = false
        var spans: [Span] = []
        var run = "", runIsMatch = false
        for (offset, character) in text.enumerated() {
            let isMatch = positions.contains(offset)
            if isMatch != runIsMatch, !run.isEmpty {
                spans.append(Span(run, runIsMatch ? emphasized : style))
                run = ""
            }
            runIsMatch = isMatch
            run.append(character)
        }
        if !run.isEmpty { spans.append(Span(run, runIsMatch ? emphasized : style)) }
        return spans
    }
}
