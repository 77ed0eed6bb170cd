import ClientCore
import Foundation
import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

/// Shared set-up for the app core's tests: a state as the demo profile opens it, keys in,
/// screen lines out.
enum AppFixture {
    static let base = TimelineFixture.base
    static let ready = [
        RequestSpec(name: "users", method: "GET", url: "json/2"),
        RequestSpec(name: "flaky", method: "GET", url: "flaky/2"),
        RequestSpec(name: "echo", method: "POST", url: "echo", headers: [NamedValue("X-Note", "hello")],
                     body: .json("{\"greeting\": \"hello\"}")),
    ]
    static let titles = ["Request", "Headers", "Body", "Response", "Timeline"]

    /// The demo profile's first frame state; `ready` sends `.profileReady` as the runner does.
    static func state(width: Int = 80, height: Int = 24, url: String? = nil, profileReady: Bool = true) -> AppState {
        var state = AppState(width: width, height: height, profileName: "demo", url: url, readyRequests: ready)
        if profileReady { _ = state.update(.profileReady(name: "demo", baseURL: base + "/"), now: 0) }
        return state
    }

    @discardableResult
    static func press(_ keys: Key..., into state: inout AppState, now: Double = 1) -> [Effect] {
        keys.flatMap { state.update(.key($0), now: now) }
    }

    @discardableResult
    static func type(_ text: String, into state: inout AppState, now: Double = 1) -> [Effect] {
        text.flatMap { state.update(.key(.character($0)), now: now) }
    }

    static func lines(_ state: AppState, now: Double = 1) -> [String] { state.render(now: now).lines }

