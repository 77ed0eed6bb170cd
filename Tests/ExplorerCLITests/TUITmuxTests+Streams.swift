import Foundation
import Testing

extension TUITmuxTests {
    /// SPEC §10 on screen: an event stream shows one row per event as they come, long before it
    /// ends; the timeline keeps one row for the stream; Esc stops it and keeps the rows; Enter
    /// shows one whole.
    @Test func anEventStreamShowsRowByRowAndEscStopsIt() async throws {
        // Forty events 300 ms apart: twelve seconds if nobody stopped it.
        try await withExplorer(["events?count=40&interval_ms=300"], width: 120, height: 40) { tmux in
            try await tmux.send("Enter")
            let live = try await tmux.waitFor("the first events as rows while the stream runs") { screen in
                screen.hasRow(#"#2 tick id 2 {"n": 2}"#) && screen.hasRow("receiving… Esc stops") && screen.hasRow("≋ text/event-stream · ")
            }
            #expect(!live.hasRow(#"{"n": 40}"#), "the stream had ended before its first rows were seen")
            try await tmux.send("Escape")
            try await tmux.waitFor("the rows kept, marked stopped") { screen in
                screen.hasRow("· stopped") && screen.hasRow("≋ stream stopped · ") && screen.hasRow(#"#1 tick id 1 {"n": 1}"#)
            }
            try await tmux.send("Tab", "Tab", "Tab", "Enter")
            try await tmux.waitFor("the newest event whole") { screen in
                screen.contains { $0.contains("· type tick · id ") }
            }
        }
    }

    /// A body dripped over two seconds is on screen before its last byte.
    @Test func aSlowBodyShowsItsFirstLinesAndProgressBeforeItEnds() async throws {
        try await withExplorer(["logs.ndjson?count=20&interval_ms=150"], width: 120, height: 40) { tmux in
            try await tmux.send("Enter")
            let early = try await tmux.waitFor("records while the body arrives") { screen in
                screen.hasRow(#"#1 {"n": 1, "level": "info""#) && screen.hasRow("receiving… Esc stops")
            }
            #expect(!early.hasRow("\"step 20 of 20\""), "the body had ended before its first records were seen")
            try await tmux.waitFor(text: "20 records · ended", timeout: 20)
        }
    }
}
