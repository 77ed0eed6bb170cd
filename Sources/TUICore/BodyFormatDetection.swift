import Foundation
import RequestModel

/// Tells JSON, text and binary bodies apart from the content type and the first bytes.
enum BodyFormatDetection {
    /// How much of the body the binary test looks at.
    static let sampleBytes = 8 * 1024

    /// JSON when declared (`application/json`, `*+json`) or when the body opens with `{` or
    /// `[` (the indexer then confirms it parses); binary when the sample looks binary; text
    /// otherwise.
    static func detect(_ p: UnsafePointer<UInt8>, count: Int, contentType: String?) -> (format: BodyDocument.Format, declaredJSON: Bool) {
        guard count > 0 else { return (.text, false) }
        if MediaType.isJSON(contentType) { return (.json, true) }
        if looksBinary(p, count: min(count, sampleBytes)) { return (.binary, false) }
        var i = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        while i < count, JSONLayoutScanner.isWhitespace(p[i]) { i += 1 }
        if i < count, p[i] == 0x7B || p[i] == 0x5B { return (.json, false) }
        return (.text, false)
    }

    /// A NUL byte, or more than 30% of bytes in invalid UTF-8 or unusual C0 controls (tab, line
    /// breaks, form feed, backspace, bell and escape count as text: a body full of escape
    /// sequences is shown as text, made visible).
    static func looksBinary(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        var suspicious = 0, i = 0
        while i < count {
            let byte = p[i]
            if byte == 0 { return true }
            if byte < 0x20 {
                switch byte {
                case 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B: break
                default: suspicious += 1
                }
                i += 1
            } else if byte < 0x80 {
                i += 1
            } else if let length = BodyUTF8.validLength(p, i, count) {
                i += length
            } else {
                suspicious += 1
                i += 1
            }
        }
        return suspicious * 10 > count * 3
    }
}
