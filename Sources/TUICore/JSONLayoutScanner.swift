import RequestModel

/// Where a body stopped being JSON, and what the tokenizer expected there.
struct JSONLayoutError: Error, Sendable, Equatable {
    var offset: Int
    var message: String

    static func end(_ offset: Int) -> JSONLayoutError { JSONLayoutError(offset: offset, message: "unexpected end of data") }
}

/// What the indexer (validating, over a possibly truncated prefix, with the parser's token
/// readers) and the line walker (lenient, over a body already validated) share: whitespace,
/// and token ends found without checking. No copies: everything reads through one pointer.
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

    // MARK: Lenient scanning, for walking lines already validated

    /// The index after the string opening at `from`, without checking it (the body's end
    /// when it is not closed).
    func lenientStringEnd(_ from: Int) -> Int {
        var i = from + 1
        while i < end {
            while i + 8 <= end, !JSONParser.hasStringSpecial(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) { i += 8 }
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
}
