import TUICore

/// A box over the panes listing things to pick from (profiles, a session's exchanges, history,
/// saved requests, a diff): Up/Down/PgUp/PgDn/Home/End move, Enter chooses, Esc closes, and
/// any other key goes back to the app with the selected row, which decides what it means
/// (`d` deletes a profile, `r` re-sends an exchange…). Rows are shown inert (Screen sanitizes).
public struct ListOverlay: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var text: String
        /// Muted text after it (a base URL, a status, a count).
        public var detail: String
        /// Drawn with a `●` in front (the active profile).
        public var marked: Bool
        public var style: Style

        public init(_ text: String, detail: String = "", marked: Bool = false, style: Style = Style()) {
            self.text = text
            self.detail = detail
            self.marked = marked
            self.style = style
        }
    }

    public enum Outcome: Sendable, Equatable {
        case handled, close
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

    public init(title: String, hint: String, rows: [Row], empty: String = "nothing here yet", selection: Int = 0) {
        self.title = title
        self.hint = hint
        self.rows = rows
        self.empty = empty
        self.selection = max(0, min(selection, rows.count - 1))
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

    /// The box in `bounds`: as tall as its rows need (plus the hint), at most the bounds.
    func frame(in bounds: Rect) -> Rect? {
        let width = min(bounds.width - 4, 78)
        let height = min(bounds.height - 2, max(rows.count, 1) + 4)
        guard width >= 20, height >= 5 else { return nil }
        return Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
    }

    /// Keeps paging in step with the box's size (the app calls it on open and resize).
    public mutating func fit(_ bounds: Rect) {
        guard let inner = frame(in: bounds)?.inner else { return }
        visibleRows = max(1, inner.height - 2)
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
        let listRows = max(1, inner.height - 2)
        screen.put(hint, row: inner.row + inner.height - 1, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
        if rows.isEmpty {
            screen.put(empty, row: inner.row, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
            return
        }
        let top = max(0, min(selection - listRows + 1, rows.count - listRows))
        for (offset, row) in rows.dropFirst(top).prefix(listRows).enumerated() {
            let index = top + offset
            let selected = index == selection
            let line = inner.row + offset
            let base = selected ? Style(reverse: true) : Style()
            if selected { screen.fill(Rect(row: line, column: inner.column, width: inner.width, height: 1), style: base) }
            var spans = [Span(row.marked ? "● " : "  ", selected ? base : PaneFrame.ok)]
            var textStyle = row.style
            textStyle.reverse = selected
            spans.append(Span(row.text, textStyle))
            if !row.detail.isEmpty {
                var detailStyle = PaneFrame.muted
                detailStyle.reverse = selected
                spans.append(Span("  " + row.detail, detailStyle))
            }
            screen.put(spans, row: line, column: inner.column + 1, limit: inner.width - 1)
        }
        if rows.count > listRows {
            let position = " \(selection + 1)/\(rows.count) "
            screen.put(position, row: rect.row + rect.height - 1, column: rect.column + rect.width - CellWidth.of(position) - 2,
                       style: PaneFrame.muted)
        }
    }
}
