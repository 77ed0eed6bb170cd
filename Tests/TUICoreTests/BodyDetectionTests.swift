import Foundation
import Testing
@testable import TUICore

@Suite struct BodyDetectionTests {
    private func format(_ bytes: [UInt8], _ contentType: String? = nil) -> BodyDocument.Format {
        BodyDocument.open(data: Data(bytes), contentType: contentType).format
    }

    @Test func declaredJSONTypesAreJSON() {
        #expect(format(Array("{\"a\":1}".utf8), "application/json") == .json)
        #expect(format(Array("[1]".utf8), " Application/JSON ; charset=utf-8") == .json)
        #expect(format(Array("{}".utf8), "application/problem+json") == .json)
        #expect(format(Array("{\"a\":1}".utf8), "text/plain") == .json)  // sniffed: it parses
    }

    @Test func sniffingNeedsABracketAndAParse() {
        #expect(format(Array("  \n[1, 2]".utf8)) == .json)
        #expect(format(Array("{oops".utf8)) == .text)
        #expect(format(Array("hello".utf8)) == .text)
        #expect(format([]) == .text)
    }

    @Test func nulBytesOrMostlyInvalidUTF8AreBinary() {
        #expect(format([0x48, 0x00, 0x49]) == .binary)
        #expect(format((0..<200).map { UInt8(0x80 + $0 % 64) }) == .binary)
        #expect(format(Array("caf\u{E9} – ok".utf8) + [0xFF]) == .text)
        // A body full of escape sequences is text (made visible), not a hex dump.
        #expect(format(Array(String(repeating: "\u{1B}]0;title\u{07}\u{1B}[2J\u{9B}x", count: 50).utf8)) == .text)
    }

    @Test func layoutsFollowTheFormat() {
        let json = BodyDocument.open(data: Data("[1]".utf8), contentType: nil)
        #expect(json.availableLayouts == [.pretty, .raw])
        #expect(json.switching(to: .raw).layout == .raw)
        #expect(json.switching(to: .hex).layout == .pretty)
        let binary = BodyDocument.open(data: Data([0, 1, 2]), contentType: "image/png")
        #expect(binary.availableLayouts == [.hex, .raw])
        #expect(binary.isComplete)
        let empty = BodyDocument.open(data: Data(), contentType: "application/json")
        #expect(empty.lineCount == 0)
        #expect(empty.lines(0..<10, maxColumns: 10).isEmpty)
    }
}
