import HTTPParsing
import Testing
@testable import TUICore

/// Random input never types a control character, never leaves the decoder stuck, and a paste
/// of any text comes back as that text.
@Suite struct InputDecoderFuzzTests {
    typealias Generator = SeededRandom

    /// Codes biased towards the ones that matter: ESC, '[', digits, '~', controls.
    static func code(_ random: inout Generator) -> UInt32 {
        let interesting: [UInt32] = [27, 91, 50, 48, 49, 126, 79, 13, 10, 0, 127, 0x9B, 0x41, 0x7E]
        switch random.next() % 4 {
        case 0: return interesting.randomElement(using: &random)!
        case 1: return UInt32(random.next() % 0x80)
        case 2: return UInt32(random.next() % 0x11_0000)
        default: return UInt32(random.next() % 0x300)
        }
    }

    @Test func randomInputNeverTypesControlsOrHangs() {
        var random = Generator(seed: 0x5EED)
        for _ in 0..<300 {
            var decoder = InputDecoder(pasteLimit: 64)
            var keys: [Key] = []
            for _ in 0..<Int(random.next() % 5) + 1 {
                let batch: [RawInput] = (0..<Int(random.next() % 40)).map { _ in
                    random.next() % 10 == 0 ? .key(.left) : .character(Self.code(&random))
                }
                keys += decoder.decode(batch)
            }
            keys += decoder.flush()
            #expect(!decoder.isWaiting)
            for case .character(let character) in keys {
                #expect(!character.unicodeScalars.contains(where: TerminalText.needsReplacing))
            }
            for case .paste(let text) in keys {
                #expect(!text.isEmpty && text.utf8.count <= 64 + 4)
            }
        }
    }

    @Test func anyPastedTextComesBackWhole() {
        var random = Generator(seed: 0xFACE)
        for _ in 0..<200 {
            // Anything but CR (which becomes LF) and the end marker itself.
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 200) {
                if let scalar = Unicode.Scalar(Self.code(&random)), scalar != "\r" { text.append(scalar) }
            }
            let pasted = String(text).removingPasteEnds()
            var inputs = ("\u{1B}[200~" + pasted + "\u{1B}[201~").unicodeScalars.map { RawInput.character($0.value) }
            var keys: [Key] = []
            var decoder = InputDecoder()
            // Split into reads at random points, but never right after the opening ESC: a lone
            // Esc at the end of a read is the Esc key.
            var first = true
            while !inputs.isEmpty {
                let count = min(inputs.count, Int(random.next() % 30) + (first ? 2 : 1))
                first = false
                keys += decoder.decode(Array(inputs.prefix(count)))
                inputs.removeFirst(count)
            }
            #expect(keys == (pasted.isEmpty ? [] : [.paste(pasted)]), "\(Array(pasted.unicodeScalars))")
        }
    }
}

private extension String {
    /// Without `ESC [201~`, including ones that form again after a removal.
    func removingPasteEnds() -> String {
        var scalars = Array(unicodeScalars)
        let marker = Array("\u{1B}[201~".unicodeScalars)
        var index = 0
        while index + marker.count <= scalars.count {
            if Array(scalars[index..<(index + marker.count)]) == marker {
                scalars.removeSubrange(index..<(index + marker.count))
                index = max(0, index - marker.count)
            } else {
                index += 1
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
