/// The escape sequences terminals send for keys, for when ncurses's terminfo entry did not
/// name them (a TERM that does not match the terminal). Modifiers are ignored: `ESC [1;5A` is Up.
extension InputDecoder {
    enum CSIMeaning: Equatable {
        case key(Key)
        case pasteStart
        /// A stray paste end, focus reports, anything unknown: dropped, never typed.
        case ignored
    }

    /// `ESC [201~`, which ends a bracketed paste.
    static let pasteEnd: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The meaning of `ESC [` + `body` (parameters, intermediates and the final byte).
    static func csiMeaning(_ body: ArraySlice<UInt32>) -> CSIMeaning {
        guard let final = body.last, let finalScalar = Unicode.Scalar(final) else { return .ignored }
        let parameters = String(String.UnicodeScalarView(body.dropLast().compactMap(Unicode.Scalar.init)))
        let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.flatMap { Int($0) }
        switch finalScalar {
        case "A": return .key(.up)
        case "B": return .key(.down)
        case "C": return .key(.right)
        case "D": return .key(.left)
        case "H": return .key(.home)
        case "F": return .key(.end)
        case "Z": return .key(.backTab)
        case "P": return .key(.function(1))
        case "Q": return .key(.function(2))
        case "R": return .key(.function(3))
        case "S": return .key(.function(4))
        case "~": return first.map(tildeMeaning) ?? .ignored
        default: return .ignored
        }
    }

    /// `ESC [ n ~` keys (the VT220 numbering xterm, tmux and screen use).
    static func tildeMeaning(_ number: Int) -> CSIMeaning {
        switch number {
        case 1, 7: return .key(.home)
        case 2: return .key(.insert)
        case 3: return .key(.delete)
        case 4, 8: return .key(.end)
        case 5: return .key(.pageUp)
        case 6: return .key(.pageDown)
        case 11...15: return .key(.function(number - 10))
        case 17...21: return .key(.function(number - 11))
        case 23, 24: return .key(.function(number - 12))
        case 200: return .pasteStart
        default: return .ignored
        }
    }

    /// `ESC O x` keys (application cursor and keypad mode).
    static func ss3Key(_ code: UInt32) -> Key? {
        switch code {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x4D: return .enter
        case 0x50...0x53: return .function(Int(code) - 0x4F)
        default: return nil
        }
    }
}
