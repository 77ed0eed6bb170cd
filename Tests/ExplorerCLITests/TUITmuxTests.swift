import Foundation
import Testing
import TestSupport

/// The real binary in tmux, as a user drives it (SPEC §6, issue 4).
@Suite(.serialized) struct TUITmuxTests {
    static let titles = ["Request", "Headers", "Body", "Response", "Timeline"]

    static func showsAllTitles(_ screen: [String]) -> Bool {
        titles.allSatisfy { title in screen.contains { $0.contains("┌ \(title)") } }
    }

    /// Runs `body` with the explorer started in tmux and the demo profile ready. Its EXPLORER_HOME
    /// is `<directory>/home`; a test that gives `directory` keeps it (to read what was saved, or
    /// to put files there first), else a fresh one is removed at the end.
    func withExplorer(_ arguments: [String] = [], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                      in given: TestDirectory? = nil, _ body: (TmuxSession) async throws -> Void) async throws {
        let directory = try given ?? TestDirectory()
        let session = try await TmuxSession.start(arguments, width: width, height: height, environment: environment, in: directory)
        defer { if given == nil { directory.remove() } }
        do {
            try await session.waitFor("the five pane titles", Self.showsAllTitles)
            try await session.waitFor(text: "http://127.0.0.1:")
            try await body(session)
        } catch {
            await session.kill()
            throw error
        }
        await session.kill()
    }

    @Test func startsWithTheFivePanesAndQuitsCleanly() async throws {
        try await withExplorer { tmux in
            try await tmux.waitFor("24 rows with the profile and the help key") { screen in
                screen.count >= 24 && screen.hasRow("demo") && screen.hasRow("F1 help")
            }
            try await tmux.send("C-q")
            #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
        }
    }

    @Test func sigtermRestoresTheTerminalOnTheWayOut() async throws {
        try await withExplorer { tmux in
            kill(try await tmux.programPID(), SIGTERM)
            #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
            let screen = try await tmux.capture()
            #expect(!Self.showsAllTitles(screen), "the TUI's screen is left behind")
        }
    }

    @Test func aFlakyRequestShowsItsAttemptsRetriesAndOutcome() async throws {
        try await withExplorer(["flaky/2"]) { tmux in
            try await tmux.send("Enter")
            // The status line and the body may arrive in different frames.
            try await tmux.waitFor("the outcome, its attempts and the body") { screen in
                screen.hasRow("✓ 200 after 3 attempts") && screen.hasRow("\"failures\": 2") && screen.hasRow("attempt 3") && screen.hasRow("retry")
            }
        }
    }

