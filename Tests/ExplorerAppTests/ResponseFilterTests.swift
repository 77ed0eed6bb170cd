import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// The Response pane's JSONPath filter box (SPEC §7, issue 15): typing asks for runs, results come
/// back by id, invalid paths get a caret, Esc gives the whole body back.
@Suite struct ResponseFilterTests {
    typealias F = ResponsePaneFixture

    static let body = #"{"users":[{"id":1,"name":"Ada"},{"id":2,"name":"Bob"},{"id":3,"name":"Cy"}],"total":3}"#

    /// Types `text` into the open filter, returning the run each character asked for.
    static func type(_ text: String, into pane: inout ResponsePane) -> [FilterEvaluation] {
        text.compactMap { character in
            if case .evaluateFilter(let evaluation) = pane.handle(.character(character)) { return evaluation }
            return nil
        }
    }

    /// What the loop would post: the run done for real on its body.
    static func run(_ evaluation: FilterEvaluation) -> FilterResult {
        evaluation.result(in: FilterEvaluation.parse(evaluation.data), isCancelled: { false })
    }

    @Test func typingEditsThePathAndAsksForARunWithANewIDEachTime() throws {
        var pane = F.pane(Self.body)
        let wide = Rect(row: 0, column: 0, width: 80, height: 11)
        #expect(F.inside(pane, area: wide)[8] == "/ search  n/N  w wrap  p raw  t headers  f filter")
        #expect(pane.handle(.character("f")) == .handled)
        #expect(pane.isEditingText)
        let runs = Self.type("$.total", into: &pane)
        #expect(runs.map(\.path) == ["$", "$.", "$.t", "$.to", "$.tot", "$.tota", "$.total"])
        #expect(Set(runs.map(\.id)).count == runs.count)
        #expect(runs.map(\.id) == runs.map(\.id).sorted())
        #expect(runs.allSatisfy { $0.data == Data(Self.body.utf8) && $0.body == runs[0].body })
        guard case .evaluateFilter(let shorter) = pane.handle(.backspace) else {
            Issue.record("backspace asks for no run")
            return
        }
        #expect(shorter.path == "$.tota")
        #expect(shorter.id > runs.last!.id)
        #expect(pane.filter?.awaited == shorter.id)
        // The line shows the path, the cursor after it.
        let screen = F.screen(pane)
        #expect(F.inside(pane)[7] == "filter $.tota")
        #expect(screen.cursor == Screen.Cursor(row: 8, column: 14))
    }

    @Test func aResultShowsTheSelectedNodesAndTheirCount() {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let run = Self.type("$.users[*].name", into: &pane).last!
        #expect(F.inside(pane)[1].contains("filter: evaluating…"))
        pane.showFilterResult(Self.run(run))
        #expect(pane.filter?.matchCount == 3)
        let inside = F.inside(pane)
        #expect(inside[1] == " Body   Headers (1)   filter: 3 matches")
        #expect(Array(inside[2...6]) == ["[", #"  "Ada","#, #"  "Bob","#, #"  "Cy""#, "]"])
        #expect(inside[7] == "filter $.users[*].name")
        #expect(inside[8] == "3 matches · Enter keeps  Esc closes")
        // Enter keeps the matches and gives the keys back to the pane: `j` scrolls them.
        #expect(pane.handle(.enter) == .handled)
        #expect(!pane.isEditingText)
        #expect(pane.handle(.character("j")) == .handled)
        #expect(pane.filter?.text == "$.users[*].name")
        #expect(F.inside(pane)[8] == "3 matches · f edits  Esc closes")
    }

    @Test func aStaleResultIsDropped() {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let runs = Self.type("$.total", into: &pane)
        let stale = Self.run(runs[0])  // "$": the whole document, one match
        pane.showFilterResult(stale)
        #expect(pane.filter?.matchCount == nil)
        #expect(pane.filter?.awaited == runs.last!.id)
        #expect(F.inside(pane)[2] == "{")  // still the body
        pane.showFilterResult(Self.run(runs.last!))
        #expect(pane.filter?.matchCount == 1)
        #expect(Array(F.inside(pane)[2...4]) == ["[", "  3", "]"])
        // Once answered, a late copy of an earlier run changes nothing either.
        pane.showFilterResult(Self.run(runs[3]))
        #expect(Array(F.inside(pane)[2...4]) == ["[", "  3", "]"])
    }

    @Test func anInvalidPathShowsItsMessageWithACaretUnderItsColumn() throws {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let good = Self.type("$.users[*].id", into: &pane).last!
        pane.showFilterResult(Self.run(good))
        let bad = Self.type("[?@ >> 1]", into: &pane).last!
        let result = Self.run(bad)
        guard case .invalidPath(let message, let column) = result.outcome else {
            Issue.record("not refused: \(result.outcome)")
            return
        }
        pane.showFilterResult(result)
        let inside = F.inside(pane)
        #expect(inside[7] == "filter $.users[*].id[?@ >> 1]")
        let caret = try #require(inside[8].firstIndex(of: "^"))
        let under = inside[7][inside[7].index(inside[7].startIndex, offsetBy: inside[8].distance(from: inside[8].startIndex, to: caret))]
        #expect(under == ">")
        #expect(inside[8].distance(from: inside[8].startIndex, to: caret) == "filter ".count + column - 1)
        #expect(inside[8].contains(String(message.prefix(10))))
        #expect(F.screen(pane)[9, 1 + "filter ".count + column - 1].style == PaneFrame.error)
        // The previous result stays under the message.
        #expect(Array(inside[2...6]) == ["[", "  1,", "  2,", "  3", "]"])
        #expect(inside[1].hasSuffix("filter: 3 matches"))
    }

