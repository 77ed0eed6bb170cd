/// Drawing a field: the visible slice of its text for a width, and where the cursor goes.
extension LineField {
    public struct Rendered: Sendable, Equatable {
        /// The visible text in styled runs; control characters in `flagged` style.
        public var spans: [Span]
        /// The cursor's column from the field's left edge (`0..<width`).
        public var cursorColumn: Int
        /// Columns the spans take.
        public var columns: Int
    }

    /// The part of the text shown in `width` columns, starting from the stored scroll moved the
    /// least that keeps the cursor visible. Control characters appear as visible stand-ins in
    /// `flagged` style, so a pasted CR or LF can be seen where it is.
    public func render(width: Int, style: Style = Style(), flagged: Style = LineField.flagged) -> Rendered {
        guard width > 0 else { return Rendered(spans: [], cursorColumn: 0, columns: 0) }
        let start = visibleStart(width: width)
        var spans = GlyphSpans(style: style, flagged: flagged)
        var used = 0
        var cursorColumn = 0
        var index = start
        while index < characters.count {
            if index == cursor { cursorColumn = used }
            let glyph = Self.glyph(characters[index])
            if used + glyph.width > width { break }
            spans.append(glyph)
            used += glyph.width
            index += 1
        }
        if index == cursor { cursorColumn = used }
        return Rendered(spans: spans.finish(), cursorColumn: min(cursorColumn, width - 1), columns: used)
    }
}

extension LineField {
    /// `text` from its start in at most `width` columns, for a field that is not being edited:
    /// control characters flagged like in `render`, and a `…` in the last column when cut.
    public static func spans(_ text: String, width: Int, style: Style = Style(),
                             flagged: Style = LineField.flagged) -> [Span] {
        guard width > 0 else { return [] }
        let characters = Array(text)
        // When it does not all fit, the last column goes to the ellipsis.
        let room = columns(characters[...]) > width ? width - 1 : width
        var spans = GlyphSpans(style: style, flagged: flagged)
        var used = 0
        for character in characters {
            let glyph = glyph(character)
            if used + glyph.width > room { break }
            spans.append(glyph)
            used += glyph.width
        }
        if room < width { spans.appendPlain("…") }
        return spans.finish()
    }
}
