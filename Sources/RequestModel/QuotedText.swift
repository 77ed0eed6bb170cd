/// A double-quoted string that reads back the same as JSON and as YAML: JSON's escapes, plus the
/// characters YAML treats as line breaks or refuses (U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF),
/// so nothing a user typed can change a file's structure.
public enum QuotedText {
    public static func quote(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    public static func quote(_ text: String, into out: inout String) {
        guard JSONText.mayNeedEscape(text), text.unicodeScalars.contains(where: needsEscape) else {
            return JSONText.quote(text, into: &out)
        }
        var escaped = ""
        JSONText.quote(text, into: &escaped)
        for scalar in escaped.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
