import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// Shared set-up: a pane at its 80×24 size (48×11 area, 46×9 inside: status, tabs, six body
/// rows, the hint row).
enum ResponsePaneFixture {
    static let area = Rect(row: 0, column: 0, width: 48, height: 11)

    static func summary(status: Int = 200, bytes: Int, contentType: String? = "application/json",
                        headers: [ResponseSummary.Header] = [ResponseSummary.Header("Content-Type", "application/json")]) -> ResponseSummary {
        ResponseSummary(status: status, httpVersion: "HTTP/1.1", elapsedMs: 12.4, bytes: bytes, contentType: contentType, headers: headers)
    }

    static func pane(_ body: String, contentType: String? = "application/json", status: Int = 200, indexed: Bool = true) -> ResponsePane {
        pane(Data(body.utf8), contentType: contentType, status: status, indexed: indexed)
    }

    static func pane(_ data: Data, contentType: String?, status: Int = 200, indexed: Bool = true,
                     headers: [ResponseSummary.Header] = [ResponseSummary.Header("Content-Type", "application/json")]) -> ResponsePane {
        var pane = ResponsePane()
        pane.beginExchange()
        let opened = BodyDocument.open(data: data, contentType: contentType)
        pane.show(summary(status: status, bytes: data.count, contentType: contentType, headers: headers),
                  document: indexed ? opened.indexed() : opened)
        return pane
    }

    static func screen(_ pane: ResponsePane, area: Rect = area, focused: Bool = true) -> Screen {
        var screen = Screen(width: area.column + area.width, height: area.row + area.height)
        pane.render(into: &screen, area: area, focused: focused)
        return screen
    }

    static func lines(_ pane: ResponsePane, area: Rect = area) -> [String] { screen(pane, area: area).lines }

