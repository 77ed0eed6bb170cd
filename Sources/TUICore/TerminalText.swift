/// Makes text from a server or a file safe to put on a terminal: every control character
/// becomes a visible stand-in, so an escape sequence is shown, never executed.
public enum TerminalText {
    /// C0 controls become their Control Pictures (␛ for ESC, ␀ for NUL), DEL becomes ␡, C1
    /// controls (U+0080–U+009F, which some terminals obey like ESC sequences) and the bidi
    /// overrides that reorder a line become `⟨U+XXXX⟩`. Tabs are kept when `keepTabs`, for the
    /// caller to expand.
    public static func sanitize(_ text: String, keepTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepTabs && scalar == "\t" || !needsReplacing(scalar) {
                out.append(scalar)
            } else {
                out.append(contentsOf: standIn(for: scalar).unicodeScalars)
            }
        }
        return String(out)
    }

    /// Whether a scalar would act on the terminal instead of being printed.
    public static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }

    private static func standIn(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
        }
    }
}