    /// The cells of `rect` as text, one string per row, trailing blanks trimmed.
    static func text(in rect: Rect, of screen: Screen) -> [String] {
        rect.clipped(to: Rect(row: 0, column: 0, width: screen.width, height: screen.height)).rows.map { row in
            var line = ""
            for column in rect.columns where column < screen.width && !screen[row, column].isContinuation {
                line.append(screen[row, column].character)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Inside a pane's frame, one string per row.
    static func inside(_ focus: Focus, of state: AppState, now: Double = 1) -> [String] {
        text(in: state.layout.rect(for: focus).inner, of: state.render(now: now))
    }

    /// Every line as one string, for `contains` checks that do not care where.
    static func joined(_ state: AppState, now: Double = 1) -> String { lines(state, now: now).joined(separator: "\n") }

    /// Sends the ready request `index` (0 is loaded at start) and returns the exchange id.
    static func send(readyIndex index: Int, in state: inout AppState, now: Double = 1) -> ExchangeID? {
        for _ in 0..<index { press(.control("n"), into: &state, now: now) }
        state.focus = .request
        let effects = press(.enter, into: &state, now: now)
        guard case .send(_, let id, _)? = effects.first else { return nil }
        return id
    }

    static func document(_ body: String, contentType: String = "application/json") -> BodyDocument {
        BodyDocument.open(data: Data(body.utf8), contentType: contentType).indexed()
    }

    static func summary(status: Int = 200, bytes: Int, contentType: String = "application/json") -> ResponseSummary {
        ResponseSummary(status: status, httpVersion: "HTTP/1.1", elapsedMs: 413, bytes: bytes, contentType: contentType,
                        headers: [ResponseSummary.Header("Content-Type", contentType)])
    }

    /// What the first frame must show: the five titles in frame tops, and the status bar's hints.
    static func expectFirstFrame(_ state: AppState, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = state.render(now: 0)
        let lines = screen.lines
        for focus in Focus.allCases {
            let rect = state.layout.rect(for: focus)
            let top = text(in: Rect(row: rect.row, column: rect.column, width: rect.width, height: 1), of: screen).first ?? ""
            #expect(top.hasPrefix("┌ \(focus.title)"), "\(focus.title) at \(rect): \(top)", sourceLocation: sourceLocation)
            #expect(top.hasSuffix("┐"), sourceLocation: sourceLocation)
        }
        #expect(lines.count == state.height, sourceLocation: sourceLocation)
        #expect(lines.last?.contains("F1 help") == true, "status bar: \(lines.last ?? "")", sourceLocation: sourceLocation)
        for line in lines { #expect(CellWidth.of(line) <= state.width, sourceLocation: sourceLocation) }
    }
}

@Suite struct AppStateFirstFrameTests {
    typealias F = AppFixture

    @Test func at80x24TheFiveTitlesAndTheStatusBar() {
        let state = F.state(profileReady: false)
        F.expectFirstFrame(state)
        let lines = F.lines(state, now: 0)
        #expect(lines[0] == "┌ Request " + String(repeating: "─", count: 69) + "┐")
        #expect(lines[1].hasPrefix("│GET     json/2"))
        #expect(lines[2].hasPrefix("│demo · starting the demo API…"))
        #expect(lines[2].contains("Ctrl+N: next ready request (users 1/3)"))
        #expect(lines[4].hasPrefix("┌ Headers ─"))
        #expect(lines[4].contains("┌ Response ─"))
        #expect(lines[5].contains("no response yet: Ctrl+R sends"))
        #expect(lines.contains { $0.contains("┌ Body") })
        #expect(lines.contains { $0.contains("┌ Timeline ─") })
        #expect(lines[23] == " demo           Enter send · Tab pane · F1 help · Ctrl+P commands · Ctrl+Q quit")
    }

    @Test func theURLLineHasTheCursorAtStart() {
        let screen = F.state().render(now: 0)
        #expect(screen.cursor == Screen.Cursor(row: 1, column: 1 + 8 + 6))
    }

    @Test func profileReadyShowsTheBaseURL() {
        let lines = F.lines(F.state())
        #expect(lines[2].hasPrefix("│demo · http://127.0.0.1:41059/"))
    }

    @Test func aURLOnTheCommandLineWinsOverTheReadyRequests() {
        let state = F.state(url: "https://example.com/a")
        #expect(F.lines(state)[1].hasPrefix("│GET     https://example.com/a"))
        #expect(state.request.readyIndex == nil)
    }

    @Test(arguments: [(200, 50), (50, 16), (150, 40), (149, 40), (51, 17), (80, 16), (50, 60), (300, 100)])
    func largerAndMinimumSizes(size: (Int, Int)) {
        F.expectFirstFrame(F.state(width: size.0, height: size.1))
    }

    @Test func at200x50TheTimelineIsAThirdColumn() {
        let state = F.state(width: 200, height: 50)
        let layout = state.layout
        #expect(layout.timeline.row == layout.response.row)
        #expect(layout.timeline.column > layout.response.column)
        #expect(F.lines(state)[4].contains("┌ Timeline ─"))
    }

    @Test(arguments: [(1, 1), (0, 0), (49, 30), (120, 3), (50, 15), (2, 40), (49, 15), (30, 5)])
    func belowTheMinimumAClearMessage(size: (Int, Int)) {
        var state = F.state(width: size.0, height: size.1)
        let screen = state.render(now: 0)
        #expect(screen.width == size.0 && screen.height == size.1)
        let text = screen.lines.joined(separator: "\n")
        if size.0 >= 40, size.1 >= 3 {
            #expect(text.contains("Window too small: \(size.0)×\(size.1)."))
            #expect(text.contains("explorer needs at least 50×16."))
        }
        for title in F.titles { #expect(!text.contains("┌ \(title)")) }
        #expect(screen.cursor == nil)
        // Keys and events keep working without panes.
        for key: Key in [.tab, .character("?"), .function(1), .control("p"), .enter, .mouse(Mouse(.press, row: 0, column: 0)),
                         .mouse(Mouse(.wheelDown, row: 0, column: 0))] {
            #expect(F.press(key, into: &state).isEmpty)
        }
        _ = state.update(.client(TimelineFixture.flakyFirstAttempt()[0]), now: 1)
        _ = state.render(now: 1)
        #expect(F.press(.control("q"), into: &state) == [.quit])
    }

    @Test func escCancelsInATooSmallWindow() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.resize(width: 30, height: 8), now: 1)
        #expect(F.press(.escape, into: &state) == [.cancel(id)])
        #expect(F.press(.control("g"), .control("r"), into: &state).isEmpty)
    }

    @Test func negativeSizesDoNotCrash() {
        var state = F.state()
        _ = state.update(.resize(width: -5, height: -1), now: 1)
        #expect(state.render(now: 1).lines.isEmpty)
        _ = state.update(.resize(width: 80, height: 24), now: 1)
        F.expectFirstFrame(state)
    }

    @Test func eachTooSmallLineIsCentredAndFits() {
        let state = F.state(width: 49, height: 30)
        let lines = F.lines(state)
        let message = lines.enumerated().filter { !$0.element.isEmpty }
        #expect(message.map(\.offset) == [13, 14, 15])
        #expect(message.map { $0.element.trimmingCharacters(in: .whitespaces) } == [
            "Window too small: 49×30.", "explorer needs at least 50×16.", "Enlarge it, or Ctrl+Q to quit.",
        ])
    }

    @Test func screenLinesNeverCarryControlCharacters() {
        let state = F.state()
        for line in F.lines(state) {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}