    /// The inside of the frame, one string per row, trailing blanks trimmed.
    static func inside(_ pane: ResponsePane, area: Rect = area) -> [String] {
        lines(pane, area: area).dropFirst().dropLast().map { line in
            var text = String(line.dropFirst().dropLast())
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    static func type(_ text: String, into pane: inout ResponsePane) {
        for character in text { _ = pane.handle(.character(character)) }
    }
}

@Suite struct ResponsePaneTests {
    typealias F = ResponsePaneFixture

    @Test func statusVersionTimeAndSizeThenTheBodyTabFirst() {
        let pane = F.pane(#"{"id":1,"name":"Ada","tags":["x"]}"#)
        let inside = F.inside(pane)
        #expect(F.lines(pane)[0].hasPrefix("┌ Response ─"))
        #expect(inside[0] == "200 OK  HTTP/1.1  12 ms  34 B")
        #expect(inside[1] == " Body   Headers (1)   JSON")
        #expect(Array(inside[2...7]) == ["{", #"  "id": 1,"#, #"  "name": "Ada","#, #"  "tags": ["#, #"    "x""#, "  ]"])
        #expect(inside[8].hasPrefix("/ search"))
        let screen = F.screen(pane)
        #expect(screen[1, 1].style == Style(foreground: .green, bold: true))
        #expect(screen[2, 1].style.reverse)  // the Body tab is the active one
        #expect(screen[4, 3].style == BodyStyles.key)
    }

    @Test func statusColoursSizesAndTimes() {
        #expect(ResponseSummaryText.statusStyle(204).foreground == .green)
        #expect(ResponseSummaryText.statusStyle(302).foreground == .cyan)
        #expect(ResponseSummaryText.statusStyle(404).foreground == .yellow)
        #expect(ResponseSummaryText.statusStyle(503).foreground == .red)
        #expect(ResponseSummaryText.size(512) == "512 B")
        #expect(ResponseSummaryText.size(1536) == "1.5 KB")
        #expect(ResponseSummaryText.size(10 * 1024 * 1024 + 200_000) == "10.2 MB")
        #expect(ResponseSummaryText.time(3.25) == "3.2 ms")
        #expect(ResponseSummaryText.time(250) == "250 ms")
        #expect(ResponseSummaryText.time(1234) == "1.23 s")
        let pane = F.pane("oops", contentType: "text/plain", status: 503)
        #expect(F.inside(pane)[0].hasPrefix("503 Service Unavailable  HTTP/1.1"))
        #expect(F.screen(pane)[1, 1].style.foreground == .red)
    }

    @Test func waitingFailureAndEmptyStates() {
        var pane = ResponsePane()
        #expect(F.inside(pane)[0] == "no response yet: Ctrl+R sends")
        pane.beginExchange()
        #expect(F.inside(pane)[0] == "waiting for the response…")
        pane.showFailure("connection refused: 127.0.0.1:9 is not listening for anything at all")
        let inside = F.inside(pane)
        #expect(inside[0] == "connection refused: 127.0.0.1:9 is not listeni")
        #expect(inside[1] == "ng for anything at all")
        #expect(F.screen(pane)[1, 1].style == PaneFrame.error)
        #expect(pane.document == nil)
    }

    @Test func headersTabIsATableWithInertValues() {
        let headers = [ResponseSummary.Header("Content-Type", "application/json"),
                       ResponseSummary.Header("X-Evil", "a\u{1B}]0;pwned\u{07}b\u{9B}2J")]
        var pane = F.pane(Data("{}".utf8), contentType: "application/json", headers: headers)
        #expect(pane.handle(.character("t")) == .handled)
        #expect(pane.tab == .headers)
        let inside = F.inside(pane)
        #expect(inside[1] == " Body   Headers (2)")
        #expect(inside[2] == "Content-Type  application/json")
        #expect(inside[3] == "X-Evil        a␛]0;pwned␇b⟨U+009B⟩2J")
        _ = pane.handle(.character("t"))
        #expect(pane.tab == .body)
    }

    @Test func searchPromptTypesRunsAndReports() throws {
        let body = "[" + (0..<200).map { #"{"n":\#($0),"name":"user \#($0)"}"# }.joined(separator: ",") + "]"
        var pane = F.pane(body)
        #expect(pane.handle(.character("/")) == .handled)
        #expect(pane.isEditingText)
        F.type("USER 150", into: &pane)
        _ = pane.handle(.backspace)
        F.type("0", into: &pane)
        var screen = F.screen(pane)
        #expect(screen.lines[9] == "│/USER 150                                     │")
        #expect(screen.cursor == Screen.Cursor(row: 9, column: 10))
        #expect(pane.handle(.enter) == .handled)
        #expect(!pane.isEditingText)
        let match = 1 + 150 * 4 + 2
        #expect(pane.matchLine == match)
        screen = F.screen(pane)
        let row = try #require(screen.lines.firstIndex { $0.contains(#""name": "user 150""#) })
        let column = try #require(Array(screen.lines[row]).firstIndex(of: "u"))
        #expect(screen[row, column].style == ResponsePane.matchStyle)
        _ = pane.handle(.character("n"))
        #expect(pane.matchLine == match)  // the only line: wraps to itself
        _ = pane.handle(.character("/"))
        F.type("nowhere", into: &pane)
        _ = pane.handle(.enter)
        #expect(F.inside(pane)[8] == "not found: nowhere")
        #expect(pane.handle(.escape) == .handled)  // clears the message
        #expect(F.inside(pane)[8].hasPrefix("/ search"))
        #expect(pane.handle(.escape) == .ignored)
        _ = pane.handle(.character("/"))
        F.type("q", into: &pane)
        #expect(pane.handle(.escape) == .handled)
        #expect(!pane.isEditingText)
        #expect(pane.query == "nowhere")
    }

    @Test func nAndCapitalNStepThroughMatches() {
        let body = (0..<30).map { $0 % 10 == 3 ? "line \($0) match" : "line \($0)" }.joined(separator: "\n")
        var pane = F.pane(body, contentType: "text/plain")
        _ = pane.handle(.character("n"))
        #expect(F.inside(pane)[8] == "no search yet: / searches")
        _ = pane.handle(.character("/"))
        F.type("MATCH", into: &pane)
        _ = pane.handle(.enter)
        #expect(pane.matchLine == 3)
        _ = pane.handle(.character("n"))
        #expect(pane.matchLine == 13)
        #expect(F.inside(pane).contains("line 13 match"))
        _ = pane.handle(.character("n"))
        _ = pane.handle(.character("n"))
        #expect(pane.matchLine == 3)
        _ = pane.handle(.character("N"))
        #expect(pane.matchLine == 23)
        #expect(F.inside(pane).contains("line 23 match"))
    }

    @Test func tinyAreasNeverCrash() {
        var panes = [ResponsePane(), F.pane(#"{"a":[1,2,3],"b":"日本語"}"#), F.pane(Data([0, 1, 2, 0xFF]), contentType: nil)]
        var waiting = ResponsePane()
        waiting.beginExchange()
        var failed = ResponsePane()
        failed.showFailure("timed out")
        var searching = F.pane("x\ny\n", contentType: nil)
        _ = searching.handle(.character("/"))
        F.type("日本", into: &searching)
        var wrapped = F.pane(String(repeating: "日本語 ", count: 50), contentType: nil)
        _ = wrapped.handle(.character("w"))
        _ = wrapped.handle(.end)
        panes += [waiting, failed, searching, wrapped]
        for pane in panes {
            for width in 0...7 {
                for height in 0...7 {
                    let screen = F.screen(pane, area: Rect(row: 1, column: 1, width: width, height: height))
                    #expect(screen.lines.count == height + 1)
                }
            }
        }
    }
}
