/// Writes a JSON string literal: escapes what JSON requires, plus DEL and the C1 controls,
/// which some terminals obey like ESC, so JSON shown on a screen stays inert. Other text
/// stays as UTF-8.
public enum JSONText {
    public static func quote(_ text: String, into out: inout String) {
        // Most strings need no escape: copied whole, not a scalar at a time.
        if !mayNeedEscape(text) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A byte of a character that is escaped here or by `QuotedText`: controls, `"`, `\`, DEL, and
    /// the lead bytes of C1 controls (0xC2) and of U+2028, U+2029 (0xE2), U+FEFF, U+FFFE, U+FFFF (0xEF).
    static func mayNeedEscape(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where mayNeedEscape(byte) { return true }
            return false
        } ?? text.utf8.contains(where: mayNeedEscape)
    }

    static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
    }
}
