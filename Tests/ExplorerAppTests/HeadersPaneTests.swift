import Testing
import TUICore
@testable import ExplorerApp

@Suite struct HeadersPaneTests {
    private func press(_ keys: [Key], on pane: inout HeadersPane) {
        for key in keys { _ = pane.handle(key) }
    }

    private func type(_ text: String) -> [Key] { text.map { Key.character($0) } }

    private func draw(_ pane: HeadersPane, width: Int = 32, height: Int = 6, focused: Bool = true) -> Screen {
        var screen = Screen(width: width, height: height)
        pane.render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: height), focused: focused)
        return screen
    }

    @Test func addEditAndCommitARow() {
        var pane = HeadersPane()
        #expect(!pane.isEditingText)
        #expect(pane.handle(.character("a")) == .handled)
        #expect(pane.editing == .name && pane.isEditingText)
        press(type("Accept") + [.enter] + type("application/json"), on: &pane)
        #expect(pane.editing == .value)
        #expect(pane.rows == [HeadersPane.Row("Accept", "application/json")])
        press([.enter], on: &pane)
        #expect(pane.editing == nil)
        #expect(pane.headers == [RequestDraft.Header("Accept", "application/json")])
        #expect(pane.problems.isEmpty)
        let screen = draw(pane)
        #expect(screen.lines == [
            "┌ Headers · 1 ─────────────────┐",
            "│ [x] Accept  application/json │",
            "│                              │",
            "│                              │",
            "│a add · e edit · ␣ on/off · d │",
            "└──────────────────────────────┘",
        ])
        #expect(screen[1, 2].style.reverse, "the selected row is highlighted")
        #expect(screen.cursor == nil)
    }

    @Test func editingKeysAndEscKeepsWhatWasTyped() {
        var pane = HeadersPane(rows: [HeadersPane.Row("X-Token", "abc")])
        press([.character("e"), .end, .backspace, .backspace] + type("Id") + [.home, .delete, .character("Y")], on: &pane)
        #expect(pane.rows[0].name == "Y-Tok" + "Id")
        press([.escape], on: &pane)
        #expect(pane.editing == nil)
        #expect(pane.rows[0].name == "Y-TokId")
        press([.enter, .enter, .left, .delete, .character("C")], on: &pane)
        #expect(pane.rows[0].value == "abC")
        #expect(pane.handle(.tab) == .ignored, "Tab stays the app's while editing")
    }

    @Test func deleteWhileEditingDeletesACharacterElseTheRow() {
        var pane = HeadersPane(rows: [HeadersPane.Row("A", "1"), HeadersPane.Row("B", "2")])
        press([.enter, .home, .delete, .escape], on: &pane)
        #expect(pane.rows.count == 2)
        #expect(pane.rows[0].name == "")
        press([.down, .delete], on: &pane)
        #expect(pane.rows == [HeadersPane.Row("", "1")])
        press([.character("d")], on: &pane)
        #expect(pane.rows.isEmpty)
        #expect(pane.handle(.character("d")) == .ignored)
        #expect(draw(pane).lines[1] == "│No headers. a: add one        │")
    }

    @Test func spaceTogglesAndDisabledRowsAreDimAndNotSent() {
        var pane = HeadersPane(rows: [HeadersPane.Row("A", "1"), HeadersPane.Row("B", "2")])
        press([.down, .character(" ")], on: &pane)
        #expect(pane.headers == [RequestDraft.Header("A", "1")])
        let screen = draw(pane, focused: false)
        #expect(screen.lines[2].hasPrefix("│ [ ] B"))
        #expect(screen[2, 6].style.dim)
        #expect(screen.lines[0].hasPrefix("┌ Headers · 1 "))
    }

    @Test func crlfTypedOrPastedIntoAValueIsFlaggedAndNotSent() {
        var pane = HeadersPane()
        press([.character("a")] + type("X-Evil") + [.enter] + type("ok") + [.paste("\r\nInjected: 1")], on: &pane)
        #expect(pane.rows[0].value == "ok\r\nInjected: 1")
        #expect(pane.rows[0].problem == "value: CR at 3")
        #expect(pane.headers.isEmpty)
        #expect(pane.problems == ["Header 1 value: CR at 3"])
        let screen = draw(pane)
        #expect(screen.lines[1].hasPrefix("│![x] X-Evil  "))
        #expect(screen[1, 1].style.foreground == .red)
        #expect(screen.lines[1].contains("␍␊"))
        #expect(screen.lines[4] == "│✗ value: CR at 3              │")
        // Fixing it clears the flag.
        press([.home, .right, .right, .control("k"), .enter], on: &pane)
        #expect(pane.problems.isEmpty)
        #expect(pane.headers == [RequestDraft.Header("X-Evil", "ok")])
        // Disabled, an invalid row no longer blocks sending.
        press([.character("e"), .character(" "), .escape, .character(" ")], on: &pane)
        #expect(pane.rows[0].name == "X-Evil ")
        #expect(pane.problems.isEmpty)
        #expect(pane.headers.isEmpty)
    }

    @Test func invalidNamesAreFlaggedAsTyped() {
        var pane = HeadersPane()
        press([.character("a")] + type("Bad Name"), on: &pane)
        #expect(pane.rows[0].problem == "name: space at 4")
        let screen = draw(pane)
        #expect(screen.lines[4].contains("✗ name: space at 4"))
        #expect(screen.cursor == Screen.Cursor(row: 1, column: 14))
    }

    @Test func secretValuesAreMaskedUnlessEdited() {
        var pane = HeadersPane(rows: [HeadersPane.Row("Authorization", "Bearer s3cr3t-token"), HeadersPane.Row("Cookie", "ab")])
        var screen = draw(pane, width: 48)
        #expect(screen.lines[1].contains("Bear•••"))
        #expect(!screen.lines[1].contains("s3cr3t"))
        #expect(screen.lines[2].contains("Cookie") && screen.lines[2].contains("•••"))
        #expect(pane.headers[0].value == "Bearer s3cr3t-token", "masking is only on screen")
        press([.enter, .enter], on: &pane)
        screen = draw(pane, width: 48)
        #expect(screen.lines[1].contains("s3cr3t-token"))
    }

    @Test func blankRowsVanishWhenEditingStops() {
        var pane = HeadersPane(rows: [HeadersPane.Row("A", "1")])
        press([.character("a"), .escape], on: &pane)
        #expect(pane.rows.count == 1)
        #expect(pane.selected == 0)
        press([.insert, .enter, .enter], on: &pane)
        #expect(pane.rows.count == 1)
    }

    @Test func pasteOutsideACellAddsRows() {
        var pane = HeadersPane()
        #expect(pane.handle(.paste("Accept: text/html\r\nX-Id:42\n\nbroken line\n")) == .handled)
        #expect(pane.rows == [HeadersPane.Row("Accept", "text/html"), HeadersPane.Row("X-Id", "42"), HeadersPane.Row("broken line", "")])
        #expect(pane.problems == ["Header 3 name: space at 7"])
        #expect(pane.selected == 2)
    }

    @Test func browsingKeysAreNotTextSoHelpStillOpens() {
        var pane = HeadersPane(rows: [HeadersPane.Row("A", "1")])
        #expect(pane.handle(.character("?")) == .ignored)
        #expect(pane.handle(.character("x")) == .ignored)
        #expect(pane.handle(.escape) == .ignored)
    }

    @Test func manyRowsScrollWithTheSelection() {
        var pane = HeadersPane(rows: (1...10).map { HeadersPane.Row("H\($0)", "v") })
        pane.layout(Rect(row: 0, column: 0, width: 32, height: 6))
        press(Array(repeating: .down, count: 5), on: &pane)
        var screen = draw(pane)
        #expect(screen.lines[1].contains("H4") && screen.lines[3].contains("H6"))
        press([.up, .up], on: &pane)
        screen = draw(pane)
        #expect(screen.lines[1].contains("H4"), "moving inside the view does not scroll")
        pane.scroll(by: 3)
        screen = draw(pane)
        #expect(screen.lines[1].contains("H7"))
        #expect(pane.selected == 6)
        press([.end], on: &pane)
        #expect(draw(pane).lines[3].contains("H10"))
    }

    @Test func smallAreasDoNotCrash() {
        var pane = HeadersPane(rows: [HeadersPane.Row("Content-Type", "application/json; charset=utf-8"), HeadersPane.Row("Bad\r", "x")])
        press([.down, .enter], on: &pane)
        for (width, height) in [(0, 0), (1, 1), (3, 3), (6, 3), (10, 4), (32, 10), (4, 30)] {
            let screen = draw(pane, width: width, height: height)
            #expect(screen.lines.count == height)
        }
        let screen = draw(pane, width: 32, height: 10)
        #expect(screen.lines[1] == "│ [x] Content-T… application/j…│")
        #expect(screen.lines[8] == "│✗ name: CR at 4               │")
    }
}
