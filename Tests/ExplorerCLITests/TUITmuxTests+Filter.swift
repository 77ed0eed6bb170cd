import Foundation
import Testing

extension TUITmuxTests {
    /// SPEC §7 in the viewer: the Response pane's filter box on the demo API's users JSON shows the
    /// selected values and their count as the path is typed, and an invalid path's caret.
    @Test func theFilterBoxShowsTheMatchesAndTheirCountThenACaretUnderAnInvalidPath() async throws {
        // `/json/2` is 2 KB of users: five of them (400 bytes a user), ids 1 to 5.
        try await withExplorer(["json/2"], width: 120, height: 40) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "\"users\": [")
            try await tmux.send("Tab", "Tab", "Tab")
            try await tmux.waitFor(text: "f filter")
            try await tmux.send("f")
            try await tmux.send("$.users[*].id", literal: true)
            try await tmux.waitFor("the five ids alone and their count") { screen in
                screen.hasRow("filter: 5 matches") && screen.hasRow("filter $.users[*].id") && screen.hasRow("│  5")
                    && (1...4).allSatisfy { screen.hasRow("│  \($0),") } && !screen.hasRow("\"email\"")
            }

            // Every path on the way is invalid too, so the five matches stay under the message.
            try await tmux.send("[?@ >> 1]", literal: true)
            // The previous result stays under the message.
            let refused = try await tmux.waitFor("the caret under the whole path, the matches kept") { screen in
                screen.hasRow("filter $.users[*].id[?@ >> 1]") && screen.hasRow("^ ") && screen.hasRow("filter: 5 matches")
            }
            let line = try #require(refused.first { $0.contains("filter $.users[*].id[?@ >> 1]") })
            let note = try #require(refused.first { $0.contains("^ ") })
            let caret = note.distance(from: note.startIndex, to: note.firstIndex(of: "^")!)
            #expect(Array(line)[caret] == ">", "the caret is not under the path's error:\n\(line)\n\(note)")
            // Esc gives the whole body back.
            try await tmux.send("Escape")
            try await tmux.waitFor("the whole body again") { screen in
                screen.contains { $0.contains("\"email\"") } && !screen.contains { $0.contains("filter $.users") }
            }
        }
    }

    /// A 10 MB body is parsed off the UI thread and filtered whole; the count covers
    /// every user: 26214 of them, those whose id is not a multiple of 4 having tags.
    @Test func theFilterBoxCountsAcrossATenMegabyteBody() async throws {
        try await withExplorer(["json/10240"], width: 120, height: 40) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "✓ 200 after 1 attempt", timeout: 30)
            try await tmux.send("Tab", "Tab", "Tab", "f")
            try await tmux.send("$..tags[0]", literal: true)
            try await tmux.waitFor("the count over the whole body", timeout: 30) { screen in
                screen.hasRow("filter: 19661 matches") && screen.hasRow("filter $..tags[0]")
            }
            try await tmux.send("Escape")
            try await tmux.waitFor(text: "\"users\": [")
        }
    }
}
