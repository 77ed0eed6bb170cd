/// Strings, numbers and literals: the leaves of a JSON text.
extension JSONCheck.Checker {
    mutating func string() throws(Failure) {
        let opening = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < bytes.count, Self.isHexDigit(bytes[index]) else {
                            throw Failure(offset: index, message: "\\u needs four hex digits")
                        }
                        index += 1
                    }
                default:
                    throw Failure(offset: index - 1, message: "invalid escape '\\\(Self.printable(bytes[index]))'")
                }
            case UInt8(ascii: "\n"):
                throw Failure(offset: index, message: "line break in a string (missing '\"'?)")
            case 0x00..<0x20:
                throw Failure(offset: index, message: "\(Self.describe(byte)) in a string")
            default:
                index += 1
            }
        }
        throw Failure(offset: opening, message: "unterminated string")
    }

    mutating func number() throws(Failure) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Failure(offset: index, message: "expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw Failure(offset: index, message: "no leading zeros in a number") }
        } else {
            digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Failure(offset: index, message: "expected a digit after '.'") }
            digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Failure(offset: index, message: "expected a digit in the exponent") }
            digits()
        }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw Failure(offset: start, message: "expected a value (did you mean \(word)?)")
            }
            index += 1
        }
    }

    private mutating func digits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// A byte as the message shows it: `'x'` for printable ASCII, a name otherwise.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        case 0x00..<0x20, 0x7F: return "control character " + HeaderRules.name(of: Unicode.Scalar(byte))
        default: return "a non-ASCII character"
        }
    }

    static func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "?"
    }
}
