import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// A body read from its spool file (SPEC §10): shown raw with a note saying why; the filter never
/// parses it whole but runs on each of its JSON Lines records.
@Suite struct SpooledBodyPaneTests {
    typealias F = ResponsePaneFixture

    /// `body` spooled to a file of its own (removed after `test`), shown in a pane.
    static func withSpooledPane(_ body: String, _ test: (inout ResponsePane) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spooled-pane-\(UUID().uuidString)")
        try Data(body.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try #require(BodyDocument.open(file: url, count: body.utf8.count, contentType: "application/json")).indexed()
        var pane = ResponsePane()
        pane.beginExchange()
        pane.show(F.summary(bytes: body.utf8.count), document: document)
        try test(&pane)
    }

    static func filter(_ path: String, in pane: inout ResponsePane) throws -> FilterResult {
        #expect(pane.handle(.character("f")) == .handled)
        var last: FilterEvaluation?
        for character in path {
            if case .evaluateFilter(let evaluation) = pane.handle(.character(character)) { last = evaluation }
        }
        let evaluation = try #require(last)
        let records = try #require(evaluation.records)
        #expect(evaluation.data.isEmpty)
        let result = evaluation.resultOverRecords(records, isCancelled: { false })
        pane.showFilterResult(result)
        return result
    }

    static let area = Rect(row: 0, column: 0, width: 120, height: 11)

    @Test func aSpooledJSONBodyShowsRawWithANote() throws {
        let body = #"{"users":[{"id":1},{"id":2}]}"#
        try Self.withSpooledPane(body) { pane in
            let inside = F.inside(pane, area: Self.area)
            #expect(inside[2] == body)
            #expect(inside[8].hasPrefix("shown raw: pretty JSON is for bodies kept in memory"))
            let result = try Self.filter("$.users[*].id", in: &pane)
            guard case .matches(let count, let shown, _) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(count == 2 && shown == 2)
            #expect(Array(F.inside(pane, area: Self.area)[2...5]) == ["[", "  1,", "  2", "]"])
        }
    }

    @Test func theFilterRunsOnEachJSONLinesRecord() throws {
        try Self.withSpooledPane("{\"id\":1,\"tag\":\"a\"}\n{\"id\":2}\r\n\n  \n{\"id\":3,\"tag\":\"c\"}") { pane in
            let result = try Self.filter("$.tag", in: &pane)
            #expect(pane.filter?.matchCount == 2)
            guard case .matches(_, _, let document) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(document.lines(0..<document.lineCount, maxColumns: 80).map { $0.map(\.text).joined() } == ["[", "  \"a\",", "  \"c\"", "]"])
        }
    }

    @Test func aSpooledBodyThatIsNotJSONLinesSaysWhichLine() throws {
        try Self.withSpooledPane("{\"id\":1}\n{\n  \"a\": 1\n}\n") { pane in
            let result = try Self.filter("$.id", in: &pane)
            guard case .notJSON(let reason) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(reason.hasPrefix("a spooled body is filtered as JSON Lines, one value a line: line 2 is not JSON"))
        }
    }
}