    /// SPEC §10: a gzip body is shown decoded; the timeline gives its coding and both sizes.
    @Test func aGzipBodyIsShownDecodedWithBothSizesInTheTimeline() async throws {
        try await withExplorer(["gzip"]) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor("the decoded body and the sizes on the status's row") { screen in
                screen.hasRow("\"gzipped\": true") && screen.hasRow("→ 200 · ", "B (gzip ")
            }
        }
    }

    @Test func aRetryAfterWaitCountsDownAndEscCancelsIt() async throws {
        try await withExplorer(["retry-after/5"]) { tmux in
            try await tmux.send("Enter")
            let waiting = try await tmux.waitFor("the wait and its reason") { screen in
                screen.hasRow("left") && screen.hasRow("retry in 5.0 s", "Retry-After")
            }
            let first = waiting.first { $0.contains("left") }!
            // The countdown moves while nothing else happens.
            try await tmux.waitFor("the countdown to change") { screen in screen.contains { $0.contains("left") && $0 != first } }
            try await tmux.send("Escape")
            let cancelled = try await tmux.waitFor("the wait cancelled", timeout: 3) { screen in
                screen.hasRow("cancelled") && !screen.hasRow("left", "retry in")
            }
            #expect(!cancelled.hasRow("attempt 2"))
        }
    }

    @Test func aKeySkipsTheRetryWait() async throws {
        try await withExplorer(["retry-after/\(Int(TestTime.scaled(30)))"]) { tmux in  // scaled with the 5 s wait below
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "left")
            try await tmux.send("C-g")
            try await tmux.waitFor("the second attempt's success", timeout: 5) { screen in
                screen.hasRow("✓ 200 after 2 attempts") && screen.hasRow("attempt 2")
            }
        }
    }

    @Test func aTokenRefreshShowsTheAlternateRequestUnderItsAttempt() async throws {
        try await withExplorer(["auth/protected"], width: 120, height: 40) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor("the refresh under the attempt it served") { screen in
                screen.hasRow("✓ 200 after 2 attempts") && screen.hasRow("alt POST", "auth/refresh")
            }
        }
    }

    @Test func panesFollowResizesAndATinyWindowGetsAMessage() async throws {
        try await withExplorer(width: 120, height: 40) { tmux in
            try await tmux.resize(width: 80, height: 24)
            try await tmux.waitFor("80×24 panes") { screen in
                Self.showsAllTitles(screen) && screen.allSatisfy { $0.count <= 80 } && screen.count == 24
            }
            try await tmux.resize(width: 30, height: 8)
            try await tmux.waitFor(text: "Window too small: 30×8")
            try await tmux.resize(width: 100, height: 30)
            try await tmux.waitFor("panes again", Self.showsAllTitles)
            #expect(try await tmux.exitStatus() == nil)
        }
    }

    @Test func helpOverlayListsTheBindingsAndCloses() async throws {
        try await withExplorer { tmux in
            try await tmux.send("F1")
            try await tmux.waitFor("the help's bindings") { screen in
                screen.hasRow("Help") && screen.hasRow("Ctrl+R") && screen.hasRow("Shift+Tab")
            }
            try await tmux.send("Escape")
            try await tmux.waitFor("help to close") { screen in !screen.contains { $0.contains("Help —") } }
            // `?` types in the URL line, and opens help from a pane without text fields.
            try await tmux.send("Tab", "Tab", "Tab", "Tab")
            try await tmux.waitFor(text: "End follow")
            try await tmux.send("?", literal: true)
            try await tmux.waitFor(text: "Help —")
        }
    }

    @Test func escapeSequencesInABodyStayInert() async throws {
        try await withExplorer(["ansi"], width: 120, height: 40) { tmux in
            let titleBefore = try await tmux.paneTitle()
            try await tmux.send("Enter")
            // The panes stay: the screen was neither cleared nor switched.
            try await tmux.waitFor("the body with its escapes shown inert, in the panes") { screen in
                screen.hasRow("last line") && screen.hasRow("␛]0;pwned-by-server") && Self.showsAllTitles(screen)
            }
            #expect(try await tmux.paneTitle() == titleBefore)
            #expect(!(try await tmux.paneTitle()).contains("pwned"))
            let raw = try await tmux.captureWithAttributes()
            #expect(!raw.contains("pwned-by-server\u{07}"))
        }
    }

    /// The bytes the program wrote while it showed `/ansi`: the renderer's own cursor moves and
    /// colours, and none of the server's OSC, DCS or C1 controls.
    @Test func noServerControlReachesTheTerminal() async throws {
        try await withExplorer(["ansi"], width: 120, height: 40) { tmux in
            let file = tmux.directory.path("terminal.out")
            try await tmux.recordOutput(to: file)
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "last line")
            try await tmux.send("Tab", "Tab", "Tab", "w")   // the Response pane, wrapped: drawn again
            try await tmux.waitFor(text: "last line")
            var written = Data()
            for _ in 0..<Int(TestTime.scaled(50)) where written.count < 1_000 {
                try await Task.sleep(for: .milliseconds(100))
                written = FileManager.default.contents(atPath: file) ?? Data()
            }
            let bytes = [UInt8](written)
            #expect(bytes.count >= 1_000, "pipe-pane recorded \(bytes.count) bytes")
            #expect(String(decoding: bytes, as: UTF8.self).contains("pwned-by-server"), "the body was drawn")
            for (index, byte) in bytes.enumerated() where byte == 0x1B && index + 1 < bytes.count {
                // OSC (title, clipboard), DCS, SOS, PM, APC: never the renderer's, so never sent.
                #expect(![UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_")].contains(bytes[index + 1]),
                        "ESC \(UnicodeScalar(bytes[index + 1])) at byte \(index)")
            }
            // C1 controls as UTF-8 (C2 80…C2 9F), bell and bidi overrides. (Backspace is left out:
            // ncurses may move the cursor left with it.)
            for index in bytes.indices.dropLast() where bytes[index] == 0xC2 {
                #expect(!(0x80...0x9F).contains(bytes[index + 1]), "C1 U+00\(String(bytes[index + 1], radix: 16)) at byte \(index)")
            }
            #expect(!bytes.contains(0x07))
            #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        }
    }

    @Test func aTenMegabyteJSONBodyScrollsToItsEnd() async throws {
        try await withExplorer(["json/10240"], width: 100, height: 30) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "\"users\": [", timeout: 30)
            try await tmux.waitFor("indexing to finish", timeout: 60) { screen in !screen.contains { $0.contains("indexing") } }
            try await tmux.send("Tab", "Tab", "Tab")
            try await tmux.waitFor(text: "/ search")
            try await tmux.send("End")
            try await tmux.waitFor("the body's last lines and its size") { screen in
                screen.hasRow("\"padding\":") && screen.hasRow("200", "MB")
            }
        }
    }

    @Test func aHeaderTypedInTheTableIsSentAndACRLFOneIsRefused() async throws {
        try await withExplorer(["echo"], width: 120, height: 40) { tmux in
            try await tmux.send("Tab")
            try await tmux.send("a")
            try await tmux.send("X-Trace", literal: true)
            try await tmux.send("Enter")
            try await tmux.send("abc-123", literal: true)
            try await tmux.send("Enter", "C-r")
            try await tmux.waitFor("the header echoed") { screen in screen.hasRow("abc-123\"") && screen.hasRow("X-Trace") }
            // A line break pasted into a value is flagged and blocks sending.
            try await tmux.send("a")
            try await tmux.send("X-Bad", literal: true)
            try await tmux.send("Enter")
            try await tmux.send("\u{1B}[200~evil\r\nInjected: 1\u{1B}[201~", literal: true)
            try await tmux.send("Enter", "C-r")
            try await tmux.waitFor("the line break named") { screen in
                screen.hasRow("not sent") && (screen.hasRow("CR") || screen.hasRow("LF"))
            }
        }
    }

    @Test func ctrlEEditsTheBodyInTheEditorAndReadsItBack() async throws {
        // The "editor" replaces the file's contents, as a user saving in vi would.
        let editor = "sh -c 'printf \"{\\\"edited\\\": true}\" > \"$1\"' editor"
        // Tall enough for the echoed headers down to Content-Length (after Accept-Encoding).
        try await withExplorer(["echo"], width: 120, height: 50, environment: ["EDITOR": editor]) { tmux in
            try await tmux.send("Tab", "Tab", "C-e")
            try await tmux.waitFor(text: "\"edited\": true")
            try await tmux.send("C-r")
            // Sent as JSON: the echo shows the request's Content-Type and its length.
            try await tmux.waitFor("the echoed JSON type and length") { screen in
                screen.hasRow("\"application/json\"") && screen.hasRow("Content-Length")
            }
        }
    }

    /// SGR colour parameters (30–37, 40–47, 38;…, 48;…) in what tmux captured with attributes.
    static func hasColour(_ captured: String) -> Bool {
        captured.contains(/\x{1B}\[(?:[0-9]+;)*(?:3[0-8]|4[0-8])[;m]/)
    }

    @Test func colourIsUsedUnlessNO_COLORIsSet() async throws {
        try await withExplorer(["flaky/1"]) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "✓ 200")
            let coloured = try await tmux.captureWithAttributes()
            #expect(Self.hasColour(coloured), "\(coloured.debugDescription.prefix(600))")
        }
        try await withExplorer(["flaky/1"], environment: ["NO_COLOR": "1"]) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "✓ 200")
            let captured = try await tmux.captureWithAttributes()
            #expect(!Self.hasColour(captured))
            #expect(captured.contains("\u{1B}["), "attributes such as bold and reverse stay")
        }
    }
}
