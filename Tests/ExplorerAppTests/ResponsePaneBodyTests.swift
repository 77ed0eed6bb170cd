import Foundation
import Testing
import TUICore
@testable import ExplorerApp

@Suite struct ResponsePaneBodyTests {
    typealias F = ResponsePaneFixture

    static let bigJSON: String = "[" + (0..<20_000).map { #"{"id":\#($0),"ok":true}"# }.joined(separator: ",") + "]"

    @Test func endShowsTheLastLineAndHomeTheFirst() {
        var pane = F.pane(Self.bigJSON)
        #expect(pane.handle(.end) == .handled)
        var inside = F.inside(pane)
        #expect(Array(inside[2...7]) == ["  },", "  {", #"    "id": 19999,"#, #"    "ok": true"#, "  }", "]"])
        _ = pane.handle(.up)
        #expect(F.inside(pane)[7] == "  }")
        _ = pane.handle(.character("g"))
        inside = F.inside(pane)
        #expect(inside[2] == "[")
        _ = pane.handle(.pageDown)
        #expect(pane.topLine == 5)
        _ = pane.handle(.character(" "))
        _ = pane.handle(.character("j"))
        #expect(pane.topLine == 11)
        _ = pane.handle(.character("k"))
        _ = pane.handle(.pageUp)
        #expect(pane.topLine == 5)
        pane.scroll(by: -100)
        #expect(pane.topLine == 0)
        pane.scroll(by: 1 << 40)
        #expect(F.inside(pane)[7] == "]")
    }

    @Test func theIndexedDocumentReplacesTheFirstScreenInPlace() {
        var pane = F.pane(Self.bigJSON, indexed: false)
        #expect(pane.indexing == 0)
        pane.indexingProgress(0.42)
        #expect(F.inside(pane)[1].hasSuffix("JSON · indexing 42%"))
        _ = pane.handle(.end)  // the end of what is known so far
        let partialEnd = pane.topLine
        let indexed = pane.document!.indexed()
        pane.replaceDocument(indexed)
        #expect(pane.indexing == nil)
        #expect(pane.topLine > partialEnd)
        #expect(F.inside(pane)[7] == "]")
        #expect(F.inside(pane)[1] == " Body   Headers (1)   JSON")

        var scrolled = F.pane(Self.bigJSON, indexed: false)
        scrolled.scroll(by: 40)
        scrolled.replaceDocument(scrolled.document!.indexed())
        #expect(scrolled.topLine == 40)
    }

    @Test func rawPrettyToggleAndSidewaysScroll() {
        var pane = F.pane(#"{"name":"Ada","langs":["en","fr"]}"#)
        #expect(pane.handle(.character("p")) == .handled)
        #expect(pane.document?.layout == .raw)
        var inside = F.inside(pane)
        #expect(inside[1].hasSuffix("JSON raw"))
        #expect(inside[2] == #"{"name":"Ada","langs":["en","fr"]}"#)
        _ = pane.handle(.right)
        inside = F.inside(pane)
        #expect(inside[2] == #""Ada","langs":["en","fr"]}"#)
        _ = pane.handle(.left)
        _ = pane.handle(.left)
        #expect(pane.column == 0)
        // The choice carries over to the next response.
        pane.beginExchange()
        pane.show(F.summary(bytes: 2), document: BodyDocument.open(data: Data("[1]".utf8), contentType: nil))
        #expect(pane.document?.layout == .raw)
        _ = pane.handle(.character("p"))
        #expect(pane.document?.layout == .pretty)
        var text = F.pane("plain", contentType: "text/plain")
        _ = text.handle(.character("p"))
        #expect(F.inside(text)[8] == "plain text has no other layout")
    }

    @Test func wrapShowsALongLineOnSeveralRows() {
        let long = String(repeating: "abcdefghij", count: 10)
        var pane = F.pane(long + "\nnext", contentType: "text/plain")
        #expect(F.inside(pane)[2] == String(long.prefix(46)))
        _ = pane.handle(.character("w"))
        #expect(pane.wrap)
        let inside = F.inside(pane)
        #expect(inside[1].hasSuffix("text · wrap"))
        #expect(Array(inside[2...5]) == [String(long.prefix(46)), String(long.dropFirst(46).prefix(46)), "cdefghij", "next"])
        _ = pane.handle(.end)
        #expect(pane.topLine == 0)  // both lines fit: nothing to scroll
        _ = pane.handle(.right)
        #expect(pane.column == 0)
    }

    @Test func binaryBodiesAreAHexDump() {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [0, 0, 0x1B, 0x9B, 0xFF]
        bytes += Array(repeating: 0x41, count: 40)
        var pane = F.pane(Data(bytes), contentType: "image/gif")
        var wide = Rect(row: 0, column: 0, width: 82, height: 11)
        let inside = F.inside(pane, area: wide)
        #expect(inside[1].hasSuffix("binary hex"))
        #expect(inside[2] == "00000000  47 49 46 38 39 61 00 00  1b 9b ff 41 41 41 41 41  |GIF89a.....AAAAA|")
        #expect(inside[4] == "00000020  41 41 41 41 41 41 41 41  41 41 41 41 41 41 41 41  |AAAAAAAAAAAAAAAA|")
        #expect(inside[5] == "00000030  41 41 41                                          |AAA|")
        _ = pane.handle(.character("p"))
        wide.width = 60
        #expect(F.inside(pane, area: wide)[1].hasSuffix("binary as text"))
        #expect(!F.lines(pane, area: wide).joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aBodyFullOfEscapeSequencesStaysInert() {
        let evil = String(repeating: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H\u{9B}31m\u{1B}P+q\u{1B}\\ text\r\n", count: 20)
        for contentType in ["text/plain", "application/json", "application/octet-stream"] {
            var pane = F.pane(evil, contentType: contentType)
            _ = pane.handle(.character("w"))
            let lines = F.lines(pane)
            #expect(lines[0].hasPrefix("┌ Response ─"))
            #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
            #expect(lines[3].contains("␛]0;pwned␇␛[2J"))
        }
        // A JSON string carrying C1 and escaped controls.
        let pane = F.pane(#"{"t":"\u001b]0;x\u0007 raw:"# + "\u{9B}" + #"2J"}"#)
        let lines = F.lines(pane)
        #expect(lines[4].contains(#""t": "\u001b]0;x\u0007 raw:⟨U+009B⟩2J""#))
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }

    @Test func invalidJSONSaysWhereItBroke() {
        let pane = F.pane(#"{"a": 1,, "b": 2}"#)
        let inside = F.inside(pane)
        #expect(inside[1].hasSuffix("text"))
        #expect(inside[2] == #"{"a": 1,, "b": 2}"#)
        #expect(inside[8].hasPrefix("invalid JSON at byte 8: expected a key"))
        #expect(F.screen(pane)[9, 1].style == ResponsePane.warning)
    }

    @Test func theWheelScrollsAndTheHintNamesWhatKeysSwitchTo() {
        var pane = F.pane(Self.bigJSON)
        #expect(F.inside(pane)[8] == "/ search  n/N  w wrap  p raw  t headers")
        #expect(pane.handle(.mouse(Mouse(.wheelDown, row: 5, column: 60))) == .handled)
        #expect(pane.topLine == 3)
        #expect(pane.handle(.mouse(Mouse(.wheelUp, row: 5, column: 60))) == .handled)
        #expect(pane.topLine == 0)
        #expect(pane.handle(.mouse(Mouse(.press, row: 5, column: 60))) == .ignored)
        _ = pane.handle(.character("p"))
        _ = pane.handle(.character("w"))
        #expect(F.inside(pane)[8] == "/ search  n/N  w unwrap  p pretty  t headers")
        _ = pane.handle(.character("t"))
        #expect(F.inside(pane)[8] == "t body  Up/Down scroll")
        #expect(pane.handle(.character("?")) == .ignored)
        #expect(pane.handle(.tab) == .ignored)
    }

    @Test func anEmptyBodySaysSo() {
        let pane = F.pane("", contentType: nil)
        #expect(F.inside(pane)[2] == "(empty body)")
    }
}
