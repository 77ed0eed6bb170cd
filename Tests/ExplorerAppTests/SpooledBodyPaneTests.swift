import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// A body read from its spool file (SPEC §10): shown raw with a note saying why, and the filter,
/// which would parse it whole, refused with a message.
@Suite struct SpooledBodyPaneTests {
    typealias F = ResponsePaneFixture

    @Test func aSpooledJSONBodyShowsRawAndRefusesTheFilter() throws {
        let body = #"{"users":[{"id":1},{"id":2}]}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spooled-pane-\(UUID().uuidString)")
        try Data(body.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try #require(BodyDocument.open(file: url, count: body.utf8.count, contentType: "application/json")).indexed()
        var pane = ResponsePane()
        pane.beginExchange()
        pane.show(F.summary(bytes: body.utf8.count), document: document)
        let area = Rect(row: 0, column: 0, width: 120, height: 11)
        let inside = F.inside(pane, area: area)
        #expect(inside[2] == body)
        #expect(inside[8].hasPrefix("shown raw: pretty JSON is for bodies kept in memory"))

        #expect(pane.handle(.character("f")) == .handled)
        #expect(pane.filter == nil)
        #expect(F.inside(pane, area: area)[8].hasPrefix("no filter on a body read from its spool file (29 B)"))
    }
}
