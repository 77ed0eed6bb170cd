/// The tokens of the grammar: strings, numbers and literals. Each reads from `start` in `b` and
/// returns where it ends, or nil when `b` ends inside it before the final chunk (read it again
/// with more bytes).
extension JSONParser {
    /// A string literal from its opening quote. Without escapes the bytes become the string in one go.
    func string(_ b: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool) throws(JSONProblem) -> (String, Int)? {
        let n = b.count
        var i = start + 1
        var ascii = true
        while i < n {
            let c = b[i]
            if c == Byte.quote {
                let body = UnsafeBufferPointer(rebasing: b[(start + 1)..<i])
                if ascii { return (String(decoding: body, as: UTF8.self), i + 1) }
                guard let text = String(validating: body, as: UTF8.self) else { throw invalidUTF8(b, in: start + 1..<i) }
                return (text, i + 1)
            }
            if c == Byte.backslash { return try escapedString(b, from: start, final: final) }
            if c < 0x20 { throw controlCharacter(b, at: i) }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        guard final else { return nil }
        throw unterminatedString(b, from: start)
    }

    /// The slow path: a string with escapes, decoded into UTF-8 bytes. Escapes are ASCII, so the
    /// raw bytes between the quotes are valid UTF-8 exactly when the text around the escapes is.
    private func escapedString(_ b: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool) throws(JSONProblem) -> (String, Int)? {
        let n = b.count
        var out: [UInt8] = []
        var i = start + 1
        var run = i
        var ascii = true
        while i < n {
            let c = b[i]
            if c == Byte.quote {
                out.append(contentsOf: b[run..<i])
                if !ascii, String(validating: UnsafeBufferPointer(rebasing: b[(start + 1)..<i]), as: UTF8.self) == nil {
                    throw invalidUTF8(b, in: start + 1..<i)
                }
                return (String(decoding: out, as: UTF8.self), i + 1)
            }
            if c < 0x20 { throw controlCharacter(b, at: i) }
            if c >= 0x80 { ascii = false }
            guard c == Byte.backslash else {
                i += 1
                continue
            }
            out.append(contentsOf: b[run..<i])
            guard i + 1 < n else { break }
            switch b[i + 1] {
            case Byte.quote, Byte.backslash, Byte.slash: out.append(b[i + 1])
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let (scalar, end) = try unicodeEscape(b, at: i, final: final) else { return nil }
                for byte in String(Character(scalar)).utf8 { out.append(byte) }
                i = end
                run = i
                continue
            default:
                throw problem(at: i, "invalid escape '\\\(printable(b[i + 1]))' in a string "
                    + "(JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)")
            }
            i += 2
            run = i
        }
        guard final else { return nil }
        throw unterminatedString(b, from: start)
    }

    /// `\uXXXX` at `i` (its backslash), with a following `\uXXXX` when it is a high surrogate.
    func unicodeEscape(_ b: UnsafeBufferPointer<UInt8>, at i: Int, final: Bool) throws(JSONProblem) -> (Unicode.Scalar, Int)? {
        guard let unit = try hex4(b, at: i, final: final) else { return nil }
        let text = "\\u" + String(decoding: UnsafeBufferPointer(rebasing: b[(i + 2)..<(i + 6)]), as: UTF8.self)
        switch unit {
        case 0xDC00...0xDFFF:
            throw problem(at: i, "lone surrogate '\(text)': a low surrogate must follow a high one (\\uD800-\\uDBFF)")
        case 0xD800...0xDBFF:
            let next = i + 6
            let n = b.count
            // Not yet known whether a low surrogate follows.
            if !final, next == n || (next + 1 == n && b[next] == Byte.backslash) { return nil }
            guard next + 1 < n, b[next] == Byte.backslash, b[next + 1] == UInt8(ascii: "u") else {
                throw problem(at: i, "lone surrogate '\(text)': a high surrogate must be followed by a low one (\\uDC00-\\uDFFF)")
            }
            guard let low = try hex4(b, at: next, final: final) else { return nil }
            guard (0xDC00...0xDFFF).contains(low) else {
                throw problem(at: i, "lone surrogate '\(text)': it is followed by '\\u\(String(decoding: UnsafeBufferPointer(rebasing: b[(next + 2)..<(next + 6)]), as: UTF8.self))', not a low surrogate (\\uDC00-\\uDFFF)")
            }
            return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!, next + 6)
        default:
            return (Unicode.Scalar(unit)!, i + 6)
        }
    }

