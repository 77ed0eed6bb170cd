import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// Every byte value and a corpus of real-world escape sequences through the response viewer, in
/// each of its views: what it puts on the screen (all the renderer ever draws) holds no control
/// character, so nothing a server sends can act on the terminal.
@Suite struct TerminalSafetyTests {
    typealias F = ResponsePaneFixture

    static let corpus: [String] = [
        "\u{1B}]0;title\u{07}", "\u{1B}]2;title\u{1B}\\", "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}]8;;http://x/\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{1B}[2J\u{1B}[H", "\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[6n", "\u{1B}[31;1mred\u{1B}[0m", "\u{1B}[>c", "\u{1B}[5i",
        "\u{1B}P+q544e\u{1B}\\", "\u{1B}P$qm\u{1B}\\", "\u{1B}_apc\u{1B}\\", "\u{1B}^pm\u{1B}\\", "\u{1B}Xsos\u{1B}\\",
        "\u{1B}c", "\u{1B}(0lqk\u{1B}(B", "\u{0E}shift\u{0F}", "\u{9B}2J", "\u{9D}0;c1\u{9C}", "\u{90}dcs\u{9C}", "\u{85}nel",
        "\u{202E}reversed\u{202C}", "\u{2066}isolate\u{2069}", "a\u{08}b\r\u{0B}\u{0C}\u{7F}\u{00}",
    ]

    static let everyByte: [UInt8] = (0...255).map { UInt8($0) }

    /// The bodies: all 256 bytes in order, each byte inside a JSON string and inside a text line,
    /// and the corpus as text and as JSON string values.
    static var bodies: [Data] {
        var bodies = [Data(everyByte)]
        var inJSON: [UInt8] = []
        var inText: [UInt8] = []
        for byte in Self.everyByte {
            inJSON += Array(#"{"k":"a"#.utf8) + [byte] + Array(#"b"}"#.utf8) + [0x0A]
            inText += Array("line ".utf8) + [byte] + Array(" end\n".utf8)
        }
        bodies.append(Data(inJSON))
        bodies.append(Data(inText))
        bodies.append(Data(corpus.joined(separator: "\n").utf8))
        let values = corpus.map { value in "\"" + value.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined() + "\"" }
        bodies.append(Data(("{" + values.enumerated().map { "\"k\($0.offset)\": \($0.element)" }.joined(separator: ", ") + "}").utf8))
        return bodies
    }

    static func controls(in screen: Screen) -> [String] {
        screen.lines.enumerated().compactMap { row, line in
            line.unicodeScalars.contains(where: TerminalText.needsReplacing) ? "row \(row): \(line.debugDescription)" : nil
        }
    }

    /// Each byte alone, as it opens (what kind of body a lone byte is detected as varies).
    @Test func eachByteAloneIsShownInert() {
        for byte in Self.everyByte {
            for contentType in ["application/json", "text/plain", nil] as [String?] {
                let found = Self.controls(in: F.screen(F.pane(Data([byte]), contentType: contentType)))
                #expect(found.isEmpty, "byte \(byte), \(contentType ?? "no type"): \(found.prefix(2))")
            }
        }
    }

    @Test(arguments: ["application/json", "text/plain; charset=utf-8", "application/octet-stream", "text/html", nil] as [String?])
    func noControlCharacterReachesTheScreen(contentType: String?) {
        let areas = [Rect(row: 0, column: 0, width: 48, height: 11), Rect(row: 0, column: 0, width: 120, height: 30)]
        for (index, body) in Self.bodies.enumerated() {
            var pane = F.pane(body, contentType: contentType, headers: [ResponseSummary.Header("X-Evil", "\u{1B}]0;t\u{07}\u{9B}2J")])
            // Each view: as opened, raw/pretty, wrapped, at the end, the headers tab.
            for key in [nil, Key.character("p"), .character("w"), .end, .character("t")] as [Key?] {
                if let key { _ = pane.handle(key) }
                for area in areas {
                    let found = Self.controls(in: F.screen(pane, area: area))
                    #expect(found.isEmpty, "body \(index), \(contentType ?? "no type"), after \(key.map { "\($0)" } ?? "opening"): \(found.prefix(2))")
                }
            }
        }
    }
}
