import ClientCore
import Foundation
import Testing
import TUICore
@testable import ExplorerApp

@Suite struct StatusBarTests {
    typealias F = AppFixture

    func bar(_ state: AppState, now: Double = 1, width: Int? = nil) -> String {
        let width = width ?? state.width
        var screen = Screen(width: width, height: 1)
        StatusBar(state: state, now: now).render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: 1))
        return screen.lines[0]
    }

    @Test func hintsFollowTheFocus() {
        var state = F.state()
        var hints: [String] = []
        for _ in Focus.allCases {
            hints.append(String(bar(state).dropFirst(" demo ".count)).trimmingCharacters(in: .whitespaces))
            F.press(.tab, into: &state)
        }
        #expect(hints == [
            "Enter send · Tab pane · F1 help · Ctrl+P commands · Ctrl+Q quit",
            "a add · Enter edit · Space on/off · d delete · F1 help",
            "Ctrl+T kind · Ctrl+E $EDITOR · Ctrl+R send · F1 help",
            "/ search · f filter · w wrap · p pretty · t tab · c compare · ? help",
            "↑↓ scroll · End follow · Ctrl+R send · ? help",
        ])
    }

    @Test func theWholeBarIsReversed() {
        var screen = Screen(width: 80, height: 1)
        StatusBar(state: F.state(), now: 1).render(into: &screen, area: Rect(row: 0, column: 0, width: 80, height: 1))
        #expect((0..<80).allSatisfy { screen[0, $0].style.reverse })
    }

    @Test func anExchangeInFlightThenWaitingThenCancelling() {
        var state = F.state()
        let id = F.send(readyIndex: 1, in: &state)!
        #expect(bar(state, now: 1.25).hasPrefix(" #1 in flight · 0.2 s · Esc cancels"))
        for event in TimelineFixture.flakyFirstAttempt(id.value, path: "/flaky/2") {
            _ = state.update(.client(event), now: 1 + event.tMs / 1000)
        }
        #expect(bar(state, now: 1.1).hasPrefix(" #1 waiting to retry · 0.1 s · Ctrl+G skips, Esc cancels"))
        F.press(.escape, into: &state, now: 1.2)
        #expect(bar(state, now: 1.3).hasPrefix(" cancelling #1…"))
    }

    @Test func aMessageWinsAndTheHintsGoWhenThereIsNoRoom() {
        var state = F.state()
        F.press(.control("g"), into: &state)
        // The hints stay beside it when both fit (not at 80 columns).
        #expect(bar(state) == " no retry wait to skip")
        let wide = bar(state, width: 120)
        #expect(wide.hasPrefix(" no retry wait to skip "))
        #expect(wide.hasSuffix("Ctrl+Q quit"))
        state.message = AppState.Message(text: String(repeating: "x", count: 70), isError: true, until: 10)
        let long = bar(state)
        #expect(long.hasPrefix(" xxxx"))
        #expect(!long.contains("quit"))
    }

    @Test func theActiveProfileIsOnTheLeftWhenThereIsRoom() {
        var state = F.state()
        #expect(bar(state).hasPrefix(" demo "))
        _ = state.update(.profilesListed(["staging"]), now: 1)
        F.press(.function(2), .down, .enter, into: &state)
        state.message = nil
        #expect(bar(state).hasPrefix(" staging "))
        // Not when it would push the hints off.
        #expect(bar(state, width: 66) == "  Enter send · Tab pane · F1 help · Ctrl+P commands · Ctrl+Q quit")
    }

    @Test func narrowBarsClipTheHints() {
        let state = F.state()
        #expect(bar(state, width: 20) == " Enter send · Tab pa")
        #expect(bar(state, width: 0) == "")
    }
}
