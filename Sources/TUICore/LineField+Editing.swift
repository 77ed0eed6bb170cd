/// The editing operations behind the keys; each keeps the cursor visible.
extension LineField {
    public mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
        reveal()
    }

    /// Inserts `text` as it is, line breaks included (a validator flags them).
    public mutating func insert(_ text: String) {
        let inserted = Array(text)
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        reveal()
    }

    /// Pastes `text`; with `trimming`, whitespace and line breaks around it are dropped first
    /// (a URL copied from a browser or a terminal often carries a trailing newline).
    public mutating func paste(_ text: String, trimming: Bool = false) {
        insert(trimming ? Self.trimmed(text) : text)
    }

    public mutating func backspace() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
        reveal()
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        reveal()
    }

    public mutating func moveLeft() { cursor -= 1; reveal() }
    public mutating func moveRight() { cursor += 1; reveal() }
    public mutating func moveHome() { cursor = 0; reveal() }
    public mutating func moveEnd() { cursor = characters.count; reveal() }

    /// Ctrl+U: deletes everything before the cursor.
    public mutating func clearToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
        reveal()
    }

    /// Ctrl+K: deletes everything from the cursor on.
    public mutating func killToEnd() {
        characters.removeSubrange(cursor..<characters.count)
        reveal()
    }

    /// Ctrl+W: deletes the word before the cursor. Words are runs of letters and digits, so in
    /// a URL it takes one path segment or query value at a time, not the whole line.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
        reveal()
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[first...last])
    }
}
