/// Cursor movement and scrolling.
extension TextBuffer {
    /// Puts the cursor at `position`, clamped to the text.
    public mutating func moveTo(_ position: Position) {
        let row = min(max(0, position.row), storage.count - 1)
        cursor = Position(row: row, column: min(max(0, position.column), storage[row].count))
        moved()
    }

    /// Left: at a line's start, to the end of the line above.
    public mutating func moveLeft() {
        if cursor.column > 0 {
            cursor.column -= 1
        } else if cursor.row > 0 {
            cursor.row -= 1
            cursor.column = storage[cursor.row].count
        }
        moved()
    }

    /// Right: at a line's end, to the start of the line below.
    public mutating func moveRight() {
        if cursor.column < storage[cursor.row].count {
            cursor.column += 1
        } else if cursor.row + 1 < storage.count {
            cursor.row += 1
            cursor.column = 0
        }
        moved()
    }

    public mutating func moveUp(_ lines: Int = 1) { moveVertically(by: -lines) }
    public mutating func moveDown(_ lines: Int = 1) { moveVertically(by: lines) }
    public mutating func pageUp() { moveVertically(by: -max(1, viewSize.rows - 1)) }
    public mutating func pageDown() { moveVertically(by: max(1, viewSize.rows - 1)) }

    public mutating func moveHome() {
        cursor.column = 0
        moved()
    }

    public mutating func moveEnd() {
        cursor.column = storage[cursor.row].count
        moved()
    }

    /// Up/Down keep aiming for the display column they started from, across shorter lines.
    mutating func moveVertically(by delta: Int) {
        let goal = goalColumn ?? displayColumn(of: cursor)
        let row = min(max(0, cursor.row + delta), storage.count - 1)
        if row == cursor.row, delta != 0 {
            // Up on the first line goes to its start, Down on the last line to its end.
            cursor.column = delta < 0 ? 0 : storage[row].count
            moved()
            return
        }
        cursor = Position(row: row, column: column(atDisplayColumn: goal, inRow: row))
        moved()
        goalColumn = goal
    }

    /// The mouse wheel: scrolls the view by `lines`, taking the cursor along so it stays inside.
    public mutating func scroll(by lines: Int) {
        let maxTop = max(0, storage.count - viewSize.rows)
        top = min(max(0, top + lines), maxTop)
        let bottom = top + viewSize.rows - 1
        let row = min(max(cursor.row, top), min(bottom, storage.count - 1))
        if row != cursor.row {
            let goal = goalColumn ?? displayColumn(of: cursor)
            cursor = Position(row: row, column: column(atDisplayColumn: goal, inRow: row))
            goalColumn = goal
        }
        breakStep()
    }

    private mutating func moved() {
        goalColumn = nil
        breakStep()
        reveal()
    }

    /// Scrolls the least that shows the cursor in `viewSize`, and sideways back as far as the
    /// cursor's line allows.
    public mutating func reveal() {
        let rows = viewSize.rows, columns = viewSize.columns
        if cursor.row < top { top = cursor.row }
        if cursor.row >= top + rows { top = cursor.row - rows + 1 }
        let x = displayColumn(of: cursor)
        left = min(left, tailLeft(columns: columns))
        if x < left { left = x }
        if x >= left + columns { left = x - columns + 1 }
    }

    /// The display column of `position` in its line.
    public func displayColumn(of position: Position) -> Int {
        LineField.columns(storage[position.row][..<position.column], tabWidth: Self.tabWidth)
    }

    /// The character index in `row` at display column `target` (the one starting at or
    /// before it).
    func column(atDisplayColumn target: Int, inRow row: Int) -> Int {
        var used = 0
        for (index, character) in storage[row].enumerated() {
            let width = LineField.columns(of: character, tabWidth: Self.tabWidth)
            if used + width > target { return index }
            used += width
        }
        return storage[row].count
    }
}