    @Test func aCaretFollowsWideCharactersAndALongPathScrolls() throws {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let bad = Self.type("$['日本'] x", into: &pane).last!
        pane.showFilterResult(Self.run(bad))
        let inside = F.inside(pane)
        // The caret is 2 cells further right than the column's character count: the two wide ones.
        let problem = try #require(pane.filter?.problem)
        #expect(problem.column > 7)
        #expect(inside[8].firstIndex(of: "^").map { inside[8].distance(from: inside[8].startIndex, to: $0) } == "filter ".count + problem.column - 1 + 2)
        var long = F.pane(Self.body)
        _ = long.handle(.character("f"))
        let path = "$.users[?@.name == 'a very long name that does not fit' && @.id >"
        let last = Self.type(path, into: &long).last!
        long.showFilterResult(Self.run(last))
        let line = F.inside(long)[7]
        #expect(line.hasSuffix("@.id >"))
        let note = F.inside(long)[8]
        #expect(note.contains("^"))
        #expect(F.lines(long).allSatisfy { $0.count == F.area.width })
    }

    @Test func escClosesTheFilterAndShowsTheWholeBodyAgain() {
        var pane = F.pane(Self.body)
        let before = F.inside(pane)
        _ = pane.handle(.character("f"))
        let run = Self.type("$..id", into: &pane).last!
        pane.showFilterResult(Self.run(run))
        #expect(F.inside(pane)[1].hasSuffix("filter: 3 matches"))
        #expect(pane.handle(.escape) == .cancelFilter)
        #expect(pane.filter == nil)
        #expect(!pane.isEditingText)
        #expect(F.inside(pane) == before)
        // After Enter the filter stays; Esc still closes it, and a result arriving late is dropped.
        _ = pane.handle(.character("f"))
        let again = Self.type("$.total", into: &pane).last!
        _ = pane.handle(.enter)
        #expect(pane.handle(.escape) == .cancelFilter)
        pane.showFilterResult(Self.run(again))
        #expect(F.inside(pane) == before)
        #expect(pane.handle(.escape) == .ignored)
    }

    @Test func emptyingThePathShowsTheWholeBody() {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let run = Self.type("$", into: &pane).last!
        pane.showFilterResult(Self.run(run))
        #expect(F.inside(pane)[2] == "[")
        #expect(pane.handle(.backspace) == .cancelFilter)
        #expect(F.inside(pane)[2] == "{")
        #expect(F.inside(pane)[1].hasSuffix("filter: whole body"))
    }

    @Test func aBodyThatIsNotJSONSaysSo() {
        var pane = F.pane("plain words", contentType: "text/plain")
        _ = pane.handle(.character("f"))
        let run = Self.type("$.a", into: &pane).last!
        pane.showFilterResult(Self.run(run))
        let inside = F.inside(pane)
        #expect(inside[1].hasSuffix("filter: body not JSON"))
        #expect(inside[2] == "plain words")
        #expect(inside[8].hasPrefix("the body is not JSON"))
    }

    @Test func tinyPanesKeepTheFilterLineWhileThereIsARow() {
        var pane = F.pane(Self.body)
        _ = pane.handle(.character("f"))
        let bad = Self.type("$[?@ >> 1]", into: &pane).last!
        pane.showFilterResult(Self.run(bad))
        for width in 0...12 {
            for height in 0...7 {
                let screen = F.screen(pane, area: Rect(row: 1, column: 1, width: width, height: height))
                #expect(screen.lines.count == height + 1)
            }
        }
        // Four rows inside: status, tabs, body, and the path in the last row (no room for the caret).
        let inside = F.inside(pane, area: Rect(row: 0, column: 0, width: 30, height: 6))
        #expect(inside.last == "filter $[?@ >> 1]")
        #expect(!inside.contains { $0.contains("^") })
    }

    @Test func theStateAsksTheLoopForRunsAndTakesOnlyTheLatestResult() {
        typealias A = AppFixture
        var state = A.state()
        let id = A.send(readyIndex: 0, in: &state)!
        _ = state.update(.responseReceived(id, A.summary(bytes: Self.body.utf8.count), A.document(Self.body)), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        _ = A.press(.tab, .tab, .tab, into: &state)
        #expect(state.focus == .response)
        #expect(A.press(.character("f"), into: &state).isEmpty)
        let effects = A.type("$..name", into: &state)
        let runs: [FilterEvaluation] = effects.compactMap { if case .evaluateFilter(let run) = $0 { run } else { nil } }
        #expect(runs.count == effects.count)
        #expect(runs.last?.path == "$..name")
        _ = state.update(.filterEvaluated(Self.run(runs[2])), now: 3)
        #expect(state.response.filter?.matchCount == nil)
        _ = state.update(.filterEvaluated(Self.run(runs.last!)), now: 3)
        #expect(state.response.filter?.matchCount == 3)
        #expect(A.inside(.response, of: state, now: 3).contains { $0.contains("3 matches") })
        // Ctrl+P copies what is on screen: the matches.
        _ = A.press(.control("p"), into: &state)
        _ = A.type("copy response", into: &state)
        guard case .copy(let copied, let label) = A.press(.enter, into: &state).first else {
            Issue.record("no copy")
            return
        }
        #expect(label == "filter matches")
        #expect(copied == #"["Ada","Bob","Cy"]"#)
        #expect(A.press(.escape, into: &state) == [.cancelFilter])
        #expect(state.response.filter == nil)
        // The palette opens the filter too, focusing the Response pane.
        _ = A.press(.tab, into: &state)
        _ = A.press(.control("p"), into: &state)
        _ = A.type("filter json", into: &state)
        _ = A.press(.enter, into: &state)
        #expect(state.focus == .response)
        #expect(state.response.filter?.isEditing == true)
    }
}
