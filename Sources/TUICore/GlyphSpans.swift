/// Gathers an editor line's glyphs into spans: plain text in runs of one style, each control
/// character's stand-in on its own in the flagged style (so a pasted CR can be seen and found).
struct GlyphSpans {
    let style: Style
    let flagged: Style
    private(set) var spans: [Span] = []
    private var run = ""

    init(style: Style, flagged: Style) {
        self.style = style
        self.flagged = flagged
    }

    mutating func append(_ glyph: LineField.Glyph) {
        guard glyph.isControl else { return run += glyph.text }
        flushRun()
        spans.append(Span(glyph.text, flagged))
    }

    /// Text that is never a control stand-in (blanks for a cut glyph, an ellipsis).
    mutating func appendPlain(_ text: String) { run += text }

    mutating func finish() -> [Span] {
        flushRun()
        return spans
    }

    private mutating func flushRun() {
        if !run.isEmpty { spans.append(Span(run, style)) }
        run = ""
    }
}
