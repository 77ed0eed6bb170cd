/// Tokens checked without being built, for a reader of whole input that only needs to know where a
/// token ends (`JSONSkimmer`, the viewer's layout index). It accepts exactly what the parser
/// accepts: strings by the same escape (`\u` by the same `unicodeEscape`) and UTF-8 rules,
/// numbers and literals by the same readers.
extension JSONParser {
    /// Where the string, number or literal at `start` ends; a problem names the first byte at
    /// fault. The input is whole: no token is cut. A reader keeps one fresh parser for this, so
    /// offsets count from `b`'s start.
    public func valueTokenEnd(_ b: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONProblem) -> Int {
        switch b[start] {
        case Byte.quote: return try skipString(b, from: start).end
        case Byte.minus, Byte.zero...Byte.nine:
            guard let end = try number(b, from: start, final: true) else { throw unterminatedString(b, from: nil) }
            return end
        default:
            guard let (_, end) = try literal(b, from: start, final: true) else { throw unterminatedString(b, from: nil) }
            return end
        }
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20: a string needs a closer look there.
    /// Eight bytes at a time, for the long runs of plain text most strings are.
    @inlinable @inline(__always)
    public static func hasStringSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quoteBits = word ^ (ones &* 0x22)
        let quote = (quoteBits &- ones) & ~quoteBits & highs
        let slashBits = word ^ (ones &* 0x5C)
        let slash = (slashBits &- ones) & ~slashBits & highs
        return control | quote | slash != 0
    }

    /// Where the string whose opening quote is at `start` ends (after its closing quote), and whether
    /// it has escapes (its bytes are then not its text). The input is whole: no token is cut.
    func skipString(_ b: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONProblem) -> (end: Int, escaped: Bool) {
        let n = b.count
        var i = start + 1
        var ascii = true
        var escaped = false
        while i < n {
            while i + 8 <= n {
                let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
                guard !Self.hasStringSpecial(word) else { break }
                if word & 0x8080_8080_8080_8080 != 0 { ascii = false }
                i += 8
            }
            guard i < n else { break }
            let c = b[i]
            // Plain printable ASCII, by far the most common byte.
            if c >= 0x20, c < 0x80, c != Byte.quote, c != Byte.backslash {
                i += 1
                continue
            }
            if c == Byte.quote {
                if !ascii, UTF8Check.firstInvalid(UnsafeBufferPointer(rebasing: b[(start + 1)..<i])) != nil {
                    throw invalidUTF8(b, in: start + 1..<i)
                }
                return (i + 1, escaped)
            }
            if c < 0x20 { throw controlCharacter(b, at: i) }
            if c >= 0x80 {
                ascii = false
                i += 1
                continue
            }
            escaped = true
            guard i + 1 < n else { break }
            switch b[i + 1] {
            case Byte.quote, Byte.backslash, Byte.slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                 UInt8(ascii: "r"), UInt8(ascii: "t"):
                i += 2
            case UInt8(ascii: "u"):
                guard let (_, end) = try unicodeEscape(b, at: i, final: true) else { throw unterminatedString(b, from: start) }
                i = end
            default:
                throw problem(at: i, "invalid escape '\\\(printable(b[i + 1]))' in a string")
            }
        }
        throw unterminatedString(b, from: start)
    }
}
