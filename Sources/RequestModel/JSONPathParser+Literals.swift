/// RFC 9535's string, integer and number tokens.
extension JSONPathParser {
    /// A single- or double-quoted string with JSON's escapes (and `\'` in single quotes);
    /// surrogate escapes must come as a pair.
    mutating func stringLiteral() throws(JSONPathProblem) -> String {
        let quote = peek!
        let opening = position
        position += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw problem("the string opened at column \(opening + 1) has no closing quote") }
            if scalar == quote {
                position += 1
                return String(out)
            }
            if scalar == "\\" {
                position += 1
                out.append(try escape(quote: quote))
                continue
            }
            guard scalar.value >= 0x20 else { throw problem("a control character must be escaped in a string") }
            out.append(scalar)
            position += 1
        }
    }

    mutating func escape(quote: Unicode.Scalar) throws(JSONPathProblem) -> Unicode.Scalar {
        guard let letter = peek else { throw problem("expected an escape after '\\'") }
        position += 1
        switch letter {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/", "\\": return letter
        case "u": break
        case _ where letter == quote: return letter
        default:
            position -= 1
            throw problem("invalid escape '\\\(letter)'")
        }
        let at = position
        let first = try hex4()
        switch first {
        case 0xD800...0xDBFF:
            guard take("\\"), take("u") else { throw problem("a high surrogate escape must be followed by a low surrogate '\\uDC00'-'\\uDFFF'") }
            let lowAt = position
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw problem("a high surrogate escape must be followed by a low surrogate '\\uDC00'-'\\uDFFF'", at: lowAt)
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw problem("a low surrogate escape must follow a high surrogate", at: at)
        default:
            return Unicode.Scalar(first)!
        }
    }

    mutating func hex4() throws(JSONPathProblem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexValue(scalar) else {
                throw problem("expected 4 hex digits after '\\u'")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// RFC 9535 `number`: `int` or `-0`, an optional fraction and exponent, kept as written.
    mutating func numberLiteral() throws(JSONPathProblem) -> String {
        var out = String.UnicodeScalarView()
        if take("-") { out.append("-") }
        guard let first = peek, JSONPathGrammar.isDigit(first) else { throw problem("expected a digit") }
        if first == "0" {
            out.append("0")
            position += 1
            if let next = peek, JSONPathGrammar.isDigit(next) { throw problem("a number has no leading zeros") }
        } else {
            appendDigits(to: &out)
        }
        if peek == "." {
            out.append(".")
            position += 1
            guard let digit = peek, JSONPathGrammar.isDigit(digit) else { throw problem("expected a digit after '.'") }
            appendDigits(to: &out)
        }
        if let e = peek, e == "e" || e == "E" {
            out.append(e)
            position += 1
            if let sign = peek, sign == "+" || sign == "-" {
                out.append(sign)
                position += 1
            }
            guard let digit = peek, JSONPathGrammar.isDigit(digit) else { throw problem("expected a digit in the exponent") }
            appendDigits(to: &out)
        }
        return String(out)
    }

    mutating func appendDigits(to out: inout String.UnicodeScalarView) {
        while let digit = peek, JSONPathGrammar.isDigit(digit) {
            out.append(digit)
            position += 1
        }
    }
}
