import CNcurses
import TUICore

/// ncurses colour pairs, created on first use for each (foreground, background) a style asks
/// for. Beyond the terminal's COLOR_PAIRS (64 on TERM=screen) a style falls back to no colour
/// rather than failing; attributes are kept either way.
struct TerminalColors {
    private let enabled: Bool
    /// -1 means the terminal's own colour (use_default_colors); without it, white on black.
    private let defaultForeground: Int16
    private let defaultBackground: Int16
    private let lastPair: Int
    private var pairs: [Int: Int16] = [:]
    private var nextPair = 1

    /// Starts colour when the terminal has it and NO_COLOR is not set.
    init(noColor: Bool) {
        guard !noColor, has_colors(), start_color() == OK else {
            enabled = false
            defaultForeground = -1
            defaultBackground = -1
            lastPair = 0
            return
        }
        let terminalDefaults = use_default_colors() == OK
        enabled = true
        defaultForeground = terminalDefaults ? -1 : Int16(COLOR_WHITE)
        defaultBackground = terminalDefaults ? -1 : Int16(COLOR_BLACK)
        lastPair = min(Int(Int16.max), Int(cn_color_pairs()) - 1)
    }

    /// The pair for `style`'s colours (0, the terminal's default, when it has none or none is left).
    mutating func pair(for style: Style) -> Int16 {
        guard enabled, style.foreground != nil || style.background != nil else { return 0 }
        let key = ((style.foreground?.rawValue ?? 8) << 4) | (style.background?.rawValue ?? 8)
        if let pair = pairs[key] { return pair }
        var pair: Int16 = 0
        if nextPair <= lastPair {
            let foreground = style.foreground.map { Int16($0.rawValue) } ?? defaultForeground
            let background = style.background.map { Int16($0.rawValue) } ?? defaultBackground
            if init_pair(Int16(nextPair), foreground, background) == OK {
                pair = Int16(nextPair)
                nextPair += 1
            }
        }
        pairs[key] = pair
        return pair
    }

    /// The ncurses attributes for `style`'s bold, reverse, underline and dim.
    static func attributes(for style: Style) -> attr_t {
        var attributes: attr_t = 0
        if style.bold { attributes |= cn_a_bold() }
        if style.reverse { attributes |= cn_a_reverse() }
        if style.underline { attributes |= cn_a_underline() }
        if style.dim { attributes |= cn_a_dim() }
        return attributes
    }
}
