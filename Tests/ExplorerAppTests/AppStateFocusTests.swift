import ClientCore
import Testing
import TUICore
@testable import ExplorerApp

/// Tab order, the focused frame, mouse clicks and the wheel, and resizing.
@Suite struct AppStateFocusTests {
    typealias F = AppFixture

    /// The focused pane's frame is the one drawn in the focused style.
    func focusedTitles(_ state: AppState) -> [String] {
        let screen = state.render(now: 1)
        return Focus.allCases.filter { focus in
            let rect = state.layout.rect(for: focus)
            return screen[rect.row, rect.column].style == PaneFrame.focusedBorder
        }.map(\.title)
    }

    @Test func tabAndShiftTabCycleInOrder() {
        var state = F.state()
        #expect(state.focus == .request)
        #expect(focusedTitles(state) == ["Request"])
        var seen: [Focus] = []
        for _ in 0..<5 {
            F.press(.tab, into: &state)
            seen.append(state.focus)
            #expect(focusedTitles(state) == [state.focus.title])
        }
        #expect(seen == [.headers, .body, .response, .timeline, .request])
        seen = []
        for _ in 0..<5 {
            F.press(.backTab, into: &state)
            seen.append(state.focus)
        }
        #expect(seen == [.timeline, .response, .body, .headers, .request])
    }

    @Test func tabLeavesAFieldBeingEditedAndTheTextStays() {
        var state = F.state()
        F.press(.tab, .character("a"), into: &state)
        F.type("X-A", into: &state)
        #expect(state.headers.isEditingText)
        F.press(.tab, into: &state)
        #expect(state.focus == .body)
        #expect(state.headers.rows.map(\.name) == ["X-A"])
    }

    @Test func onlyTheFocusedPaneSetsTheCursor() {
        var state = F.state()
        #expect(state.render(now: 1).cursor?.row == 1)
        F.press(.tab, into: &state)
        #expect(state.render(now: 1).cursor == nil)
        F.press(.tab, into: &state)
        F.type("{", into: &state)
        let cursor = state.render(now: 1).cursor
        #expect(cursor.map { state.layout.body.inner.rows.contains($0.row) } == true)
    }

    @Test func aMousePressFocusesThePaneUnderIt() {
        var state = F.state()
        for focus in [Focus.timeline, .headers, .response, .body, .request] {
            let rect = state.layout.rect(for: focus)
            F.press(.mouse(Mouse(.press, row: rect.row + rect.height / 2, column: rect.column + rect.width / 2)), into: &state)
            #expect(state.focus == focus)
            #expect(focusedTitles(state) == [focus.title])
        }
        // The status bar is no pane: the focus stays.
        F.press(.mouse(Mouse(.press, row: 23, column: 40)), into: &state)
        #expect(state.focus == .request)
        F.press(.mouse(Mouse(.press, row: 500, column: -3)), into: &state)
        #expect(state.focus == .request)
    }

    @Test func theWheelScrollsTheResponsePaneUnderItWithoutFocusingIt() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        let body = "[" + (1...60).map { "\($0)" }.joined(separator: ",") + "]"
        _ = state.update(.responseReceived(id, F.summary(bytes: body.utf8.count), F.document(body)), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        let rect = state.layout.response
        #expect(F.inside(.response, of: state)[2] == "[")
        F.press(.mouse(Mouse(.wheelDown, row: rect.row + 3, column: rect.column + 5)), into: &state)
        #expect(state.response.topLine == 3)
        #expect(state.focus == .request)
        #expect(F.inside(.response, of: state)[2] == "  3,")
        F.press(.mouse(Mouse(.wheelUp, row: rect.row + 3, column: rect.column + 5)), into: &state)
        #expect(state.response.topLine == 0)
    }

    @Test func theWheelOverTheTimelineScrollsIt() {
        var state = F.state()
        let id = F.send(readyIndex: 1, in: &state)!
        for event in TimelineFixture.flakyFirstAttempt(id.value, path: "/flaky/2") + TimelineFixture.flakySecondAttempt(id.value, path: "/flaky/2") {
            _ = state.update(.client(event), now: 1 + event.tMs / 1000)
        }
        #expect(state.timeline.isFollowing)
        let rect = state.layout.timeline
        F.press(.mouse(Mouse(.wheelUp, row: rect.row + 1, column: rect.column + 1)), into: &state)
        #expect(!state.timeline.isFollowing)
        #expect(F.inside(.timeline, of: state, now: 2).first?.hasPrefix(" #1 GET /flaky/2") == true)
    }

    @Test func resizeReLaysOutAndThePanesFollow() {
        var state = F.state()
        #expect(state.response.viewportWidth == 46 && state.response.viewportHeight == 9)
        #expect(state.timeline.viewportHeight == 6)
        for (width, height) in [(200, 50), (50, 16), (120, 40), (80, 24)] {
            _ = state.update(.resize(width: width, height: height), now: 1)
            let layout = Layout(width: width, height: height)
            #expect(state.layout == layout)
            #expect(state.response.viewportWidth == layout.response.width - 2)
            #expect(state.response.viewportHeight == layout.response.height - 2)
            #expect(state.timeline.viewportHeight == layout.timeline.height - 2)
            #expect(state.request.url.width == layout.request.inner.width - 8)
            F.expectFirstFrame(state)
        }
    }

    @Test func resizingThroughTooSmallAndBackKeepsTheState() {
        var state = F.state()
        F.press(.control("n"), into: &state)
        F.press(.tab, .tab, .tab, into: &state)
        _ = state.update(.resize(width: 20, height: 5), now: 1)
        #expect(F.joined(state).contains("Window too small"))
        _ = state.update(.resize(width: 80, height: 24), now: 1)
        #expect(state.focus == .response)
        #expect(F.lines(state)[1].hasPrefix("│GET     flaky/2"))
    }
}
