import Testing
@testable import TUICore

@Suite struct ScreenTests {
    @Test func textIsWrittenAndClipped() {
        var screen = Screen(width: 10, height: 2)
        #expect(screen.put("hello world", row: 0, column: 2) == 8)
        #expect(screen.lines == ["  hello wo", ""])
        screen.put("abc", row: 1, column: 0, limit: 2)
        #expect(screen.lines[1] == "ab")
    }

    @Test func wideCharactersTakeTwoColumnsAndNeverHalfOne() {
        var screen = Screen(width: 5, height: 1)
        screen.put("日本語", row: 0, column: 0)
        #expect(screen.lines == ["日本"])
        #expect(screen[0, 1].isContinuation)
        #expect(screen[0, 4].character == " ")
    }

    @Test func combiningMarksJoinTheirBase() {
        var screen = Screen(width: 4, height: 1)
        screen.put("e\u{301}x", row: 0, column: 0)
        #expect(screen.lines == ["e\u{301}x"])
        #expect(screen[0, 1].character == "x")
    }

    @Test func controlCharactersNeverReachTheGrid() {
        var screen = Screen(width: 40, height: 1)
        screen.put("a\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\r\n", row: 0, column: 0)
        let line = screen.lines[0]
        #expect(!line.unicodeScalars.contains { TerminalText.needsReplacing($0) })
        #expect(line.hasPrefix("a␛]0;pwned␇␛[2J⟨U+009B⟩31m␍␊"))
    }

    @Test func boxesCarryTheirTitleAt80x24() {
        var screen = Screen(width: 80, height: 24)
        screen.box(Rect(row: 0, column: 0, width: 80, height: 3), title: "Request")
        screen.box(Rect(row: 3, column: 0, width: 40, height: 21), title: "Response")
        #expect(screen.lines[0].hasPrefix("┌ Request ─"))
        #expect(screen.lines[0].hasSuffix("─┐"))
        #expect(screen.lines[3].hasPrefix("┌ Response ─"))
        #expect(screen.lines[23].hasPrefix("└") && screen.lines[23].contains("┘"))
    }

    @Test func tinyAndNegativeSizesDoNotCrash() {
        var screen = Screen(width: 0, height: 0)
        screen.put("x", row: 0, column: 0)
        screen.box(Rect(row: 0, column: 0, width: 1, height: 1), title: "T")
        screen.fill(Rect(row: -5, column: -5, width: 3, height: 3))
        #expect(screen.lines.isEmpty)
        var small = Screen(width: 3, height: 1)
        small.put("toolong", row: 0, column: -2)
        #expect(small.lines == ["olo"])
    }
}

@Suite struct TerminalTextTests {
    @Test func everyByteValueIsSafe() {
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), value < 0x3000 || value > 0xFFF0 else { continue }
            let safe = TerminalText.sanitize(String(Character(scalar)))
            #expect(!safe.unicodeScalars.contains { TerminalText.needsReplacing($0) }, "U+\(String(value, radix: 16))")
        }
    }

    @Test func plainTextIsUntouchedAndTabsCanBeKept() {
        #expect(TerminalText.sanitize("héllo, 世界") == "héllo, 世界")
        #expect(TerminalText.sanitize("a\tb") == "a␉b")
        #expect(TerminalText.sanitize("a\tb", keepTabs: true) == "a\tb")
        #expect(TerminalText.sanitize("\u{202E}evil") == "⟨U+202E⟩evil")
    }
}

@Suite struct ScreenWideCharacterOverwriteTests {
    @Test func overwritingEitherHalfOfAWideCharacterBlanksTheOtherHalf() {
        var screen = Screen(width: 6, height: 2)
        screen.put("日本", row: 0, column: 0)
        screen.put("x", row: 0, column: 1)
        #expect(screen.lines[0] == " x本")
        #expect(!screen[0, 0].isContinuation && !screen[0, 1].isContinuation)
        screen.put("日本", row: 1, column: 0)
        screen.put("y", row: 1, column: 2)
        #expect(screen.lines[1] == "日y")
        #expect(!screen[1, 3].isContinuation)
    }

    @Test func fillingAcrossAWideCharacterLeavesNoHalf() {
        var screen = Screen(width: 4, height: 1)
        screen.put("日本", row: 0, column: 0)
        screen.fill(Rect(row: 0, column: 1, width: 2, height: 1))
        #expect(screen.lines == [""])
        #expect((0..<4).allSatisfy { !screen[0, $0].isContinuation })
    }
}
