import TUICore

extension HeadersPane {
    public mutating func handle(_ key: Key) -> Outcome {
        editing == nil ? handleBrowsing(key) : handleEditing(key)
    }

    /// Not editing: keys are commands on the selected row.
    private mutating func handleBrowsing(_ key: Key) -> Outcome {
        switch key {
        case .up: select(selected - 1)
        case .down: select(selected + 1)
        case .home: select(0)
        case .end: select(rows.count - 1)
        case .pageUp: select(selected - visibleRows)
        case .pageDown: select(selected + visibleRows)
        case .character("a"), .insert: addRow()
        case .enter, .character("e"):
            if rows.isEmpty { addRow() } else { startEditing(.name) }
        case .character(" "):
            guard !rows.isEmpty else { return .ignored }
            rows[selected].enabled.toggle()
        case .character("d"), .delete:
            guard !rows.isEmpty else { return .ignored }
            rows.remove(at: selected)
            select(min(selected, rows.count - 1))
        case .paste(let text): addRows(pasted: text)
        default: return .ignored
        }
        return .handled
    }

    /// Editing a cell: Enter goes from name to value and then finishes, Esc finishes, Up and
    /// Down finish and move; the rest edits the text.
    private mutating func handleEditing(_ key: Key) -> Outcome {
        switch key {
        case .enter:
            if editing == .name { startEditing(.value) } else { stopEditing() }
        case .escape:
            stopEditing()
        case .up:
            stopEditing()
            select(selected - 1)
        case .down:
            stopEditing()
            select(selected + 1)
        default:
            guard field.handle(key) else { return .ignored }
            store()
        }
        return .handled
    }

    mutating func select(_ index: Int) {
        selected = rows.isEmpty ? 0 : min(max(0, index), rows.count - 1)
        reveal()
    }

    /// Appends an empty row and starts editing its name.
    mutating func addRow() {
        rows.append(Row("", ""))
        select(rows.count - 1)
        startEditing(.name)
    }

    /// A paste outside a cell adds one row per `Name: value` line (a block copied from curl
    /// output or browser tools); lines without a colon become names to be completed.
    mutating func addRows(pasted text: String) {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else { continue }
            if let colon = trimmed.firstIndex(of: ":") {
                let value = trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                rows.append(Row(String(trimmed[..<colon]), String(value)))
            } else {
                rows.append(Row(String(trimmed), ""))
            }
        }
        select(rows.count - 1)
    }

    mutating func startEditing(_ cell: EditField) {
        guard rows.indices.contains(selected) else { return }
        editing = cell
        field = LineField(cell == .name ? rows[selected].name : rows[selected].value, width: cellWidth(cell))
    }

    /// Stops editing, keeping what was typed; a row left entirely blank goes away.
    mutating func stopEditing() {
        editing = nil
        if rows.indices.contains(selected), rows[selected].isBlank {
            rows.remove(at: selected)
            select(min(selected, rows.count - 1))
        }
    }

    /// Copies the field's text into the row, so problems show as the user types.
    private mutating func store() {
        guard rows.indices.contains(selected), let editing else { return }
        switch editing {
        case .name: rows[selected].name = field.text
        case .value: rows[selected].value = field.text
        }
    }
}
