import Foundation
import Testing
import TestSupport

extension TUITmuxTests {
    /// SPEC §12 on screen: the demo's WebSocket ready requests open as a live message log, the Body
    /// pane sends with Ctrl+S, Esc closes with 1000; the saved session replays with its messages.
    @Test func theDemoWebSocketsOpenTalkCloseAndReplay() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = directory.path("home")
        try await withExplorer(width: 120, height: 40, in: directory) { session in
            // The ninth ready request is the echo, the tenth the clock.
            for _ in 0..<8 { try await session.send("C-n") }
            try await session.waitFor("the echo's ws:// URL in the request line") { screen in
                screen.hasRow("GET", "ws://127.0.0.1:", "/ws/echo")
            }
            try await session.send("Enter")
            try await session.waitFor("the open WebSocket") { screen in
                screen.hasRow("101 · WebSocket · 0 messages") && screen.hasRow("no message yet")
            }
            try await session.send("Tab", "Tab")
            try await session.send("hello tmux", literal: true)
            try await session.send("C-s")
            try await session.waitFor("the message sent and its echo, newest followed") { screen in
                screen.hasRow("#1 +", "→ text 10 B hello tmux") && screen.hasRow("#2 +", "← text 10 B hello tmux") && screen.hasRow("2 messages")
            }
            try await session.send("Escape")
            try await session.waitFor("the close with 1000 in the log and the timeline") { screen in
                screen.hasRow("2 messages · ended") && screen.hasRow("closed by explorer with 1000")
            }

            try await session.send("BTab", "BTab", "C-n")
            try await session.waitFor("the clock's ws:// URL in the request line") { screen in
                screen.hasRow("GET", "ws://127.0.0.1:", "/ws/clock")
            }
            try await session.send("Enter")
            try await session.waitFor("two ticks, a second apart", timeout: TestTime.scaled(15)) { screen in
                screen.hasRow("#2 +", #"← text"#, #"{"tick":2,"time":"#) && screen.hasRow("2 messages")
            }
            // The filter per message: each tick as its number, and the ticks after it filtered as they come.
            try await session.send("Tab", "Tab", "Tab", "f")
            try await session.send("$.tick", literal: true)
            try await session.waitFor("the ticks as their numbers") { screen in
                screen.hasRow("#1 +", "← text", " B 1") && screen.hasRow("#2 +", "← text", " B 2") && screen.hasRow("filter $.tick", " rows · Enter keeps")
            }
            try await session.send("Enter")
            try await session.waitFor("a tick that came after, filtered") { screen in
                screen.hasRow("#3 +", "← text", " B 3") && screen.hasRow("filter $.tick", " rows · f edits")
            }
            try await session.send("Escape")
            try await session.waitFor(text: "messages · ended")

            try await session.send("F6")
            try await session.waitFor(text: "Save the session")
            try await session.send("ws", literal: true)
            try await session.send("Enter")
            try await session.waitFor(text: "session saved")
        }

        // The saved conversation replays: the echo as recorded, the clock's times (not ignored) differing.
        let saved = directory.path("home/sessions/ws.yaml")
        let replay = try await ExplorerProcess.run(["replay", saved, "--check"], in: directory, environment: ["EXPLORER_HOME": home])
        let lines = replay.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("GET ws/echo → 101 (1 attempt, ") && $0.hasSuffix(" ok") }, "\(replay.stdoutText)")
        #expect(lines.contains { $0.contains("GET ws/clock → 101 (1 attempt, ") && $0.hasSuffix(" DIFFERENT") }, "\(replay.stdoutText)")
        #expect(replay.stdoutText.contains("    message 1 in: $.time: expected "), "\(replay.stdoutText)")
        #expect(!replay.stdoutText.contains("messages in:"), "\(replay.stdoutText)")
    }
}
