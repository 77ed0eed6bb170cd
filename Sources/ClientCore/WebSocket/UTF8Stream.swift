/// RFC 6455 §8.1's rule for text messages, checked as fragments arrive (SPEC §12): a message that
/// is not UTF-8 fails at the first byte that makes it so, even when a code point is split between
/// fragments, and a message that ends inside a code point fails at its end. Pure: bytes in,
/// a verdict out (RFC 3629's table of well-formed sequences).
struct UTF8Stream: Sendable, Equatable {
    /// Bytes still expected to finish the current code point.
    private var remaining = 0
    /// The range the next byte must be in (narrower than 0x80...0xBF right after some lead bytes).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// False once a byte made the text ill-formed; the stream stays failed.
    private(set) var isValid = true

    /// Takes the next bytes of the message; returns `isValid`.
    @discardableResult
    mutating func take<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard isValid else { return false }
        for byte in bytes where !take(byte) {
            isValid = false
            return false
        }
        return true
    }

    /// Whether the message may end here: valid, and not inside a code point.
    var canEnd: Bool { isValid && remaining == 0 }

    private mutating func take(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard byte >= lower && byte <= upper else { return false }
            remaining -= 1
            (lower, upper) = (0x80, 0xBF)
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0: (remaining, lower) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: (remaining, upper) = (2, 0x9F)    // no surrogates
        case 0xF0: (remaining, lower) = (3, 0x90)
        case 0xF1...0xF3: remaining = 3
        case 0xF4: (remaining, upper) = (3, 0x8F)    // nothing past U+10FFFF
        default: return false                        // 0x80–0xC1, 0xF5–0xFF never lead
        }
        return true
    }
}
