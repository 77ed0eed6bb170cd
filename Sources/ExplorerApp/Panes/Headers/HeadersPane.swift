import TUICore

/// The Headers pane: an editable table of headers, each enabled or not. A row whose name or
/// value is invalid is flagged as it is typed and never sent.
public struct HeadersPane: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable { case handled, ignored }

    public struct Row: Sendable, Hashable {
        public var name: String
        public var value: String
        public var enabled: Bool

        public init(_ name: String, _ value: String, enabled: Bool = true) {
            self.name = name
            self.value = value
            self.enabled = enabled
        }

        /// Neither name nor value typed: ignored when sending, not a problem.
        public var isBlank: Bool { name.isEmpty && value.isEmpty }

        /// What is wrong with the row ("name: space at 4", "value: CR at 12"), if anything.
        public var problem: String? {
            if isBlank { return nil }
            if let problem = HeaderRules.nameProblem(name) { return "name: " + problem }
            if let problem = HeaderRules.valueProblem(value) { return "value: " + problem }
            return nil
        }
    }

    /// Which cell is being edited.
    public enum EditField: Sendable, Equatable { case name, value }

    public internal(set) var rows: [Row]
    /// The selected row (0 when there are none).
    public internal(set) var selected = 0
    /// The cell being edited, if any.
    public internal(set) var editing: EditField?
    /// The editor of that cell; its text is copied into the row on every key.
    var field = LineField()
    /// The first visible row.
    var top = 0
    /// Rows of the table the pane showed last (kept by `layout`): scrolling keeps the
    /// selection inside them.
    var visibleRows = 3
    /// The inner width the pane showed last: the edited cell scrolls within its column.
    var innerWidth = 30

    public init(rows: [Row] = []) {
        self.rows = rows
    }

    public init(headers: [RequestDraft.Header]) {
        self.init(rows: headers.map { Row($0.name, $0.value) })
    }

    /// Replaces every row (a ready request's headers); stops editing.
    public mutating func load(_ headers: [RequestDraft.Header]) {
        rows = headers.map { Row($0.name, $0.value) }
        selected = 0
        top = 0
        editing = nil
    }

    /// Printable keys edit text only while a cell is being edited; otherwise they are commands
    /// (and `?` is left to the help overlay).
    public var isEditingText: Bool { editing != nil }

    /// The headers to send: enabled, valid, not blank.
    public var headers: [RequestDraft.Header] {
        rows.filter { $0.enabled && !$0.isBlank && $0.problem == nil }.map { RequestDraft.Header($0.name, $0.value) }
    }

    /// Why the headers block sending: an enabled row with an invalid name or value.
    public var problems: [String] {
        rows.enumerated().compactMap { index, row in
            guard row.enabled, let problem = row.problem else { return nil }
            return "Header \(index + 1) \(problem)"
        }
    }

    /// Fits scrolling to the pane's area (call when the layout changes).
    public mutating func layout(_ area: Rect) {
        visibleRows = max(1, Self.tableHeight(inner: area.inner.height))
        innerWidth = max(1, area.inner.width)
        if let editing { field.width = cellWidth(editing) }
        reveal()
    }

    /// The mouse wheel: scrolls the table, taking the selection along.
    public mutating func scroll(by lines: Int) {
        guard !rows.isEmpty else { return }
        top = min(max(0, top + lines), max(0, rows.count - visibleRows))
        if editing == nil { selected = min(max(selected, top), top + visibleRows - 1, rows.count - 1) }
    }

    /// Table rows in an inner area `height` high: one line goes to the message when there is
    /// room for a row besides it.
    static func tableHeight(inner height: Int) -> Int { height >= 2 ? height - 1 : height }

    mutating func reveal() {
        if selected < top { top = selected }
        if selected >= top + visibleRows { top = selected - visibleRows + 1 }
    }
}
