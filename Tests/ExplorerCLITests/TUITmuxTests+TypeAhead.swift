import DemoAPI
import Foundation
import Testing
import TestSupport

/// Keys typed before the first frame are kept (issue 14): the real binary in tmux, with keys sent
/// in the same instant it is started. Nested in TUITmuxTests so the test script's tmux pass runs it.
extension TUITmuxTests {
    @Suite(.serialized) struct TypeAhead {
        static func scaled(_ seconds: Double) -> Double { TestTime.scaled(seconds) }

        /// Starts the explorer with `arguments` in `directory`, `then` tmux commands in the same tmux
        /// call (the keys land before the program runs), `typeAfter` keys in a tmux call of their
        /// own right after (they land while it starts). Runs `body`, then ends the tmux server.
        func run(_ arguments: [String], in directory: TestDirectory, then commands: [[String]] = [], typeAfter key: String? = nil,
                 _ body: (TmuxSession) async throws -> Void) async throws {
            try? FileManager.default.removeItem(atPath: directory.path("explorer.status"))
            let session = try await TmuxSession.start(arguments, in: directory, then: commands)
            do {
                if let key { try await session.send(key) }
                try await body(session)
            } catch {
                await session.kill()
                throw error
            }
            await session.kill()
        }

        /// Quits with Ctrl+Q (`y` when it asks, after an edit) and expects status 0: once it has
        /// exited, no request can reach the server.
        func quit(_ tmux: TmuxSession, confirming: Bool = false) async throws {
            try await tmux.send("C-q")
            if confirming {
                try await tmux.waitFor(text: "Quit and lose the unsaved request?", timeout: 10)
                try await tmux.send("y")
            }
            #expect(try await tmux.waitForExit(timeout: 10) == 0, "stderr: \(tmux.standardError())")
        }

        /// Polls `condition` every 20 ms until it holds or `seconds` pass.
        func eventually(within seconds: Double, _ condition: () async -> Bool) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if await condition() { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return await condition()
        }

        @Test func f5AsTheExplorerStartsSendsExactlyOneRequestTwentyTimesInARow() async throws {
            try await withDemo { server, directory, key in
                let home = try ProfileHome(directory)
                try home.write("baseURL: \(server.baseURL)\nheaders: { X-Demo-Key: \(key) }\n", profile: "counted")
                for run in 1...20 {
                    // Odd runs type before the program has started, even ones while it starts.
                    let before = run % 2 == 1
                    try await self.run(["--profile", "counted", "json/1"], in: directory,
                                       then: before ? [["send-keys", "-t", "explorer", "F5"]] : [], typeAfter: before ? nil : "F5") { tmux in
                        try await tmux.waitFor(text: "✓ 200", timeout: 15)
                        try await quit(tmux)
                    }
                    #expect(await server.requestCount(path: "/json", key: key) == run, "run \(run): F5 typed \(before ? "before" : "while") it started")
                }
            }
        }

        @Test func f5AsTheDemoStartsWaitsForTheDemoAPIAndSendsOnce() async throws {
            let directory = try TestDirectory()
            defer { directory.remove() }
            for run in 1...4 {
                let before = run % 2 == 1
                try await self.run([], in: directory, then: before ? [["send-keys", "-t", "explorer", "F5"]] : [], typeAfter: before ? nil : "F5") { tmux in
                    try await tmux.waitFor("run \(run)'s first exchange answered", timeout: 15) { screen in
                        screen.hasRow("✓ 200") && screen.hasRow("#1 GET")
                    }
                    try await quit(tmux)
                    #expect(!(try await tmux.capture()).contains { $0.contains("#2 GET") }, "run \(run)")
                }
                // The history holds each exchange with what the embedded demo API answered to each
                // attempt: one exchange a run, one response to one request.
                let history = try String(contentsOfFile: directory.path("home/history/demo.yaml"), encoding: .utf8)
                func count(_ text: String) -> Int { history.components(separatedBy: text).count - 1 }
                #expect(count("\n  - at: ") == run, "run \(run):\n\(history)")
                #expect(count("\"event\": \"response.received\"") == run, "run \(run):\n\(history)")
            }
        }

        /// A 2 KB path with no repeats, so a lost, doubled or reordered byte changes it.
        static let pastedPath = "pasted/" + (0..<410).map { String(format: "%04d", $0) }.joined(separator: ".")

        @Test func aPasteBeforeTheFirstFrameArrivesWhole() async throws {
            try await withDemo { server, directory, key in
                let home = try ProfileHome(directory)
                try home.write("baseURL: \(server.baseURL)\nheaders: { X-Demo-Key: \(key) }\n", profile: "counted")
                let path = Self.pastedPath
                #expect(path.utf8.count > 2048)
                let pastes: [(String, [[String]])] = [
                    // As a terminal with bracketed paste on sends it.
                    ("bracketed", [["send-keys", "-t", "explorer", "-l", "\u{1B}[200~" + path + "\u{1B}[201~"]]),
                    // As tmux pastes it (bracketed once the program has asked for it, plain before).
                    ("tmux paste-buffer", [["set-buffer", "-b", "typeahead", path], ["paste-buffer", "-p", "-d", "-b", "typeahead", "-t", "explorer"]]),
                ]
                for (index, (name, commands)) in pastes.enumerated() {
                    try await self.run(["--profile", "counted", ""], in: directory, then: commands + [["send-keys", "-t", "explorer", "F5"]]) { tmux in
                        let arrived = try await eventually(within: Self.scaled(15)) {
                            await server.requestCount(path: "/" + path, key: key) == index + 1
                        }
                        let screen = try await tmux.capture().joined(separator: "\n")
                        #expect(arrived, "\(name): the whole path did not reach the server; the screen was:\n\(screen)")
                        // The demo API has no such route: once its answer shows, the TUI reads keys.
                        try await tmux.waitFor(text: "404 Not Found", timeout: 10)
                        try await quit(tmux, confirming: true)
                    }
                    #expect(await server.requestCount(path: "/pasted", key: key) == index + 1, "\(name): a partial or second request")
                }
            }
        }
    }
}
