/// The character classes of RFC 9535's ABNF that more than one part of the engine needs.
enum JSONPathGrammar {
    /// `B`: blank space allowed between tokens.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// `name-first`: ALPHA / "_" / %x80-D7FF / %xE000-10FFFF.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: true
        default: false
        }
    }

    /// `name-char`: name-first / DIGIT.
    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isNameFirst(scalar) || isDigit(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Whether `name` can be written `.name` (`member-name-shorthand`).
    static func isMemberNameShorthand(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameFirst(first) else { return false }
        return name.unicodeScalars.allSatisfy(isNameChar)
    }

    /// The I-JSON range of indices and slice bounds: ±(2^53 − 1).
    static let largestInteger = 9_007_199_254_740_991
}
