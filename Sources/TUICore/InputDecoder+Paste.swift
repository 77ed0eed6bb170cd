/// Bracketed paste: everything between `ESC [200~` and `ESC [201~` is text, never keys, so a
/// pasted line break cannot send a request and a pasted Ctrl+Q cannot quit.
extension InputDecoder {
    mutating func pasteInput(_ input: RawInput, matched: Int, into keys: inout [Key]) {
        switch input {
        case .character(let code):
            if code == Self.pasteEnd[matched] {
                if matched + 1 == Self.pasteEnd.count {
                    finishPaste(into: &keys)
                    state = .ground
                } else {
                    state = .paste(endMatched: matched + 1)
                }
                return
            }
            // Not the end marker after all: what was held is text; the marker starts only at ESC.
            for byte in Self.pasteEnd.prefix(matched) { appendPasted(byte, into: &keys) }
            if code == Self.pasteEnd[0] {
                state = .paste(endMatched: 1)
            } else {
                state = .paste(endMatched: 0)
                appendPasted(code, into: &keys)
            }
        case .key(let key):
            for byte in Self.pasteEnd.prefix(matched) { appendPasted(byte, into: &keys) }
            state = .paste(endMatched: 0)
            // ncurses may have read part of the text as a key; keep what is text in it.
            switch key {
            case .enter: appendPasted(0x0A, into: &keys)
            case .tab: appendPasted(0x09, into: &keys)
            case .character(let character):
                for scalar in character.unicodeScalars { appendPasted(scalar.value, into: &keys) }
            case .paste(let text):
                for scalar in text.unicodeScalars { appendPasted(scalar.value, into: &keys) }
            default: break
            }
        }
    }

    /// Adds one character to the paste: CR and CR LF become LF (terminals send CR for a line
    /// break); a paste that reaches the limit is delivered and a new one begins.
    mutating func appendPasted(_ code: UInt32, into keys: inout [Key]) {
        let afterCarriageReturn = pastedCarriageReturn
        pastedCarriageReturn = code == 0x0D
        if code == 0x0A && afterCarriageReturn { return }
        guard let scalar = Unicode.Scalar(code == 0x0D ? 0x0A : code) else { return }
        pasted.append(scalar)
        pastedBytes += UTF8.width(scalar)
        if pastedBytes >= pasteLimit { finishPaste(into: &keys) }
    }

    /// Delivers what was pasted so far (nothing for an empty paste).
    mutating func finishPaste(into keys: inout [Key]) {
        if !pasted.isEmpty { keys.append(.paste(String(pasted))) }
        pasted = String.UnicodeScalarView()
        pastedBytes = 0
    }
}
