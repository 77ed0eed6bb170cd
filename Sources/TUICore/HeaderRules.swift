/// What may go in a header (RFC 9110 §5.1, §5.5), checked as the user types so a bad header is
/// flagged on screen and never sent. Problems name the offending character visibly and say
/// where it is (1-based, in Unicode scalars — each is drawn as one glyph or stand-in):
/// "CR at 5", "':' at 3".
public enum HeaderRules {
    /// Why `name` is not a valid field name (a token), or nil if it is.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "empty name" }
        for (offset, scalar) in name.unicodeScalars.enumerated() where !isTokenCharacter(scalar) {
            return "\(describe(scalar)) at \(offset + 1)"
        }
        return nil
    }

    /// Why `value` is not a valid field value, or nil if it is: CR, LF, NUL, the other C0
    /// controls except tab, and DEL are refused (a CR or LF would split the header — request
    /// smuggling). Non-ASCII text is allowed; it goes out as UTF-8.
    public static func valueProblem(_ value: String) -> String? {
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            let code = scalar.value
            if (code < 0x20 && code != 0x09) || code == 0x7F {
                return "\(describe(scalar)) at \(offset + 1)"
            }
        }
        return nil
    }

    /// RFC 9110 tchar: letters, digits and ``!#$%&'*+-.^_`|~``.
    public static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": return true
        default: return false
        }
    }

    /// A character as a message shows it: a control by its name (CR, LF, NUL, DEL), a space as
    /// "space", other ASCII quoted, anything else by code point.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x20: return "space"
        case 0x00..<0x20, 0x7F: return name(of: scalar)
        case 0x21..<0x7F: return "'\(Character(scalar))'"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            let printable = !TerminalText.needsReplacing(scalar) && scalar.properties.generalCategory != .format
                && CellWidth.of(scalar) > 0
            return printable ? "\(code) '\(Character(scalar))'" : code
        }
    }

    /// The ASCII name of a control character: NUL, SOH, …, CR, …, ESC, …, US, DEL.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let names = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF", "CR", "SO", "SI",
                     "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"]
        if scalar.value < 0x20 { return names[Int(scalar.value)] }
        if scalar.value == 0x7F { return "DEL" }
        return String(scalar)
    }
}
