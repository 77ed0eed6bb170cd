import Foundation
import Testing
@testable import TUICore

@Suite struct BodyTextLayoutTests {
    @Test func crlfLinesAndAFinalNewline() {
        let document = BodyFixtures.document("one\r\ntwo\rstill two\n\nfour\n")
        #expect(document.format == .text)
        #expect(BodyFixtures.texts(document) == ["one", "two␍still two", "", "four"])
    }

    @Test func invalidUTF8ShowsReplacementMarks() {
        var bytes = Array("ok ".utf8)
        bytes += [0xC3, 0x28, 0x20, 0xE2, 0x82, 0x20, 0xF0, 0x9F, 0x98, 0x80, 0x20, 0xFF]
        let document = BodyDocument.open(data: Data(bytes), contentType: "text/plain")
        #expect(document.format == .text)
        #expect(BodyFixtures.texts(document) == ["ok \u{FFFD}( \u{FFFD} 😀 \u{FFFD}"])
    }

    @Test func controlCharactersBecomeVisibleText() {
        let body = String(repeating: "\u{1B}]0;title\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{202E}x\n", count: 3)
        let document = BodyFixtures.document(body)
        let lines = document.lines(0..<document.lineCount, maxColumns: 200)
        #expect(lines.count == 3)
        #expect(BodyFixtures.inert(lines))
        #expect(BodyFixtures.text(lines[0]) == "␛]0;title␇␛[2J⟨U+009B⟩31m␡⟨U+202E⟩x")
        var screen = Screen(width: 30, height: 3)
        for (row, line) in lines.enumerated() { screen.put(line, row: row, column: 0) }
        #expect(screen.lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }

    @Test func tabsExpandAndWideCharactersNeverSplit() {
        let document = BodyFixtures.document("a\tb\n日本語x\n")
        #expect(BodyFixtures.texts(document, 0..<1) == ["a       b"])
        #expect(BodyFixtures.texts(document, 1..<2, width: 5) == ["日本 "])
        #expect(document.line(1, from: 1, maxColumns: 4).map(\.text).joined() == " 本 ")
    }

    @Test func aHugeSingleLineIsClipped() {
        let document = BodyFixtures.document(String(repeating: "abcdefghij", count: 1_000_000))
        #expect(document.lineCount == 1)
        let line = document.line(0, maxColumns: 30)
        #expect(BodyFixtures.text(line) == "abcdefghijabcdefghijabcdefghij")
        #expect(BodyFixtures.text(document.line(0, from: 9_999_995, maxColumns: 30)) == "fghij")
    }

    @Test func manyLinesAreFoundFromCheckpoints() {
        let body = (0..<100_000).map { "line \($0)" }.joined(separator: "\n")
        let opened = BodyDocument.open(data: Data(body.utf8), contentType: nil)
        #expect(!opened.isComplete)
        let document = opened.indexed()
        #expect(document.lineCount == 100_000)
        #expect(BodyFixtures.texts(document, 99_998..<100_000) == ["line 99998", "line 99999"])
        #expect(BodyFixtures.texts(document, 12_345..<12_347) == ["line 12345", "line 12346"])
    }

    @Test func hexDumpLines() {
        let bytes: [UInt8] = Array("Hello, world!\n".utf8) + [0x00, 0xFF, 0x1B, 0x7F, 0x41]
        let document = BodyDocument.open(data: Data(bytes), contentType: "application/octet-stream")
        #expect(document.format == .binary)
        #expect(document.layout == .hex)
        #expect(document.lineCount == 2)
        #expect(BodyFixtures.texts(document) == [
            "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  |Hello, world!...|",
            "00000010  1b 7f 41                                          |..A|",
        ])
        #expect(BodyFixtures.texts(document, 1..<2, width: 14) == ["00000010  1b 7"])
        let raw = document.switching(to: .raw)
        #expect(BodyFixtures.inert(raw.lines(0..<raw.lineCount, maxColumns: 80)))
    }

    @Test func wrapCutsRowsBetweenCharacters() {
        let rows = BodyWrap.rows([Span("abcd", BodyStyles.key), Span("日本x", BodyStyles.string)], width: 3)
        #expect(rows.map(BodyFixtures.text) == ["abc", "d日", "本x"])
        #expect(rows[1].map(\.style) == [BodyStyles.key, BodyStyles.string])
        #expect(BodyWrap.rowCount([Span("abcd"), Span("日本x")], width: 3) == 3)
        #expect(BodyWrap.rows([], width: 5).count == 1)
        #expect(BodyWrap.rows([Span(String(repeating: "x", count: 1000))], width: 2, maxRows: 200).count == 200)
    }
}
