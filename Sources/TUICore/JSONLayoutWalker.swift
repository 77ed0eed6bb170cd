/// Where a pretty line starts: the byte its first token is at (after the previous line's
/// comma), how deep it is, and whether a string there is a key.
struct JSONLayoutState: Sendable, Equatable {
    var offset: Int
    var depth: Int
    var kind: UInt32

    init(offset: Int, depth: Int, kind: UInt32) {
        self.offset = offset
        self.depth = depth
        self.kind = kind
    }

    init(offset: Int, packed: UInt32) {
        self.init(offset: offset, depth: Int(packed >> 2), kind: packed & 3)
    }
}

/// Re-tokenizes pretty lines from a checkpoint over an already validated body: `advance`
/// steps over one line, `render` draws one into the visible window only, so a line holding a
/// 10 MB string costs its visible columns.
struct JSONLayoutWalker {
    let scanner: JSONLayoutScanner

    init(_ p: UnsafePointer<UInt8>, count: Int) {
        scanner = JSONLayoutScanner(p: p, end: count)
    }

    private var p: UnsafePointer<UInt8> { scanner.p }
    private var end: Int { scanner.end }

    /// The state of the line after the one starting at `state`.
    func advance(_ state: JSONLayoutState) -> JSONLayoutState {
        var j = scanner.skipWhitespace(state.offset)
        guard j < end else { return JSONLayoutState(offset: end, depth: state.depth, kind: state.kind) }
        var depth = state.depth, kind = state.kind
        let byte = p[j]
        if byte == 0x7D || byte == 0x5D {
            j += 1
            depth = max(0, depth - 1)
            kind = JSONLayoutScanner.unknown
        } else {
            var isStringValue = false
            if byte == 0x22 {
                let stringEnd = scanner.lenientStringEnd(j)
                if isKey(kind: kind, stringEnd: stringEnd) {
                    j = scanner.skipWhitespace(scanner.skipWhitespace(stringEnd) + 1)
                } else {
                    j = stringEnd
                    isStringValue = true
                }
            }
            if !isStringValue, j < end {
                switch p[j] {
                case 0x7B, 0x5B:
                    let close: UInt8 = p[j] == 0x7B ? 0x7D : 0x5D
                    let next = scanner.skipWhitespace(j + 1)
                    guard next < end, p[next] == close else {
                        return JSONLayoutState(offset: min(j + 1, end), depth: depth + 1,
                                               kind: p[j] == 0x7B ? JSONLayoutScanner.inObject : JSONLayoutScanner.inValues)
                    }
                    j = next + 1
                case 0x22: j = scanner.lenientStringEnd(j)
                default: j = scanner.scalarEnd(j)
                }
            }
        }
        let next = scanner.skipWhitespace(j)
        if next < end, p[next] == 0x2C { j = next + 1 }
        return JSONLayoutState(offset: min(j, end), depth: depth, kind: kind)
    }

    /// Draws the line starting at `state` into `builder`'s window.
    func render(_ state: JSONLayoutState, into builder: inout BodyLineBuilder) {
        var j = scanner.skipWhitespace(state.offset)
        guard j < end else { return }
        let byte = p[j]
        if byte == 0x7D || byte == 0x5D {
            builder.appendSpaces(2 * max(0, state.depth - 1), BodyStyles.plain)
            builder.appendASCII(byte, BodyStyles.punctuation)
            renderComma(after: j + 1, into: &builder)
            return
        }
        builder.appendSpaces(2 * state.depth, BodyStyles.plain)
        if byte == 0x22, state.kind != JSONLayoutScanner.inValues,
           state.kind == JSONLayoutScanner.inObject || isKey(kind: state.kind, stringEnd: scanner.lenientStringEnd(j)) {
            guard let keyEnd = renderString(at: j, BodyStyles.key, into: &builder) else { return }
            builder.appendASCII(0x3A, BodyStyles.punctuation)
            builder.appendASCII(0x20, BodyStyles.plain)
            j = scanner.skipWhitespace(scanner.skipWhitespace(keyEnd) + 1)
            guard j < end else { return }
        }
        guard !builder.isFull else { return }
        let valueEnd: Int
        switch p[j] {
        case 0x7B, 0x5B:
            let close: UInt8 = p[j] == 0x7B ? 0x7D : 0x5D
            builder.appendASCII(p[j], BodyStyles.punctuation)
            let next = scanner.skipWhitespace(j + 1)
            guard next < end, p[next] == close else { return }
            builder.appendASCII(close, BodyStyles.punctuation)
            valueEnd = next + 1
        case 0x22:
            guard let stringEnd = renderString(at: j, BodyStyles.string, into: &builder) else { return }
            valueEnd = stringEnd
        default:
            let scalarEnd = scanner.scalarEnd(j)
            let style: Style
            switch p[j] {
            case 0x74, 0x66: style = BodyStyles.boolean
            case 0x6E: style = BodyStyles.null
            default: style = BodyStyles.number
            }
            valueEnd = builder.appendUTF8(p, from: j, to: scalarEnd, style)
            guard valueEnd == scalarEnd else { return }
        }
        renderComma(after: valueEnd, into: &builder)
    }

    private func renderComma(after j: Int, into builder: inout BodyLineBuilder) {
        let next = scanner.skipWhitespace(j)
        if next < end, p[next] == 0x2C { builder.appendASCII(0x2C, BodyStyles.punctuation) }
    }

    /// Draws the string opening at `from` as written (escapes kept); returns the index after
    /// it, or nil when the window filled first.
    private func renderString(at from: Int, _ style: Style, into builder: inout BodyLineBuilder) -> Int? {
        builder.appendASCII(0x22, style)
        var i = from + 1
        while i < end {
            if builder.isFull { return nil }
            let byte = p[i]
            if byte == 0x22 {
                builder.appendASCII(byte, style)
                return i + 1
            }
            if byte >= 0x20, byte < 0x7F {
                builder.appendASCII(byte, style)
                i += 1
                if byte == 0x5C, i < end {
                    // The escaped character is drawn as written, whatever it is.
                    let (scalar, length) = BodyUTF8.decode(p, i, end)
                    builder.append(scalar, style)
                    i += length
                }
            } else {
                let (scalar, length) = BodyUTF8.decode(p, i, end)
                builder.append(scalar, style)
                i += length
            }
        }
        return builder.isFull ? nil : end
    }

    /// Whether the string ending at `stringEnd` is a key: known from the container, or from
    /// the colon after it.
    private func isKey(kind: UInt32, stringEnd: Int) -> Bool {
        switch kind {
        case JSONLayoutScanner.inObject: return true
        case JSONLayoutScanner.inValues: return false
        default:
            let next = scanner.skipWhitespace(stringEnd)
            return next < end && p[next] == 0x3A
        }
    }
}
