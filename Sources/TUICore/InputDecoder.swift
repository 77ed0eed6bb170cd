/// What the terminal layer reads before decoding: a character code, or a key that ncurses
/// already recognised from its terminfo entry (arrows, F-keys, mouse).
public enum RawInput: Sendable, Hashable {
    case character(UInt32)
    case key(Key)
}

/// Turns raw terminal input into keys: control characters into `.control`/`.enter`/…, escape
/// sequences ncurses did not know into their keys (unknown ones are dropped, never typed), and a
/// bracketed paste (`ESC [200~ … ESC [201~`) into one `.paste`, even across several reads.
/// Pure, so it can be fuzzed; the terminal keeps one between reads.
public struct InputDecoder: Sendable {
    /// A paste longer than this (UTF-8 bytes) is delivered in pieces of this size.
    public static let defaultPasteLimit = 1 << 20

    enum State: Sendable, Equatable {
        case ground
        /// After ESC: a lone Esc, or the start of a sequence.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi
        /// After `ESC O`.
        case ss3
        /// Inside a bracketed paste; `endMatched` bytes of the end marker seen so far.
        case paste(endMatched: Int)
    }

    public let pasteLimit: Int
    var state: State = .ground
    /// The bytes of the escape sequence being read (from its ESC), to replay as keys if it breaks off.
    var sequence: [UInt32] = []
    var pasted = String.UnicodeScalarView()
    var pastedBytes = 0
    var pastedCarriageReturn = false

    public init(pasteLimit: Int = InputDecoder.defaultPasteLimit) {
        self.pasteLimit = max(1, pasteLimit)
    }

    /// True while input that a later read may complete is held back: an unfinished escape
    /// sequence (never a lone Esc) or an unfinished paste. The terminal then reads again with a
    /// short timeout and calls `flush()` if nothing comes.
    public var isWaiting: Bool { state != .ground }

    /// Decodes one read's worth of input. A lone Esc at the end is an `.escape` at once.
    public mutating func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        for input in inputs { feed(input, into: &keys) }
        if state == .escape {
            keys.append(.escape)
            state = .ground
            sequence.removeAll()
        }
        return keys
    }

    /// Stops waiting: an unfinished paste is delivered as it is, an unfinished escape sequence as
    /// the keys it was typed with (Esc, then its characters).
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        switch state {
        case .ground:
            break
        case .paste(let matched):
            // Part of an end marker that never completed is pasted text after all.
            for byte in Self.pasteEnd.prefix(matched) { appendPasted(byte, into: &keys) }
            finishPaste(into: &keys)
            state = .ground
        case .escape, .csi, .ss3:
            abortSequence(into: &keys)
        }
        return keys
    }

    mutating func feed(_ input: RawInput, into keys: inout [Key]) {
        switch state {
        case .ground:
            switch input {
            case .key(let key): keys.append(key)
            case .character(let code): ground(code, into: &keys)
            }
        case .escape:
            guard case .character(let code) = input else {
                keys.append(.escape)
                state = .ground
                sequence.removeAll()
                feed(input, into: &keys)
                return
            }
            switch code {
            case 0x5B: state = .csi; sequence.append(code)      // [
            case 0x4F: state = .ss3; sequence.append(code)      // O
            case 0x1B: keys.append(.escape)                     // the first of two Escs stood alone
            default:
                keys.append(.escape)
                state = .ground
                sequence.removeAll()
                ground(code, into: &keys)
            }
        case .csi:
            guard case .character(let code) = input, code >= 0x20, code <= 0x7E, sequence.count < 32 else {
                abortSequence(into: &keys)
                feed(input, into: &keys)
                return
            }
            sequence.append(code)
            if code >= 0x40 { finishCSI(into: &keys) }
        case .ss3:
            guard case .character(let code) = input, let key = Self.ss3Key(code) else {
                abortSequence(into: &keys)
                feed(input, into: &keys)
                return
            }
            keys.append(key)
            state = .ground
            sequence.removeAll()
        case .paste(let matched):
            pasteInput(input, matched: matched, into: &keys)
        }
    }

    /// A character outside any sequence.
    mutating func ground(_ code: UInt32, into keys: inout [Key]) {
        switch code {
        case 0x1B:
            state = .escape
            sequence = [code]
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(0x60 + code)!)))
        default:
            // NUL, the other C0 controls, C1 controls, bidi overrides and invalid scalars are
            // never typed text.
            guard let scalar = Unicode.Scalar(code), !TerminalText.needsReplacing(scalar) else { return }
            keys.append(.character(Character(scalar)))
        }
    }

    /// Gives up on the sequence being read: Esc, then its other characters as typed.
    mutating func abortSequence(into keys: inout [Key]) {
        let replay = sequence.dropFirst()
        state = .ground
        sequence.removeAll()
        keys.append(.escape)
        for code in replay { ground(code, into: &keys) }
    }

    mutating func finishCSI(into keys: inout [Key]) {
        let body = sequence.dropFirst(2)
        state = .ground
        sequence.removeAll()
        switch Self.csiMeaning(body) {
        case .key(let key): keys.append(key)
        case .pasteStart:
            state = .paste(endMatched: 0)
            pasted = String.UnicodeScalarView()
            pastedBytes = 0
            pastedCarriageReturn = false
        case .ignored: break
        }
    }
}
