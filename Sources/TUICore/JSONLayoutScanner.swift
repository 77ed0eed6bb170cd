/// Where a body stopped being JSON, and what the tokenizer expected there.
struct JSONLayoutError: Error, Sendable, Equatable {
    var offset: Int
    var message: String

    static func end(_ offset: Int) -> JSONLayoutError { JSONLayoutError(offset: offset, message: "unexpected end of data") }
}

/// The byte-level JSON token scanners shared by the indexer (validating, over a possibly
/// truncated prefix) and the line walker (lenient, over the whole body). No Foundation
/// parser and no copies: everything reads through one pointer.
struct JSONLayoutScanner {
    let p: UnsafePointer<UInt8>
    /// Reading stops here: the body's end, or the end of the prefix being indexed.
    let end: Int

    /// The container a line starts in, packed with its depth into a checkpoint's state:
    /// in an object a string at a line's start is a key.
    static let inValues: UInt32 = 0, inObject: UInt32 = 1, unknown: UInt32 = 2

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    @inline(__always)
    func skipWhitespace(_ from: Int) -> Int {
        var i = from
        while i < end, Self.isWhitespace(p[i]) { i += 1 }
        return i
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20 (a string needs a closer look).
    @inline(__always)
    static func hasStringSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quoteBits = word ^ (ones &* 0x22)
        let quote = (quoteBits &- ones) & ~quoteBits & highs
        let slashBits = word ^ (ones &* 0x5C)
        let slash = (slashBits &- ones) & ~slashBits & highs
        return control | quote | slash != 0
    }

    /// The index after the string that opens at `from` (a `"`), checking its escapes and
    /// that it has no raw control characters. Eight bytes at a time between specials.
    func stringEnd(_ from: Int) throws(JSONLayoutError) -> Int {
        var i = from + 1
        while true {
            while i + 8 <= end, !Self.hasStringSpecial(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            guard i < end else { throw .end(end) }
            let byte = p[i]
            if byte == 0x22 { return i + 1 }
            if byte == 0x5C {
                guard i + 1 < end else { throw .end(end) }
                switch p[i + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                case 0x75:
                    for k in 2..<6 {
                        guard i + k < end else { throw .end(end) }
                        guard Self.isHexDigit(p[i + k]) else { throw JSONLayoutError(offset: i + k, message: "invalid \\u escape") }
                    }
                    i += 6
                default: throw JSONLayoutError(offset: i + 1, message: "invalid escape")
                }
            } else if byte < 0x20 {
                throw JSONLayoutError(offset: i, message: "control character in string")
            } else {
                i += 1
            }
        }
    }

    /// The index after the number at `from`: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    func numberEnd(_ from: Int) throws(JSONLayoutError) -> Int {
        var i = from
        if p[i] == 0x2D { i += 1 }
        guard i < end else { throw .end(end) }
        if p[i] == 0x30 {
            i += 1
        } else if Self.isDigit(p[i]) {
            i = digitsEnd(i)
        } else {
            throw JSONLayoutError(offset: i, message: "invalid number")
        }
        if i < end, p[i] == 0x2E {
            i += 1
            guard i < end else { throw .end(end) }
            guard Self.isDigit(p[i]) else { throw JSONLayoutError(offset: i, message: "invalid number") }
            i = digitsEnd(i)
        }
        if i < end, p[i] == 0x65 || p[i] == 0x45 {
            i += 1
            if i < end, p[i] == 0x2B || p[i] == 0x2D { i += 1 }
            guard i < end else { throw .end(end) }
            guard Self.isDigit(p[i]) else { throw JSONLayoutError(offset: i, message: "invalid number") }
            i = digitsEnd(i)
        }
        return i
    }

    /// The index after `true`, `false` or `null` at `from`.
    func literalEnd(_ from: Int) throws(JSONLayoutError) -> Int {
        let word: StaticString
        switch p[from] {
        case 0x74: word = "true"
        case 0x66: word = "false"
        default: word = "null"
        }
        let bytes = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            guard from + k < end else { throw .end(end) }
            guard p[from + k] == bytes[k] else { throw JSONLayoutError(offset: from, message: "expected a value") }
        }
        return from + word.utf8CodeUnitCount
    }

    // MARK: Lenient scanning, for walking lines already validated

    /// The index after the string opening at `from`, without checking it (the body's end
    /// when it is not closed).
    func lenientStringEnd(_ from: Int) -> Int {
        var i = from + 1
        while i < end {
            while i + 8 <= end, !Self.hasStringSpecial(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) { i += 8 }
            guard i < end else { return end }
            switch p[i] {
            case 0x22: return i + 1
            case 0x5C: i += 2
            default: i += 1
            }
        }
        return end
    }

    /// The index after a number or literal: up to the next delimiter, at least one byte.
    func scalarEnd(_ from: Int) -> Int {
        var i = from
        while i < end {
            let byte = p[i]
            if Self.isWhitespace(byte) || byte == 0x2C || byte == 0x5D || byte == 0x7D || byte == 0x3A { break }
            i += 1
        }
        return max(i, min(from + 1, end))
    }

    @inline(__always)
    private func digitsEnd(_ from: Int) -> Int {
        var i = from
        while i < end, Self.isDigit(p[i]) { i += 1 }
        return i
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }
}
