import GraphQLTools
import RequestModel
import Testing
import TUICore
@testable import ExplorerApp
import TestSupport

@Suite struct BodyPaneTests {
    private func press(_ keys: [Key], on pane: inout BodyPane) {
        for key in keys { _ = pane.handle(key) }
    }

    private func type(_ text: String) -> [Key] { text.map { $0 == "\n" ? Key.enter : Key.character($0) } }

    private func draw(_ pane: BodyPane, width: Int = 32, height: Int = 10, focused: Bool = true) -> Screen {
        var screen = Screen(width: width, height: height)
        pane.render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: height), focused: focused)
        return screen
    }

    @Test func noBodyUntilTypingStartsOne() {
        var pane = BodyPane()
        #expect(!pane.isEditingText)
        #expect(pane.body == .none)
        #expect(pane.handle(.up) == .ignored)
        #expect(pane.handle(.escape) == .ignored)
        let screen = draw(pane)
        #expect(screen.lines[0].hasPrefix("┌ Body · none ─"))
        #expect(screen.lines[1] == "│No body.                      │")
        #expect(screen.cursor == nil)
        press(type("{"), on: &pane)
        #expect(pane.kind == .json && pane.isEditingText)
        var raw = BodyPane()
        press(type("hi"), on: &raw)
        #expect(raw.kind == .raw)
        #expect(raw.body == .text("hi", contentType: nil))
    }

    @Test func jsonValidityIsShownAsYouType() {
        var pane = BodyPane()
        press(type("{\n  \"a\": 1\n  \"b\""), on: &pane)
        #expect(pane.title == "Body · JSON ✗ 3:3 expected ',' or '}'")
        #expect(pane.problems == ["JSON body 3:3: expected ',' or '}'"])
        var screen = draw(pane)
        // 32 columns: the message moves from the title to the bottom border.
        #expect(screen.lines[0].hasPrefix("┌ Body · JSON ✗ 3:3 ───"))
        #expect(screen.lines[9] == "└ expected ',' or '}' ─────────┘")
        #expect(screen.lines[1...3] == ["│{                             │", "│  \"a\": 1                      │", "│  \"b\"                         │"])
        #expect(screen[3, 3].style.reverse && screen[3, 3].style.foreground == .red, "the spot is marked")
        #expect(screen.cursor == Screen.Cursor(row: 3, column: 6))
        let wide = draw(pane, width: 60)
        #expect(wide.lines[0].hasPrefix("┌ Body · JSON ✗ 3:3 expected ',' or '}' ─"))
        #expect(wide.lines[9].hasSuffix("─ 3:6 ┘"), "line:column in the bottom border")
        press([.up, .end] + type(",") + [.down, .end] + type(": 2\n}"), on: &pane)
        #expect(pane.title == "Body · JSON ✓")
        #expect(pane.problems.isEmpty)
        #expect(pane.body == .json("{\n  \"a\": 1,\n  \"b\": 2\n}"))
        screen = draw(pane)
        #expect(screen.lines[0].hasPrefix("┌ Body · JSON ✓ ─"))
    }

    @Test func emptyJSONIsAProblem() {
        var pane = BodyPane(kind: .json)
        #expect(pane.problems == ["JSON body is empty (Ctrl+T: no body)"])
        #expect(draw(pane).lines[1].hasPrefix("│{\"type\": \"JSON\"}"))
        press(type("[]"), on: &pane)
        #expect(pane.problems.isEmpty)
    }

    @Test func ctrlTCyclesKindsAndRechecks() {
        var pane = BodyPane(kind: .raw, text: "a=1\nnot a pair\n=x")
        #expect(pane.problems.isEmpty)
        press([.control("t")], on: &pane)
        #expect(pane.kind == .json)
        #expect(pane.title.hasPrefix("Body · JSON ✗ 1:1"))
        press([.control("t")], on: &pane)
        #expect(pane.kind == .form)
        #expect(pane.problems == ["form body line 2: expected name=value", "form body line 3: empty name before '='"])
        #expect(pane.title == "Body · form ✗ line 2")
        #expect(pane.body == .form([RequestDraft.Field("a", "1")]))
        let screen = draw(pane)
        #expect(screen[2, 1].style.foreground == .red)
        #expect(screen[1, 1].style.foreground == nil)
        press([.control("t")], on: &pane)
        #expect(pane.kind == .multipart)
        press([.control("t")], on: &pane)
        #expect(pane.kind == .graphql)
        #expect(pane.title == #"Body · GraphQL ✗ 1:1: Syntax Error: Unexpected Name "a""#, "checked as GraphQL now")
        #expect(pane.body == .graphql(GraphQLBody(query: "a=1\nnot a pair\n=x")))
        press([.control("t")], on: &pane)
        #expect(pane.kind == .none)
        #expect(pane.body == .none)
        #expect(pane.problems.isEmpty)
        press([.control("t")], on: &pane)
        #expect(pane.kind == .raw)
        #expect(pane.text == "a=1\nnot a pair\n=x", "the text survives the kind changes")
    }

    /// SPEC §13: the query is edited; the variables and operation it came with stay with it.
    @Test func aGraphQLBodyKeepsItsVariablesWhileItsQueryIsEdited() {
        var pane = BodyPane()
        pane.load(.graphql(GraphQLBody(query: "{ a }", variables: #"{"x": 1}"#, operationName: "Q")))
        #expect(pane.kind == .graphql && pane.text == "{ a }")
        press([.end] + type(" "), on: &pane)
        #expect(pane.body == .graphql(GraphQLBody(query: "{ a } ", variables: #"{"x": 1}"#, operationName: "Q")))
        var empty = BodyPane(kind: .graphql, text: " ")
        empty.recheck(force: true)
        #expect(empty.problems == ["GraphQL query is empty (Ctrl+T: another body kind)"])
    }

    /// SPEC §13: a GraphQL body is checked as it is typed — its syntax, and with the profile's
    /// schema every validation rule — each error on its row, and a body with errors is not sent.
    @Test func aGraphQLBodyIsCheckedAsItIsTyped() throws {
        var pane = BodyPane(kind: .graphql, text: "{ users { name ")
        pane.recheck(force: true)
        #expect(pane.title.hasPrefix("Body · GraphQL ✗ 1:16: Syntax Error: Expected Name, found <EOF>"), "\(pane.title)")
        #expect(!pane.problems.isEmpty)
        pane.graphQLSchema = try GraphQLSchemaFile(sdl: "type Query { users: [User!]! }\ntype User { name: String!, email: String @deprecated }")
        pane.replaceText("{\n  users { name }\n  nope\n}")
        #expect(pane.lineProblems == [2: "3:3: Cannot query field \"nope\" on type \"Query\"."])
        #expect(pane.problems == ["GraphQL 3:3: Cannot query field \"nope\" on type \"Query\"."])
        let screen = draw(pane)
        #expect(screen[3, 1].style.foreground == .red, "the row with the error is marked")
        pane.replaceText("{\n  users { name email }\n}")
        #expect(pane.problems.isEmpty, "a deprecated field is no error")
        #expect(pane.title == "Body · GraphQL ✓")
    }

    /// Ctrl+V: the variables editor — the variables in place of the query, checked as JSON, and
    /// the query back; the body sent has both whichever is shown.
    @Test func ctrlVEditsTheVariablesBesideTheQuery() {
        var pane = BodyPane()
        pane.load(.graphql(GraphQLBody(query: "query Q($n: Int) { a(n: $n) }", variables: #"{"n": 1}"#)))
        press([.control("v")], on: &pane)
        #expect(pane.showsVariables && pane.text == #"{"n": 1}"#)
        #expect(pane.title == "Body · GraphQL variables ✓ (Ctrl+V: the query)")
        press([.end, .backspace] + type(","), on: &pane)
        #expect(pane.problems.first?.hasPrefix("GraphQL variables 1:") == true, "\(pane.problems)")
        #expect(pane.title.contains("variables ✗"), "\(pane.title)")
        press([.backspace] + type("2}"), on: &pane)
        #expect(pane.problems.isEmpty, "\(pane.problems)")
        #expect(pane.body == .graphql(GraphQLBody(query: "query Q($n: Int) { a(n: $n) }", variables: #"{"n": 12}"#)))
        press([.control("v")], on: &pane)
        #expect(!pane.showsVariables && pane.text == "query Q($n: Int) { a(n: $n) }")
        #expect(pane.body == .graphql(GraphQLBody(query: "query Q($n: Int) { a(n: $n) }", variables: #"{"n": 12}"#)))
        // Another kind takes the query, not the variables.
        press([.control("v"), .control("t")], on: &pane)
        #expect(pane.kind == .none)
        press([.control("t")], on: &pane)
        #expect(pane.text == "query Q($n: Int) { a(n: $n) }")
    }

    @Test func multipartLinesAreTextOrFileParts() {
        let pane = BodyPane(kind: .multipart, text: "name=Ada\navatar=@/tmp/a.png\n\nempty=@")
        #expect(pane.body == .multipart([.text(name: "name", value: "Ada"), .file(name: "avatar", path: "/tmp/a.png"), .file(name: "empty", path: "")]))
        #expect(pane.problems == ["multipart body line 4: empty file path after '@'"])
    }

    @Test func ctrlEOpensTheEditorAndReplaceTextIsUndoable() {
        var pane = BodyPane(kind: .json, text: "{}")
        #expect(pane.handle(.control("e")) == .openEditor("{}"))
        pane.replaceText("{\"edited\": true}\n")
        #expect(pane.text == "{\"edited\": true}\n")
        #expect(pane.title == "Body · JSON ✓")
        press([.control("z")], on: &pane)
        #expect(pane.text == "{}")
        press([.control("y")], on: &pane)
        #expect(pane.text == "{\"edited\": true}\n")
        var none = BodyPane()
        none.replaceText("[1,")
        #expect(none.kind == .json)
        #expect(none.title.contains("✗"))
    }

    @Test func undoRedoAndSplitJoinThroughThePane() {
        var pane = BodyPane()
        press(type("hello world"), on: &pane)
        press(Array(repeating: .left, count: 6) + [.enter], on: &pane)
        #expect(pane.text == "hello\n world")
        press([.backspace], on: &pane)
        #expect(pane.text == "hello world")
        press([.control("z")], on: &pane)
        #expect(pane.text == "hello\n world")
        press([.control("z"), .control("z")], on: &pane)
        #expect(pane.text == "")
        press([.control("y")], on: &pane)
        #expect(pane.text == "hello world")
    }

    @Test func multiLinePasteInsertsAtTheCursor() {
        var pane = BodyPane(kind: .raw, text: "ab")
        press([.right, .paste("1\r\n2\r\n3")], on: &pane)
        #expect(pane.text == "a1\n2\n3b")
        let screen = draw(pane)
        #expect(screen.lines[1...3] == ["│a1                            │", "│2                             │", "│3b                            │"])
        #expect(screen.cursor == Screen.Cursor(row: 3, column: 2))
        var none = BodyPane()
        #expect(none.handle(.paste("  \n")) == .ignored)
        #expect(none.handle(.paste("\n[1]")) == .handled)
        #expect(none.kind == .json)
    }

    @Test func loadSetsKindAndText() {
        var pane = BodyPane()
        pane.load(.form([RequestDraft.Field("a", "1"), RequestDraft.Field("b", "2")]))
        #expect(pane.kind == .form && pane.text == "a=1\nb=2")
        pane.load(.multipart([.file(name: "f", path: "/x")]))
        #expect(pane.text == "f=@/x")
        pane.load(.text("x", contentType: "text/csv"))
        #expect(pane.body == .text("x", contentType: "text/csv"))
        pane.load(.none)
        #expect(pane.kind == .none && pane.text.isEmpty)
    }

    @Test func longBodiesScrollAndTheWheelWorks() {
        var pane = BodyPane(kind: .raw, text: (1...40).map { "row \($0)" }.joined(separator: "\n"))
        pane.layout(Rect(row: 0, column: 0, width: 32, height: 10))
        press([.pageDown], on: &pane)
        #expect(pane.editor.cursor.row == 7)
        press([.pageDown], on: &pane)
        var screen = draw(pane)
        #expect(screen.lines[8] == "│row 15                        │")
        #expect(screen.cursor == Screen.Cursor(row: 8, column: 1))
        pane.scroll(by: 10)
        screen = draw(pane)
        #expect(screen.lines[1] == "│row 18                        │")
        #expect(pane.editor.cursor.row == 17)
    }

    @Test func smallAreasDoNotCrash() {
        let pane = BodyPane(kind: .json, text: "{\"a\": [1, 2,\n 3]}\n{")
        for (width, height) in [(0, 0), (1, 1), (2, 2), (3, 3), (10, 3), (32, 10), (3, 30)] {
            let screen = draw(pane, width: width, height: height)
            #expect(screen.lines.count == height)
        }
        #expect(draw(pane, width: 10, height: 3).lines[1] == "│{\"a\": [1│")
    }

    @Test func megabyteJSONStaysResponsive() {
        let item = "{\"id\": 1, \"name\": \"item\", \"tags\": [\"a\", \"b\"]}"
        let big = "[\n" + Array(repeating: item, count: 20_000).joined(separator: ",\n") + "\n]"
        var pane = BodyPane(kind: .json, text: big)
        #expect(pane.title == "Body · JSON ✓")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            press([.down, .end] + type(" x"), on: &pane)
        }
        #expect(pane.title.hasPrefix("Body · JSON ✗ 2:"))
        #expect(elapsed < TestTime.scaled(.seconds(3)), "\(elapsed)")
    }
}
