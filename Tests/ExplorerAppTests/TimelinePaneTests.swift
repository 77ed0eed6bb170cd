import ClientCore
import ExplorerApp
import Testing
import TUICore

@Suite struct TimelinePaneTests {
    typealias F = TimelineFixture

    func lines(_ pane: TimelinePane, width: Int = 48, height: Int = 9, now: Double, focused: Bool = false) -> [String] {
        var screen = Screen(width: width, height: height)
        pane.render(into: &screen, area: Rect(row: 0, column: 0, width: width, height: height), focused: focused, now: now)
        return screen.lines
    }

    /// The pane as it is at 80×24 (48×9, 7 rows inside) with the flaky exchange's first attempt.
    func flakyPane() -> TimelinePane {
        var pane = TimelinePane()
        pane.viewportHeight = 7
        pane.begin(exchange: ExchangeID(1), method: "GET", url: F.base + "/flaky/1", at: 0)
        F.feed(F.flakyFirstAttempt(), into: &pane, start: 0)
        return pane
    }

    @Test func emptyShowsAHint() {
        #expect(lines(TimelinePane(), now: 0) == [
            "┌ Timeline ────────────────────────────────────┐",
            "│ Send a request (Enter, Ctrl+R or F5) to      │",
            "│ watch its attempts here                      │",
            "│                                              │",
            "│                                              │",
            "│                                              │",
            "│                                              │",
            "│                                              │",
            "└──────────────────────────────────────────────┘",
        ])
        var screen = Screen(width: 48, height: 9)
        TimelinePane().render(into: &screen, area: Rect(row: 0, column: 0, width: 48, height: 9), focused: false, now: 0)
        #expect(screen[1, 2].style.dim)
    }

    @Test func countdownOnScreen() {
        let pane = flakyPane()
        #expect(lines(pane, now: 0.11) == [
            "┌ Timeline ────────────────────────────────────┐",
            "│ #1 GET /flaky/1  127.0.0.1:41059             │",
            "│   attempt 1 GET …/flaky/1 → 503 · 9 ms  +0ms │",
            "│     altRequest → next: 503 needs no alternate│",
            "│     default → retry: 503 is a retriable statu│",
            "│     retry in 0.4 s · 0.3 s left (exponential)│",
            "│                                              │",
            "│                                              │",
            "└──────────────────────────────────────────────┘",
        ])
        // The same pane a moment later: only `now` moved.
        #expect(lines(pane, now: 0.31)[5] == "│     retry in 0.4 s · 0.1 s left (exponential)│")
        #expect(lines(pane, now: 0.45)[5] == "│     retry after 0.4 s (exponential)    +10ms │")
    }

    @Test func followsTheTailThenScrollsAndFollowsAgain() {
        var pane = flakyPane()
        F.feed(F.flakySecondAttempt(), into: &pane, start: 0)
        let tail = [
            "┌ Timeline ────────────────────────────────────┐",
            "│     altRequest → next: 503 needs no alternate│",
            "│     default → retry: 503 is a retriable statu│",
            "│     retry after 0.4 s (exponential)    +10ms │",
            "│   attempt 2 GET …/flaky/1 → 200 · 2 ms       │",
            "│     altRequest → next: 200 needs no alternate│",
            "│     default → next: 200 is a success  +413ms │",
            "│   ✓ 200 after 2 attempts · 413 ms     +413ms │",
            "└──────────────────────────────────────────────┘",
        ]
        #expect(pane.isFollowing)
        #expect(lines(pane, now: 1) == tail)

        #expect(pane.handle(.up) == .handled)
        #expect(!pane.isFollowing)
        let scrolled = [
            "┌ Timeline ────────────────────────────────────┐",
            "│   attempt 1 GET …/flaky/1 → 503 · 9 ms  +0ms │",
            "│     altRequest → next: 503 needs no alternate│",
            "│     default → retry: 503 is a retriable statu│",
            "│     retry after 0.4 s (exponential)    +10ms │",
            "│   attempt 2 GET …/flaky/1 → 200 · 2 ms       │",
            "│     altRequest → next: 200 needs no alternate│",
            "│     default → next: 200 is a success  +413ms │",
            "└───────────────────────────── ↓ 1 more · End ─┘",
        ]
        #expect(lines(pane, now: 1) == scrolled)

        // A new exchange arrives while the user reads: the view stays where it is.
        pane.begin(exchange: ExchangeID(2), method: "GET", url: F.base + "/flaky/2", at: 2)
        F.feed(F.flakyFirstAttempt(2, path: "/flaky/2"), into: &pane, start: 2)
        #expect(Array(lines(pane, now: 2.1).dropLast()) == Array(scrolled.dropLast()))
        #expect(lines(pane, now: 2.1).last == "└───────────────────────────── ↓ 6 more · End ─┘")

        #expect(pane.handle(.home) == .handled)
        #expect(lines(pane, now: 2.1)[1] == "│ #1 GET /flaky/1  127.0.0.1:41059             │")
        #expect(pane.handle(.pageDown) == .handled)
        #expect(lines(pane, now: 2.1)[1] == "│     altRequest → next: 200 needs no alternate│")

        #expect(pane.handle(.end) == .handled)
        #expect(pane.isFollowing)
        #expect(lines(pane, now: 2.11) == [
            "┌ Timeline ────────────────────────────────────┐",
            "│     default → next: 200 is a success  +413ms │",
            "│   ✓ 200 after 2 attempts · 413 ms     +413ms │",
            "│ #2 GET /flaky/2  127.0.0.1:41059             │",
            "│   attempt 1 GET …/flaky/2 → 503 · 9 ms  +0ms │",
            "│     altRequest → next: 503 needs no alternate│",
            "│     default → retry: 503 is a retriable statu│",
            "│     retry in 0.4 s · 0.3 s left (exponential)│",
            "└──────────────────────────────────────────────┘",
        ])
    }

    @Test func scrollingStopsAtBothEnds() {
        var pane = flakyPane()
        F.feed(F.flakySecondAttempt(), into: &pane, start: 0)
        pane.scroll(by: -100)
        #expect(pane.offsetFromBottom == 2)
        #expect(lines(pane, now: 1)[1] == "│ #1 GET /flaky/1  127.0.0.1:41059             │")
        pane.scroll(by: 1)
        #expect(pane.offsetFromBottom == 1)
        _ = pane.handle(.mouse(Mouse(.wheelDown, row: 3, column: 3)))
        #expect(pane.isFollowing)
        pane.scroll(by: 5)
        #expect(pane.offsetFromBottom == 0)
        _ = pane.handle(.mouse(Mouse(.wheelUp, row: 3, column: 3)))
        #expect(pane.offsetFromBottom == 2)
        _ = pane.handle(.pageUp)
        #expect(pane.offsetFromBottom == 2)
        pane.scroll(by: .min)
        #expect(pane.offsetFromBottom == 2)
        pane.scroll(by: .max)
        #expect(pane.isFollowing)
        // Down to the bottom follows again.
        _ = pane.handle(.up)
        _ = pane.handle(.down)
        #expect(pane.isFollowing)
    }

    @Test func keysItLeavesToTheApp() {
        var pane = flakyPane()
        #expect(!pane.isEditingText)
        for key: Key in [.tab, .backTab, .enter, .escape, .function(5), .control("r"), .character("x"), .character("?")] {
            #expect(pane.handle(key) == .ignored)
        }
        // During a wait `s` or Space asks the app to skip it; with none pending they are the app's.
        #expect(pane.pendingWait != nil)
        #expect(pane.handle(.character("s")) == .skipWait)
        #expect(pane.handle(.character(" ")) == .skipWait)
        pane.markWaitSkipped(at: 0.2)
        #expect(pane.handle(.character("s")) == .ignored)
        #expect(lines(pane, now: 0.2)[5] == "│     retry (wait skipped)               +10ms │")
    }

    @Test func cancellingOnScreen() {
        var pane = flakyPane()
        pane.markCancelRequested(at: 0.2)
        #expect(lines(pane, now: 0.2)[6] == "│   cancelling…                         +200ms │")
        F.feed([F.event(1, 215, .exchangeFailed(attempts: 1, error: .init(kind: "cancelled", message: "cancelled")))], into: &pane, start: 0)
        #expect(Array(lines(pane, now: 0.3)[5...7]) == [
            "│     retry in 0.4 s (exponential) · cancelled │",
            "│   ✗ cancelled · 215 ms                +215ms │",
            "│                                              │",
        ])
    }

    @Test func longRowsAreClippedAtTheBorder() {
        var pane = TimelinePane()
        let url = F.base + "/users?" + String(repeating: "filter=a&", count: 20)
        pane.begin(exchange: ExchangeID(1), method: "GET", url: url, at: 0)
        F.feed([F.event(1, 0, .attemptStarted(attempt: 1, method: "GET", url: url))], into: &pane, start: 0)
        let screen = lines(pane, width: 30, height: 5, now: 0)
        #expect(screen == [
            "┌ Timeline ──────────────────┐",
            "│ #1 GET /users?filter=a&filt│",
            "│   attempt 1 GET …/users?fil│",
            "│                            │",
            "└────────────────────────────┘",
        ])
    }

    @Test func tinyAreasDoNotCrash() {
        var pane = flakyPane()
        pane.markCancelRequested(at: 0.2)
        for width in 0...12 {
            for height in 0...5 {
                var screen = Screen(width: 10, height: 4)
                pane.render(into: &screen, area: Rect(row: 1, column: 2, width: width, height: height), focused: true, now: 0.1)
                pane.render(into: &screen, area: Rect(row: -2, column: -3, width: width, height: height), focused: false, now: 0.1)
                #expect(screen.lines.count == 4)
            }
        }
        var screen = Screen(width: 12, height: 3)
        pane.render(into: &screen, area: Rect(row: 0, column: 0, width: 12, height: 3), focused: false, now: 0.1)
        #expect(screen.lines == ["┌ Timeline ┐", "│   cancell│", "└──────────┘"])
    }
}
