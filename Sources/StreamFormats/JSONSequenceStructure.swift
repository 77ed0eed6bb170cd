/// Just enough of JSON's shape to tell where a text of a JSON text sequence ends without parsing
/// it: the nesting of objects and arrays and whether a string is open. An LF outside a string at
/// depth 0 after some content closes the text (JSON strings cannot hold a raw LF, so an LF inside
/// a pretty-printed text is never there). Malformed input only makes the guess wrong until the
/// next RS, where every text ends anyway.
struct JSONSequenceStructure: Sendable, Equatable {
    var depth = 0
    var inString = false
    var escaped = false

    var isClosed: Bool { depth == 0 && !inString }

    mutating func take(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth = max(0, depth - 1)
        default: break
        }
    }

    /// JSON whitespace (RFC 8259 `ws`): space, tab, LF, CR.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// RFC 7464 §2.4: a top-level number, or what may be `true`, `false` or `null`, is only known
    /// to be whole when whitespace follows it; without, it may have been cut short ("12" of "123").
    static func mayBeTruncatedScalar(_ text: [UInt8]) -> Bool {
        guard let first = text.first(where: { !isWhitespace($0) }), let last = text.last, !isWhitespace(last) else {
            return false
        }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }
}
