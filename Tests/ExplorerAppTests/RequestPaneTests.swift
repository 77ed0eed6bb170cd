import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

@Suite struct RequestPaneTests {
    private let ready = [
        RequestSpec(name: "ok", method: "GET", url: "/users/1"),
        RequestSpec(name: "flaky", method: "GET", url: "/flaky?fail=2"),
        RequestSpec(name: "refresh", method: "POST", url: "/auth/refresh-demo", headers: [NamedValue("X-A", "1")]),
    ]

    private func draw(_ pane: RequestPane, width: Int = 80, height: Int = 4, focused: Bool = true) -> Screen {
        var screen = Screen(width: width, height: height)
        pane.render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: height), focused: focused)
        return screen
    }

    @Test func methodCyclesBothWays() {
        var pane = RequestPane()
        #expect(pane.handle(.down) == .handled)
        #expect(pane.method == "POST")
        for _ in 0..<5 { _ = pane.handle(.down) }
        #expect(pane.method == "OPTIONS")
        _ = pane.handle(.down)
        #expect(pane.method == "GET")
        _ = pane.handle(.up)
        #expect(pane.method == "OPTIONS")
        _ = pane.handle(.control("t"))
        #expect(pane.method == "GET")
        pane.method = "PROPFIND"
        _ = pane.handle(.down)
        #expect(pane.method == "GET")
    }

    @Test func typingEditsTheURLAndEnterSends() {
        var pane = RequestPane()
        for character in "/users/42" { #expect(pane.handle(.character(character)) == .handled) }
        _ = pane.handle(.backspace)
        #expect(pane.urlText == "/users/4")
        #expect(pane.handle(.enter) == .send)
        #expect(pane.handle(.character("?")) == .handled, "the URL line takes every printable key")
        #expect(pane.isEditingText)
        #expect(pane.handle(.tab) == .ignored)
        #expect(pane.handle(.escape) == .ignored)
        #expect(pane.handle(.function(5)) == .ignored)
    }

    @Test func pasteIsTrimmedButInnerLineBreaksAreFlagged() {
        var pane = RequestPane()
        _ = pane.handle(.paste("  https://api.test/a\n"))
        #expect(pane.urlText == "https://api.test/a")
        #expect(pane.problems.isEmpty)
        _ = pane.handle(.paste("\nb\r\nc"))
        #expect(pane.urlText == "https://api.test/ab\r\nc")
        #expect(pane.problems == ["URL: CR at 20"])
        let screen = draw(pane)
        #expect(screen.lines[1].contains("https://api.test/ab␍␊c"))
        #expect(screen.lines[2].contains("✗ URL: CR at 20"))
    }

    @Test func emptyURLIsAProblem() {
        #expect(RequestPane().problems == ["URL is empty"])
        #expect(RequestPane(url: "/a b").problems == ["URL: space at 3"])
    }

    @Test func ctrlNCyclesReadyRequests() {
        var pane = RequestPane(readyRequests: ready)
        #expect(pane.handle(.control("n")) == .loadReady(0))
        #expect(pane.method == "GET" && pane.urlText == "/users/1")
        #expect(pane.handle(.control("n")) == .loadReady(1))
        #expect(pane.urlText == "/flaky?fail=2")
        #expect(draw(pane).lines[2].hasSuffix("Ctrl+N: next ready request (flaky 2/3)│"))
        #expect(pane.handle(.control("n")) == .loadReady(2))
        #expect(pane.method == "POST")
        #expect(pane.handle(.control("n")) == .loadReady(0))
        var empty = RequestPane()
        #expect(empty.handle(.control("n")) == .ignored)
    }

    @Test func rendersMethodURLAndProfileAt80Columns() {
        var pane = RequestPane(method: "GET", url: "/users/1", profileName: "demo", baseURL: "http://127.0.0.1:8080",
                               readyRequests: ready)
        let screen = draw(pane)
        #expect(screen.lines[0].hasPrefix("┌ Request ─"))
        #expect(screen.lines[1] == "│GET     /users/1" + String(repeating: " ", count: 62) + "│")
        #expect(screen.lines[2].hasPrefix("│demo · http://127.0.0.1:8080"))
        #expect(screen.lines[2].hasSuffix("Ctrl+N: ready requests (3)│"))
        #expect(screen.cursor == Screen.Cursor(row: 1, column: 17))
        #expect(screen[1, 1].style.foreground == .green)
        pane.baseURL = nil
        pane.profileStatus = "starting demo API…"
        #expect(draw(pane).lines[2].hasPrefix("│demo · starting demo API…"))
        #expect(draw(pane, focused: false).cursor == nil)
    }

    @Test func longURLScrollsToKeepTheCursorVisible() {
        let long = "https://api.example.test/" + String(repeating: "segment/", count: 10) + "end"
        var pane = RequestPane(url: long, profileName: "demo", baseURL: "http://x")
        pane.layout(Rect(row: 0, column: 0, width: 32, height: 4))
        let screen = draw(pane, width: 32, height: 4)
        #expect(screen.lines[1].hasSuffix("/end │"))
        #expect(screen.cursor == Screen.Cursor(row: 1, column: 30))
        _ = pane.handle(.home)
        #expect(draw(pane, width: 32, height: 4).lines[1] == "│GET     https://api.example.te│")
    }

    @Test func smallAreasDoNotCrash() {
        let pane = RequestPane(url: "/x", profileName: "demo", readyRequests: ready)
        for (width, height) in [(0, 0), (1, 1), (5, 3), (12, 3), (32, 10), (3, 40)] {
            let screen = draw(pane, width: width, height: height)
            #expect(screen.lines.count == height)
        }
        let small = draw(pane, width: 32, height: 10)
        #expect(small.lines[0].hasPrefix("┌ Request"))
        #expect(small.lines[1] == "│GET     /x                    │")
    }
}
