/// Text changes: typing, pasting, splitting and joining lines, replacing everything.
extension TextBuffer {
    /// Types one character; a line break splits the line.
    public mutating func insert(_ character: Character) {
        if character == "\n" || character == "\r\n" || character == "\r" {
            splitLine()
            return
        }
        beginEdit(.typing)
        storage[cursor.row].insert(character, at: cursor.column)
        cursor.column += 1
        endEdit()
    }

    /// Inserts `text` at the cursor as one undo step (a paste): CRLF and CR become LF, and the
    /// cursor ends after the inserted text.
    public mutating func insert(text: String) {
        guard !text.isEmpty else { return }
        beginEdit(.other)
        let pieces = Self.split(text)
        let row = cursor.row
        let head = storage[row][..<cursor.column]
        let tail = storage[row][cursor.column...]
        if pieces.count == 1 {
            storage[row].insert(contentsOf: pieces[0], at: cursor.column)
            cursor.column += pieces[0].count
        } else {
            var replacement: [[Character]] = []
            replacement.reserveCapacity(pieces.count)
            replacement.append(Array(head) + pieces[0])
            replacement.append(contentsOf: pieces[1..<(pieces.count - 1)])
            let last = pieces[pieces.count - 1]
            replacement.append(last + Array(tail))
            storage.replaceSubrange(row...row, with: replacement)
            cursor = Position(row: row + pieces.count - 1, column: last.count)
        }
        endEdit()
    }

    /// Enter: splits the line at the cursor.
    public mutating func splitLine() {
        beginEdit(.other)
        let row = cursor.row
        let tail = Array(storage[row][cursor.column...])
        storage[row].removeSubrange(cursor.column...)
        storage.insert(tail, at: row + 1)
        cursor = Position(row: row + 1, column: 0)
        endEdit()
    }

    /// Deletes the character before the cursor; at a line's start, joins it to the line above.
    public mutating func backspace() {
        if cursor.column > 0 {
            beginEdit(.backspacing)
            storage[cursor.row].remove(at: cursor.column - 1)
            cursor.column -= 1
        } else if cursor.row > 0 {
            beginEdit(.other)
            let row = cursor.row
            let column = storage[row - 1].count
            storage[row - 1].append(contentsOf: storage[row])
            storage.remove(at: row)
            cursor = Position(row: row - 1, column: column)
        } else {
            return
        }
        endEdit()
    }

    /// Deletes the character under the cursor; at a line's end, joins the next line to it.
    public mutating func deleteForward() {
        let row = cursor.row
        if cursor.column < storage[row].count {
            beginEdit(.deleting)
            storage[row].remove(at: cursor.column)
        } else if row + 1 < storage.count {
            beginEdit(.other)
            storage[row].append(contentsOf: storage[row + 1])
            storage.remove(at: row + 1)
        } else {
            return
        }
        endEdit()
    }

    /// Replaces the whole text as one undo step (the text coming back from `$EDITOR`); the
    /// cursor stays where it was as far as the new text allows.
    public mutating func replaceAll(with text: String) {
        let lines = Self.split(text)
        guard lines != storage else { return }
        beginEdit(.other)
        storage = lines
        cursor.row = min(cursor.row, storage.count - 1)
        cursor.column = min(cursor.column, storage[cursor.row].count)
        endEdit()
    }
}