    /// The four hex digits after the `\u` whose backslash is at `i`.
    private func hex4(_ b: UnsafeBufferPointer<UInt8>, at i: Int, final: Bool) throws(JSONProblem) -> UInt32? {
        var value: UInt32 = 0
        for k in (i + 2)..<(i + 6) {
            guard k < b.count else {
                guard final else { return nil }
                throw unterminatedString(b, from: nil)
            }
            let c = b[k]
            let digit: UInt8
            switch c {
            case Byte.zero...Byte.nine: digit = c - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw problem(at: i, "'\\u' must be followed by four hex digits, found \(found(b, at: k))")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A number, checked against the grammar; the caller keeps its text.
    func number(_ b: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool) throws(JSONProblem) -> Int? {
        let n = b.count
        var i = start
        func digits() -> Int {
            let from = i
            while i < n, b[i] &- Byte.zero < 10 { i += 1 }
            return i - from
        }
        if b[i] == Byte.minus { i += 1 }
        let integerStart = i
        let integerDigits = digits()
        if i == n, !final { return nil }
        if integerDigits == 0 {
            if i < n, b[i] >= UInt8(ascii: "A") {
                if !final, wordRunsToTheEnd(b, from: i) { return nil }
                throw bareWord(b, from: start)
            }
            throw problem(at: i, "expected a digit after '-', found \(found(b, at: i))")
        }
        if integerDigits > 1, b[integerStart] == Byte.zero {
            throw problem(at: start, "leading zero in number '\(text(b, start..<i))'")
        }
        if i < n, b[i] == Byte.dot {
            i += 1
            let fractionDigits = digits()
            if i == n, !final { return nil }
            if fractionDigits == 0 {
                throw problem(at: i, "expected a digit after the decimal point in '\(text(b, start..<i))', found \(found(b, at: i))")
            }
        }
        if i < n, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, b[i] == Byte.plus || b[i] == Byte.minus { i += 1 }
            let exponentDigits = digits()
            if i == n, !final { return nil }
            if exponentDigits == 0 {
                throw problem(at: i, "expected a digit in the exponent of '\(text(b, start..<i))', found \(found(b, at: i))")
            }
        }
        if i < n, Self.continuesNumber(b[i]) {
            if !final, numberRunsToTheEnd(b, from: i) { return nil }
            throw problem(at: start, "invalid number '\(numberText(b, from: start))'")
        }
        return i
    }

    /// `true`, `false` or `null`; any other byte where a value belongs is named in the problem.
    func literal(_ b: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool) throws(JSONProblem) -> (JSONNode, Int)? {
        let (word, node): (StaticString, JSONNode) = switch b[start] {
        case UInt8(ascii: "t"): ("true", .bool(true))
        case UInt8(ascii: "f"): ("false", .bool(false))
        case UInt8(ascii: "n"): ("null", .null)
        default: ("", .null)
        }
        let n = b.count
        if !final, Self.isWordByte(b[start]), wordRunsToTheEnd(b, from: start) { return nil }
        guard word.utf8CodeUnitCount > 0 else { throw unexpectedValue(b, at: start) }
        let count = word.utf8CodeUnitCount
        var k = 0
        while k < count, start + k < n, b[start + k] == word.utf8Start[k] { k += 1 }
        guard k == count, start + k == n || !Self.isWordByte(b[start + k]) else { throw bareWord(b, from: start) }
        return (node, start + k)
    }

    private func unexpectedValue(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> JSONProblem {
        switch b[i] {
        case UInt8(ascii: "'"): problem(at: i, "expected a value, found \"'\": JSON strings use double quotes")
        case Byte.plus: problem(at: i, "expected a value, found '+': a JSON number has no leading '+'")
        case Byte.dot: problem(at: i, "expected a value, found '.': a JSON number starts with a digit")
        case let c where Self.isWordByte(c): bareWord(b, from: i)
        default: problem(at: i, "expected a value, found \(found(b, at: i))")
        }
    }

    /// A word that is not a JSON literal: `NaN`, `True`, `undefined`, an unquoted string.
    private func bareWord(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> JSONProblem {
        var end = start
        if end < b.count, b[end] == Byte.minus { end += 1 }
        while end < b.count, end - start < 40, Self.isWordByte(b[end]) { end += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        let why = switch word.lowercased() {
        case "nan", "infinity", "-infinity", "inf", "-inf": "JSON numbers have no NaN or Infinity"
        case "true", "false", "null": "JSON's literals are lowercase: true, false, null"
        default: "a string needs double quotes; the only bare words are true, false and null"
        }
        return problem(at: start, "expected a value, found the bare word '\(word)': \(why)")
    }

    /// Whether the word at `start` may go on in the next chunk.
    private func wordRunsToTheEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var end = start
        while end < b.count, Self.isWordByte(b[end]) { end += 1 }
        return end == b.count
    }

    private func numberRunsToTheEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var end = start
        while end < b.count, Self.continuesNumber(b[end]) { end += 1 }
        return end == b.count
    }

    private static func continuesNumber(_ c: UInt8) -> Bool {
        isWordByte(c) || c == Byte.dot || c == Byte.plus || c == Byte.minus
    }

    private func text(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
    }

    private func numberText(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var end = start + 1
        while end < b.count, end - start < 40, Self.continuesNumber(b[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
    }

    func controlCharacter(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> JSONProblem {
        problem(at: i, "control character \(found(b, at: i)) in a string: write it as an escape (\\n, \\t, \\u00\(hex(b[i])))")
    }

    func unterminatedString(_ b: UnsafeBufferPointer<UInt8>, from start: Int?) -> JSONProblem {
        problem(at: b.count, "unexpected end of input inside a string" + (start.map { " opened at column \(column(at: $0))" } ?? ""))
    }

    /// Names the first byte of `range` that does not continue valid UTF-8.
    func invalidUTF8(_ b: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> JSONProblem {
        let at = UTF8Check.firstInvalid(UnsafeBufferPointer(rebasing: b[range])).map { range.lowerBound + $0 } ?? range.lowerBound
        return problem(at: at, "invalid UTF-8 in a string: \(found(b, at: at)) does not begin a valid character")
    }

    func printable(_ c: UInt8) -> String {
        (0x21...0x7E).contains(c) ? String(Character(Unicode.Scalar(c))) : "U+00\(hex(c))"
    }

    /// Letters, digits, `_` and non-ASCII: what makes a word run on.
    static func isWordByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), Byte.zero...Byte.nine,
             UInt8(ascii: "_"), 0x80...: true
        default: false
        }
    }
}

/// Where UTF-8 goes wrong (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
enum UTF8Check {
    static func firstInvalid(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < b.count {
            let lead = b[i]
            let (length, low, high): (Int, UInt8, UInt8) = switch lead {
            case 0x00...0x7F: (1, 0x80, 0xBF)
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xE1...0xEF: (3, 0x80, 0xBF)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
            guard length > 0, i + length <= b.count else { return i }
            if length > 1 {
                guard (low...high).contains(b[i + 1]) else { return i }
                for k in 2..<length where !(0x80...0xBF).contains(b[i + k]) { return i }
            }
            i += length
        }
        return nil
    }
}
