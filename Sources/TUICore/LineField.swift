/// A single-line text editor (the URL line, a header's name or value). It holds characters,
/// not bytes, so the cursor moves by what the user sees. Pasted line breaks stay in the text
/// as characters: a validator flags them instead of them vanishing silently.
public struct LineField: Sendable, Equatable {
    /// The text, one element per character the cursor steps over.
    public internal(set) var characters: [Character]
    /// Where the next character goes, in characters: `0...characters.count`.
    public var cursor: Int {
        didSet { cursor = min(max(0, cursor), characters.count) }
    }
    /// The first visible character when the text is wider than the field.
    public internal(set) var scroll = 0
    /// The width the field was last laid out in; editing keys keep the cursor visible in it.
    /// `render(width:)` corrects for a different width, so a stale hint only costs smoothness.
    public var width: Int

    /// A field holding `text` with the cursor at its end.
    public init(_ text: String = "", width: Int = 40) {
        characters = Array(text)
        cursor = characters.count
        self.width = width
        reveal()
    }

    /// The whole text. Setting it puts the cursor at the end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
            scroll = 0
            reveal()
        }
    }

    public var isEmpty: Bool { characters.isEmpty }

    /// Moves the horizontal scroll just enough that the cursor is visible in `width` columns.
    public mutating func reveal() {
        scroll = visibleStart(width: width)
    }

    /// The first visible character for `width` columns: the stored scroll, moved the least
    /// that shows the cursor (which takes one column of its own at the end of the text) and
    /// leaves no blank columns while text is hidden on the left.
    func visibleStart(width: Int) -> Int {
        let width = max(1, width)
        var start = min(scroll, cursor)
        // The leftmost start that still shows the cursor.
        let earliest = startFitting(endingAt: cursor, width: width)
        // With room to spare at the end (the field grew, or text was deleted), show more of
        // the start: the latest start that still fills the width with the text's tail.
        start = min(start, startFitting(endingAt: characters.count, width: width))
        if start < earliest { start = earliest }
        return start
    }

    /// The first of the characters before `end` that fit in `width` columns, with one column
    /// left for the cursor: walking back at most `width` columns.
    private func startFitting(endingAt end: Int, width: Int) -> Int {
        var start = end
        var used = 1
        while start > 0 {
            let columns = Self.columns(of: characters[start - 1])
            if used + columns > width { break }
            used += columns
            start -= 1
        }
        return start
    }
}
