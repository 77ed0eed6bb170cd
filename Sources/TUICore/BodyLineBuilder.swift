/// Builds one display line of a body as spans, keeping only the columns in a window
/// `[start, start + maxColumns)`: a 10 MB line costs what its visible part costs. Control
/// characters become visible stand-ins here already (as `TerminalText` draws them), tabs
/// become spaces to the next multiple of 8, so no span ever holds a raw control byte.
struct BodyLineBuilder {
    static let tabWidth = 8

    let start: Int
    let end: Int
    /// The logical column the next character would take.
    private(set) var column = 0
    private var spans: [Span] = []
    private var text = ""
    private var style = Style()

    init(from start: Int, maxColumns: Int) {
        self.start = min(max(0, start), Int.max / 2)
        end = self.start + min(max(0, maxColumns), Int.max / 2)
    }

    /// True once the window is filled: callers stop decoding.
    var isFull: Bool { column >= end }

    /// The spans built so far.
    func finish() -> [Span] {
        var result = spans
        if !text.isEmpty { result.append(Span(text, style)) }
        return result
    }

    /// Printable ASCII (0x20–0x7E) only: one column, no lookups.
    @inline(__always)
    mutating func appendASCII(_ byte: UInt8, _ style: Style) {
        if column >= start, column < end {
            emit(Unicode.Scalar(byte), style)
        }
        column += 1
    }

    mutating func appendSpaces(_ count: Int, _ style: Style) {
        guard count > 0 else { return }
        let visibleFrom = max(column, start), visibleTo = min(column + count, end)
        if visibleTo > visibleFrom {
            switchStyle(style)
            text.append(String(repeating: " ", count: visibleTo - visibleFrom))
        }
        column += count
    }

    /// Any scalar: controls shown as their stand-ins, tabs expanded, wide characters cut at an
    /// edge of the window shown as blanks (never half a glyph).
    mutating func append(_ scalar: Unicode.Scalar, _ style: Style) {
        if scalar.value >= 0x20, scalar.value < 0x7F {
            appendASCII(UInt8(scalar.value), style)
            return
        }
        if scalar == "\t" {
            appendSpaces(Self.tabWidth - column % Self.tabWidth, style)
            return
        }
        if TerminalText.needsReplacing(scalar) {
            for standIn in TerminalText.sanitize(String(scalar)).unicodeScalars { append(standIn, style) }
            return
        }
        let width = CellWidth.of(scalar)
        if width == 0 {
            // A combining mark rides on the visible character before it.
            if column > start, column <= end, !text.isEmpty || !spans.isEmpty { emit(scalar, style) }
            return
        }
        if column >= start, column + width <= end {
            emit(scalar, style)
            column += width
        } else {
            let visible = min(column + width, end) - max(column, start)
            column += width
            if visible > 0 { appendBlanks(visible, style) }
        }
    }

    /// Decodes `p[from..<to]` as UTF-8 and appends it; returns where it stopped (`to`, or
    /// earlier once the window is full).
    mutating func appendUTF8(_ p: UnsafePointer<UInt8>, from: Int, to: Int, _ style: Style) -> Int {
        var i = from
        while i < to, !isFull {
            let byte = p[i]
            if byte >= 0x20, byte < 0x7F {
                appendASCII(byte, style)
                i += 1
            } else {
                let (scalar, length) = BodyUTF8.decode(p, i, to)
                append(scalar, style)
                i += length
            }
        }
        return i
    }

    private mutating func appendBlanks(_ count: Int, _ style: Style) {
        switchStyle(style)
        text.append(String(repeating: " ", count: count))
    }

    @inline(__always)
    private mutating func emit(_ scalar: Unicode.Scalar, _ style: Style) {
        switchStyle(style)
        text.unicodeScalars.append(scalar)
    }

    @inline(__always)
    private mutating func switchStyle(_ newStyle: Style) {
        guard newStyle != style else { return }
        if !text.isEmpty {
            spans.append(Span(text, style))
            text = ""
        }
        style = newStyle
    }
}
