import StreamFormats
import Testing

/// The Encoding standard's UTF-8 decoder (encoding.spec.whatwg.org, "UTF-8 decoder"), step by
/// step, with errors replaced by U+FFFD as "UTF-8 decode" does: the oracle the parser's decoding
/// (the standard library's `String(decoding:as:)`) is held to.
private func whatwgUTF8Decode(_ bytes: [UInt8]) -> [Unicode.Scalar] {
    var output: [Unicode.Scalar] = []
    var codePoint: UInt32 = 0, bytesSeen = 0, bytesNeeded = 0
    var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if bytesNeeded == 0 {
            switch byte {
            case 0x00...0x7F: output.append(Unicode.Scalar(byte))
            case 0xC2...0xDF: bytesNeeded = 1; codePoint = UInt32(byte & 0x1F)
            case 0xE0...0xEF:
                if byte == 0xE0 { lower = 0xA0 }
                if byte == 0xED { upper = 0x9F }
                bytesNeeded = 2; codePoint = UInt32(byte & 0x0F)
            case 0xF0...0xF4:
                if byte == 0xF0 { lower = 0x90 }
                if byte == 0xF4 { upper = 0x8F }
                bytesNeeded = 3; codePoint = UInt32(byte & 0x07)
            default: output.append("\u{FFFD}")
            }
            continue
        }
        guard byte >= lower, byte <= upper else {
            codePoint = 0; bytesNeeded = 0; bytesSeen = 0; lower = 0x80; upper = 0xBF
            index -= 1                                      // "restore byte to ioQueue"
            output.append("\u{FFFD}")
            continue
        }
        lower = 0x80; upper = 0xBF
        codePoint = (codePoint << 6) | UInt32(byte & 0x3F)
        bytesSeen += 1
        if bytesSeen != bytesNeeded { continue }
        output.append(Unicode.Scalar(codePoint)!)
        codePoint = 0; bytesNeeded = 0; bytesSeen = 0
    }
    if bytesNeeded != 0 { output.append("\u{FFFD}") }      // end of queue inside a sequence
    return output
}

@Suite struct EventStreamUTF8Tests {
    /// The bytes where UTF-8's rules change: ASCII, continuation bounds, every lead kind and the
    /// special leads E0, ED, F0, F4, the never-valid C0, C1, F5–FF.
    static let boundaryBytes: [UInt8] = [
        0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
        0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF,
    ]

    @Test func standardLibraryDecodingIsTheEncodingStandardsDecoder() {
        var sequences: [[UInt8]] = []
        for first in 0...255 { for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) } }
        for a in Self.boundaryBytes { for b in Self.boundaryBytes { for c in Self.boundaryBytes {
            sequences.append([a, b, c])
            // Four bytes matter only after a four-byte lead (or a byte that looks like one).
            if a >= 0xF0 { for d in Self.boundaryBytes { sequences.append([a, b, c, d]) } }
        } } }
        var mismatches: [[UInt8]] = []
        for bytes in sequences where Array(String(decoding: bytes, as: UTF8.self).unicodeScalars) != whatwgUTF8Decode(bytes) {
            mismatches.append(bytes)
            if mismatches.count == 10 { break }
        }
        #expect(mismatches.isEmpty, "decoded differently: \(mismatches)")
    }

    @Test func dataIsDecodedByThatDecoder() {
        // A line of invalid bytes through the parser gives what the oracle gives for it.
        let value: [UInt8] = [0xF4, 0x90, 0x80, 0x80, 0xE0, 0x9F, 0xBF, 0xF1, 0x80, 0x41, 0xC2]
        var parser = EventStreamParser()
        let events = parser.feed(Array("data: ".utf8) + value + Array("\n\n".utf8))
        #expect(events.map { Array($0.data.unicodeScalars) } == [whatwgUTF8Decode(value)])
    }
}
