import Testing
@testable import TUICore
import TestSupport

@Suite struct TextBufferTests {
    private func type(_ text: String, into buffer: inout TextBuffer) {
        for character in text { buffer.handle(character == "\n" ? .enter : .character(character)) }
    }

    private func at(_ row: Int, _ column: Int) -> TextBuffer.Position { TextBuffer.Position(row: row, column: column) }

    @Test func enterSplitsAndBackspaceJoins() {
        var buffer = TextBuffer()
        type("hello world", into: &buffer)
        for _ in 0..<6 { buffer.handle(.left) }
        buffer.handle(.enter)
        #expect(buffer.text == "hello\n world")
        #expect(buffer.cursor == at(1, 0))
        buffer.handle(.backspace)
        #expect(buffer.text == "hello world")
        #expect(buffer.cursor == at(0, 5))
        buffer.handle(.enter)
        buffer.handle(.up)
        buffer.handle(.end)
        buffer.handle(.delete)
        #expect(buffer.text == "hello world")
        #expect(buffer.lineCount == 1)
        buffer.handle(.home)
        buffer.handle(.backspace)
        buffer.handle(.end)
        buffer.handle(.delete)
        #expect(buffer.text == "hello world", "nothing to join at the edges")
    }

    @Test func arrowsWrapAndKeepTheGoalColumn() {
        var buffer = TextBuffer("a long line\nab\nanother line")
        buffer.moveTo(at(0, 8))
        buffer.handle(.down)
        #expect(buffer.cursor == at(1, 2))
        buffer.handle(.down)
        #expect(buffer.cursor == at(2, 8), "the column it started from")
        buffer.handle(.home)
        buffer.handle(.left)
        #expect(buffer.cursor == at(1, 2))
        buffer.handle(.right)
        #expect(buffer.cursor == at(2, 0))
        buffer.handle(.down)
        #expect(buffer.cursor == at(2, 12), "Down on the last line goes to its end")
        buffer.moveTo(at(0, 3))
        buffer.handle(.up)
        #expect(buffer.cursor == at(0, 0))
    }

    @Test func pasteIsOneStepAndNormalizesLineBreaks() {
        var buffer = TextBuffer("<>")
        buffer.moveTo(at(0, 1))
        buffer.handle(.paste("one\r\ntwo\rthree\nfour"))
        #expect(buffer.text == "<one\ntwo\nthree\nfour>")
        #expect(buffer.cursor == at(3, 4))
        buffer.handle(.control("z"))
        #expect(buffer.text == "<>")
        #expect(buffer.cursor == at(0, 1))
        buffer.handle(.control("y"))
        #expect(buffer.text == "<one\ntwo\nthree\nfour>")
        var crlf = TextBuffer()
        crlf.text = "a\r\nb\r\n"
        #expect(crlf.text == "a\nb\n")
        #expect(crlf.lineCount == 3)
    }

    @Test func typingCoalescesIntoOneUndoStep() {
        var buffer = TextBuffer()
        type("hello", into: &buffer)
        buffer.handle(.enter)
        type("world", into: &buffer)
        buffer.handle(.left)
        type("X", into: &buffer)
        #expect(buffer.text == "hello\nworlXd")
        buffer.handle(.control("z"))
        #expect(buffer.text == "hello\nworld")
        buffer.handle(.control("z"))
        #expect(buffer.text == "hello\n")
        buffer.handle(.control("z"))
        #expect(buffer.text == "hello")
        buffer.handle(.control("z"))
        #expect(buffer.text == "")
        #expect(!buffer.canUndo)
        buffer.handle(.control("y"))
        buffer.handle(.control("y"))
        #expect(buffer.text == "hello\n")
        type("!", into: &buffer)
        #expect(!buffer.canRedo, "a new edit drops the redo steps")
        #expect(buffer.text == "hello\n!")
    }

    @Test func backspacesCoalesceSeparatelyFromTyping() {
        var buffer = TextBuffer()
        type("abcdef", into: &buffer)
        for _ in 0..<3 { buffer.handle(.backspace) }
        #expect(buffer.text == "abc")
        buffer.undo()
        #expect(buffer.text == "abcdef")
        buffer.undo()
        #expect(buffer.text == "")
    }

