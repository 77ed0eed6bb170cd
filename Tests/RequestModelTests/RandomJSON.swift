import RequestModel

/// Random JSON values for round-trip tests, from a seed so a failure replays: strings mix every
/// kind of character a writer must escape or may keep, numbers every form of the grammar.
struct RandomJSON {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64, as `HTTPParsing.SeededRandom` (this target depends on nothing).
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func value(depth: Int = 0) -> JSONNode {
        switch below(depth > 5 ? 5 : 8) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2, 3: return .number(number())
        case 4: return .string(string())
        case 5, 6: return .array((0..<below(5)).map { _ in value(depth: depth + 1) })
        default:
            let keys = (0..<3).map { _ in string() }
            // Repeated keys on purpose: a writer must keep them all, in order.
            return .object((0..<below(5)).map { _ in JSONNode.Member(keys[below(3)], value(depth: depth + 1)) })
        }
    }

    private static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{C}", "\r", "\u{1F}", "\u{7F}",
        "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{301}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}",
        "€", "😀", "\u{10FFFF}", "\u{E000}", "{", "}", "[", "]", ":", ",",
    ]

    mutating func string() -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<below(8) { text.append(Self.scalars[below(Self.scalars.count)]) }
        return String(text)
    }

    mutating func number() -> String {
        var text = below(3) == 0 ? "-" : ""
        text += below(4) == 0 ? "0" : String(below(9) + 1) + digits(below(30))
        if below(2) == 0 { text += "." + digits(below(20) + 1) }
        if below(3) == 0 { text += ["e", "E"][below(2)] + ["", "+", "-"][below(3)] + digits(below(3) + 1) }
        return text
    }

    private mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(below(10))) })
    }
}
