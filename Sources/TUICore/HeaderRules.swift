import HTTPParsing

/// Where a header typed in the TUI breaks HTTPParsing's `FieldSyntax` (the one rule, RFC 9110
/// §5.1, §5.5), so a bad header is flagged on screen as it is typed and never sent. Problems name
/// the offending character visibly and say where it is (1-based, in Unicode scalars — each is
/// drawn as one glyph or stand-in): "CR at 5", "':' at 3".
public enum HeaderRules {
    /// Why `name` is not a valid field name (a token), or nil if it is.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "empty name" }
        return firstProblem(in: name, allowed: FieldSyntax.isTokenScalar)
    }

    /// Why `value` is not a valid field value, or nil if it is.
    public static func valueProblem(_ value: String) -> String? {
        firstProblem(in: value, allowed: FieldSyntax.isFieldValueScalar)
    }

    private static func firstProblem(in text: String, allowed: (Unicode.Scalar) -> Bool) -> String? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where !allowed(scalar) {
            return "\(describe(scalar)) at \(offset + 1)"
        }
        return nil
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
