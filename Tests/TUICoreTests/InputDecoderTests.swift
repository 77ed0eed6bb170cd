import Testing
@testable import TUICore

/// Characters as a terminal sends them, for `decode`.
private func raw(_ text: String) -> [RawInput] { text.unicodeScalars.map { .character($0.value) } }

private let pasteStart = "\u{1B}[200~"
private let pasteEnd = "\u{1B}[201~"

@Suite struct InputDecoderTests {
    @Test func printableCharactersAndControls() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("aé日")) == [.character("a"), .character("é"), .character("日")])
        #expect(decoder.decode([.character(1), .character(17), .character(18), .character(26)])
            == [.control("a"), .control("q"), .control("r"), .control("z")])
        #expect(decoder.decode([.character(13), .character(10), .character(9), .character(127), .character(8)])
            == [.enter, .enter, .tab, .backspace, .backspace])
    }

    @Test func nonPrintableCodesAreNeverTyped() {
        var decoder = InputDecoder()
        // NUL, FS, a C1 CSI, a bidi override, a lone surrogate and an out-of-range code.
        let codes: [UInt32] = [0, 0x1C, 0x9B, 0x202E, 0xD800, 0x110000]
        #expect(decoder.decode(codes.map(RawInput.character)) == [])
    }

    @Test func keysNcursesRecognisedPassThrough() {
        var decoder = InputDecoder()
        let mouse = Key.mouse(Mouse(.press, row: 3, column: 7))
        #expect(decoder.decode([.key(.up), .key(.function(5)), .key(mouse)]) == [.up, .function(5), mouse])
    }

    @Test func aLoneEscapeIsAnEscapeAtOnce() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.character(27)]) == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.decode([.character(27), .character(27)]) == [.escape, .escape])
        #expect(decoder.decode(raw("\u{1B}x")) == [.escape, .character("x")])
        #expect(decoder.decode([.character(27), .key(.down)]) == [.escape, .down])
    }

    @Test func escapeSequencesNcursesDidNotKnowBecomeKeys() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\u{1B}[A\u{1B}[1;5C\u{1B}[3~\u{1B}[15~\u{1B}[24~\u{1B}OP\u{1B}OH\u{1B}[Z"))
            == [.up, .right, .delete, .function(5), .function(12), .function(1), .home, .backTab])
    }

    @Test func unknownSequencesAreDroppedNotTyped() {
        var decoder = InputDecoder()
        // Focus in/out, a stray paste end, an unknown tilde key.
        #expect(decoder.decode(raw("\u{1B}[I\u{1B}[O\u{1B}[201~\u{1B}[99~x")) == [.character("x")])
    }

    @Test func anUnfinishedSequenceWaitsThenBecomesWhatWasTyped() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\u{1B}[1")) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape, .character("["), .character("1")])
        #expect(!decoder.isWaiting)
        // Completed by the next read instead.
        #expect(decoder.decode(raw("\u{1B}[")) == [])
        #expect(decoder.decode(raw("B")) == [.down])
    }

    @Test func aSequenceBrokenByAControlReplaysItsCharacters() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\u{1B}[2\r")) == [.escape, .character("["), .character("2"), .enter])
        #expect(decoder.decode(raw("\u{1B}Ox")) == [.escape, .character("O"), .character("x")])
    }

    @Test func aBracketedPasteIsOneKeyWithItsLineBreaks() {
        var decoder = InputDecoder()
        let keys = decoder.decode(raw("a" + pasteStart + "line 1\r\nline 2\rline 3\n\u{11}\tend" + pasteEnd + "b"))
        #expect(keys == [.character("a"), .paste("line 1\nline 2\nline 3\n\u{11}\tend"), .character("b")])
        #expect(!decoder.isWaiting)
    }

    @Test func aPasteSpreadOverReadsWaitsForItsEnd() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw(pasteStart + "hello ")) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(raw("wor")) == [])
        // The end marker itself split between two reads.
        #expect(decoder.decode(raw("ld\u{1B}[20")) == [])
        #expect(decoder.decode(raw("1~x")) == [.paste("hello world"), .character("x")])
        #expect(!decoder.isWaiting)
    }

    @Test func aPasteStartSplitBetweenReads() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw("\u{1B}[2")) == [])
        #expect(decoder.decode(raw("00~hi" + pasteEnd)) == [.paste("hi")])
    }

    @Test func somethingLikeTheEndMarkerInsideAPasteIsText() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw(pasteStart + "a\u{1B}[20x\u{1B}\u{1B}[201~")) == [.paste("a\u{1B}[20x\u{1B}")])
    }

    @Test func aPasteWithoutItsEndIsFlushedAsItIs() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw(pasteStart + "abc\u{1B}[2")) == [])
        #expect(decoder.flush() == [.paste("abc\u{1B}[2")])
        #expect(!decoder.isWaiting)
        #expect(decoder.decode(raw("q")) == [.character("q")])
    }

    @Test func aLongPasteArrivesInPiecesOfTheLimit() {
        var decoder = InputDecoder(pasteLimit: 4)
        #expect(decoder.decode(raw(pasteStart + "abcdefghij" + pasteEnd)) == [.paste("abcd"), .paste("efgh"), .paste("ij")])
    }

    @Test func keysNcursesReadInsideAPasteKeepTheirText() {
        var decoder = InputDecoder()
        let inputs = raw(pasteStart + "a") + [.key(.enter), .key(.tab), .key(.up), .key(.character("é"))] + raw(pasteEnd)
        #expect(decoder.decode(inputs) == [.paste("a\n\té")])
    }

    @Test func anEmptyPasteIsNothing() {
        var decoder = InputDecoder()
        #expect(decoder.decode(raw(pasteStart + pasteEnd)) == [])
    }
}