    @Test func replaceAllIsUndoableAndSettingTextIsNot() {
        var buffer = TextBuffer()
        buffer.text = "one"
        #expect(!buffer.canUndo)
        buffer.moveTo(at(0, 3))
        buffer.replaceAll(with: "x\ny")
        #expect(buffer.text == "x\ny")
        #expect(buffer.cursor == at(0, 1))
        buffer.undo()
        #expect(buffer.text == "one")
    }

    @Test func rendersTheVisiblePartAroundTheCursor() {
        var buffer = TextBuffer((1...20).map { "line \($0)" }.joined(separator: "\n"))
        buffer.viewSize = TextBuffer.ViewSize(rows: 4, columns: 10)
        for _ in 0..<10 { buffer.handle(.down) }
        var screen = Screen(width: 10, height: 4)
        let cursor = buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: 10, height: 4))
        #expect(screen.lines == ["line 8", "line 9", "line 10", "line 11"])
        #expect(cursor == Screen.Cursor(row: 3, column: 0))
        // Moving up inside the view does not scroll it.
        buffer.handle(.up)
        buffer.handle(.up)
        screen = Screen(width: 10, height: 4)
        #expect(buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: 10, height: 4)) == Screen.Cursor(row: 1, column: 0))
        #expect(screen.lines[0] == "line 8")
        buffer.handle(.pageDown)
        #expect(buffer.cursor.row == 11)
        buffer.handle(.pageUp)
        buffer.handle(.pageUp)
        #expect(buffer.cursor.row == 5)
    }

    @Test func scrollsSidewaysOnLongLines() {
        var buffer = TextBuffer()
        buffer.viewSize = TextBuffer.ViewSize(rows: 2, columns: 8)
        type("abcdefghijklmnop", into: &buffer)
        var screen = Screen(width: 8, height: 2)
        let cursor = buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: 8, height: 2))
        #expect(cursor?.row == 0)
        let shown = screen.lines[0]
        #expect(shown.hasSuffix("p"), "\(shown)")
        #expect(cursor?.column == shown.count)
        buffer.handle(.home)
        screen = Screen(width: 8, height: 2)
        #expect(buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: 8, height: 2)) == Screen.Cursor(row: 0, column: 0))
        #expect(screen.lines[0] == "abcdefgh")
    }

    @Test func controlCharactersAndTabsAreDrawnVisibly() {
        let buffer = TextBuffer("a\tb\u{1B}[2Jc")
        var screen = Screen(width: 20, height: 1)
        let cursor = buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: 20, height: 1))
        #expect(screen.lines == ["a    b␛[2Jc"])
        #expect(screen[0, 6].style.foreground == .red)
        #expect(cursor == Screen.Cursor(row: 0, column: 0))
    }

    @Test func wheelScrollTakesTheCursorAlong() {
        var buffer = TextBuffer((1...30).map(String.init).joined(separator: "\n"))
        buffer.viewSize = TextBuffer.ViewSize(rows: 5, columns: 10)
        buffer.scroll(by: 10)
        #expect(buffer.top == 10)
        #expect(buffer.cursor.row == 10)
        buffer.scroll(by: 100)
        #expect(buffer.top == 25)
        buffer.scroll(by: -100)
        #expect(buffer.top == 0)
        #expect(buffer.cursor.row == 4)
    }

    @Test func tinyAreasDoNotCrash() {
        var buffer = TextBuffer("abc\ndef")
        for (width, height) in [(0, 0), (1, 1), (0, 3), (3, 0), (2, 1)] {
            var screen = Screen(width: max(width, 1), height: max(height, 1))
            _ = buffer.render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: height))
        }
        buffer.viewSize = TextBuffer.ViewSize(rows: 0, columns: 0)
        buffer.handle(.pageDown)
        #expect(buffer.cursor.row == 1)
    }

    @Test func megabyteBodyEditsWithoutQuadraticCost() {
        let line = String(repeating: "x", count: 99)
        let big = Array(repeating: line, count: 10_000).joined(separator: "\n")
        var buffer = TextBuffer(big)
        #expect(buffer.count == 999_999)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            buffer.moveTo(at(5_000, 50))
            for _ in 0..<200 { buffer.handle(.character("y")) }
            for _ in 0..<50 { buffer.handle(.enter); buffer.handle(.backspace) }
            buffer.undo()
        }
        #expect(elapsed < TestTime.scaled(.seconds(2)), "\(elapsed)")
        #expect(buffer.lineCount == 10_001, "the last join undone")
    }
}
