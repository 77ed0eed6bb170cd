/// UTF-8 decoding straight from a body's bytes, one scalar at a time, so only the visible
/// part of a line is ever decoded. Invalid sequences decode to U+FFFD, one per maximal
/// invalid subpart (what `String(decoding:as:)` does), so a broken body still lines up.
enum BodyUTF8 {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The scalar starting at `p[i]` (with `i < end`) and how many bytes it takes (at least 1).
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let need: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: need = 1; value = UInt32(b0 & 0x1F)
        case 0xE0: need = 2; low = 0xA0; value = UInt32(b0 & 0x0F)
        case 0xE1...0xEC, 0xEE...0xEF: need = 2; value = UInt32(b0 & 0x0F)
        case 0xED: need = 2; high = 0x9F; value = UInt32(b0 & 0x0F)
        case 0xF0: need = 3; low = 0x90; value = UInt32(b0 & 0x07)
        case 0xF1...0xF3: need = 3; value = UInt32(b0 & 0x07)
        case 0xF4: need = 3; high = 0x8F; value = UInt32(b0 & 0x07)
        default: return (replacement, 1)
        }
        var k = 1
        while k <= need {
            guard i + k < end else { return (replacement, k) }
            let b = p[i + k]
            guard b >= low, b <= high else { return (replacement, k) }
            low = 0x80
            high = 0xBF
            value = value << 6 | UInt32(b & 0x3F)
            k += 1
        }
        return (Unicode.Scalar(value) ?? replacement, k)
    }

    /// Whether `p[i]` starts a well-formed sequence, and its length; used to tell text from binary.
    @inline(__always)
    static func validLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        let (scalar, length) = decode(p, i, end)
        if scalar == replacement, !(length == 3 && p[i] == 0xEF && p[i + 1] == 0xBF && p[i + 2] == 0xBD) { return nil }
        return length
    }
}
