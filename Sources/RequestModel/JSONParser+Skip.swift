/// Strings checked without being built, for a reader that only needs to know where a string ends
/// (`JSONSkimmer`). It accepts exactly what `string` accepts: the escapes are checked the same way
/// (`\u` by the same `unicodeEscape`), and the raw bytes by the same UTF-8 rules.
extension JSONParser {
    /// Where the string whose opening quote is at `start` ends (after its closing quote), and whether
    /// it has escapes (its bytes are then not its text). The input is whole: no token is cut.
    func skipString(_ b: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONProblem) -> (end: Int, escaped: Bool) {
        let n = b.count
        var i = start + 1
        var ascii = true
        var escaped = false
        while i < n {
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
