import Testing
@testable import TUICore

@Suite struct LineFieldTests {
    private func typed(_ keys: [Key], into field: LineField = LineField()) -> LineField {
        var field = field
        for key in keys { field.handle(key) }
        return field
    }

    private func chars(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func typingMovingAndDeleting() {
        var field = typed(chars("helo"))
        #expect(field.text == "helo" && field.cursor == 4)
        field = typed([.left, .character("l")], into: field)
        #expect(field.text == "hello" && field.cursor == 4)
        field = typed([.home, .delete, .end, .backspace], into: field)
        #expect(field.text == "ell" && field.cursor == 3)
        field = typed([.home, .backspace, .left, .end, .right, .delete], into: field)
        #expect(field.text == "ell" && field.cursor == 3)
    }

    @Test func killKeys() {
        var field = LineField("https://api.example.com/users/42")
        field.handle(.control("w"))
        #expect(field.text == "https://api.example.com/users/")
        field.handle(.control("w"))
        #expect(field.text == "https://api.example.com/")
        for _ in 0..<4 { field.handle(.left) }
        field.handle(.control("k"))
        #expect(field.text == "https://api.example.")
        field.handle(.control("u"))
        #expect(field.text == "" && field.cursor == 0)
        let unused: [Key] = [.control("e"), .enter, .tab, .up, .escape]
        let answered = unused.map { field.handle($0) }
        #expect(answered == [false, false, false, false, false], "Ctrl+E is the Body pane's; the rest the app's")
    }

    @Test func pastedLineBreaksStayAsCharactersAndShowFlagged() {
        var field = LineField()
        field.handle(.paste("a\r\nb"))
        #expect(field.text == "a\r\nb")
        let rendered = field.render(width: 20)
        #expect(rendered.spans.map(\.text).joined() == "a␍␊b")
        #expect(rendered.spans.contains { $0.text == "␍␊" && $0.style.foreground == .red })
        #expect(rendered.cursorColumn == 4)
    }

    @Test func trimmedPasteDropsSurroundingWhitespaceOnly() {
        var field = LineField("x")
        field.paste("  https://a.test/p\n", trimming: true)
        #expect(field.text == "xhttps://a.test/p")
        field.paste(" \n\t ", trimming: true)
        #expect(field.text == "xhttps://a.test/p")
        field.paste(" a\nb ", trimming: true)
        #expect(field.text.hasSuffix("a\nb"))
    }

    @Test func scrollsToKeepTheCursorVisible() {
        var field = LineField(width: 10)
        for key in chars("abcdefghijklmnopqrstuvwxyz") { field.handle(key) }
        var rendered = field.render(width: 10)
        // The cursor takes the last column; nine characters before it.
        #expect(rendered.spans.map(\.text).joined() == "rstuvwxyz")
        #expect(rendered.cursorColumn == 9)
        // Moving left inside the visible part does not scroll.
        for _ in 0..<5 { field.handle(.left) }
        rendered = field.render(width: 10)
        #expect(rendered.spans.map(\.text).joined() == "rstuvwxyz")
        #expect(rendered.cursorColumn == 4)
        field.handle(.home)
        rendered = field.render(width: 10)
        #expect(rendered.spans.map(\.text).joined() == "abcdefghij")
        #expect(rendered.cursorColumn == 0)
    }

    @Test func renderCorrectsForAWidthOtherThanTheHint() {
        let field = LineField(String(repeating: "x", count: 50) + "END", width: 100)
        let rendered = field.render(width: 8)
        #expect(rendered.spans.map(\.text).joined() == "xxxxEND")
        #expect(rendered.cursorColumn == 7)
        #expect(field.render(width: 0).spans.isEmpty)
    }

    @Test func wideCharactersCountTwoColumns() {
        let field = LineField("日本語テキスト", width: 6)
        let rendered = field.render(width: 6)
        #expect(rendered.spans.map(\.text).joined() == "スト")
        #expect(rendered.cursorColumn == 4)
    }

    @Test func staticSpansEllipsizeLongText() {
        #expect(LineField.spans("Content-Type", width: 8).map(\.text).joined() == "Content…")
        #expect(LineField.spans("Accept", width: 6).map(\.text).joined() == "Accept")
        #expect(LineField.spans("a\u{1B}b", width: 5).map(\.text).joined() == "a␛b")
    }
}
