extension LineField {
    /// How one character of edited text looks on screen. Editors measure with this rather than
    /// `CellWidth` alone, because a control character the user pasted is drawn as a visible
    /// stand-in (␍, ␊, ⟨U+202E⟩) that may take more than one column — and the cursor must land
    /// where the stand-in ends.
    public struct Glyph: Sendable, Hashable {
        /// What goes on screen (never a control character).
        public var text: String
        /// Columns it takes.
        public var width: Int
        /// Whether it stands in for a control character (editors draw it flagged).
        public var isControl: Bool
    }

    /// How editors draw a stand-in for a control character: it must stand out, since such a
    /// character in a header or URL is usually a paste accident.
    public static let flagged = Style(foreground: .red, reverse: true)

    /// The glyph for `character`. A tab becomes `tabWidth` spaces when `tabWidth > 0`, else the
    /// visible ␉ (in a header value a tab is legal but should still be seen).
    public static func glyph(_ character: Character, tabWidth: Int = 0) -> Glyph {
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            return Glyph(text: String(character), width: 1, isControl: false)
        }
        if character == "\t" {
            if tabWidth > 0 { return Glyph(text: String(repeating: " ", count: tabWidth), width: tabWidth, isControl: false) }
            return Glyph(text: "␉", width: 1, isControl: false)
        }
        let plain = String(character)
        guard plain.unicodeScalars.contains(where: TerminalText.needsReplacing) else {
            return Glyph(text: plain, width: CellWidth.of(character), isControl: false)
        }
        let shown = TerminalText.sanitize(plain)
        return Glyph(text: shown, width: CellWidth.of(shown), isControl: true)
    }

    /// The columns `character` takes on screen: `glyph(_:tabWidth:).width` without building
    /// the glyph's text for the common case (measuring a long line must not allocate per character).
    @inline(__always)
    public static func columns(of character: Character, tabWidth: Int = 0) -> Int {
        // `utf8` of a Character is far cheaper than `asciiValue` (measured: ~12×).
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first {
            if byte >= 0x20 && byte < 0x7F { return 1 }
            if byte == 0x09 { return tabWidth > 0 ? tabWidth : 1 }
        }
        return glyph(character, tabWidth: tabWidth).width
    }

    /// The columns `characters` take.
    static func columns(_ characters: ArraySlice<Character>, tabWidth: Int = 0) -> Int {
        var total = 0
        for character in characters { total += columns(of: character, tabWidth: tabWidth) }
        return total
    }
}
