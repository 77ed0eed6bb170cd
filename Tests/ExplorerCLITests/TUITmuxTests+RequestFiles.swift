import Foundation
import Testing
import TestSupport

/// A request file in the real binary (SPEC §8, issue 17): `explorer tui FILE`, F7 runs all live,
/// the Checks view, the variables overlay (F8), and F6 keeping the file's checks and templates.
extension TUITmuxTests {
    @Test func aRequestFileRunsAllWithItsChecksVariablesAndSession() async throws {
        let chain = RunCommandTests.examples.appendingPathComponent("chain.yaml").path
        let directory = try TestDirectory()
        defer { directory.remove() }
        let tmux = try await TmuxSession.start([chain], width: 120, height: 36, in: directory)
        do {
            try await tmux.waitFor("the five pane titles", Self.showsAllTitles)
            try await tmux.waitFor(text: "http://127.0.0.1:")
            try await tmux.waitFor(text: "auth/login")
            try await tmux.send("F7")
            try await tmux.waitFor(text: "run of chain.yaml: 4 passed, 0 failed", timeout: 30)
            // The Response pane's Checks tab: the last request's poll and assert.
            try await tmux.send("Tab", "Tab", "Tab", "t", "t")
            try await tmux.waitFor("the last request's poll and assert") { screen in
                screen.hasRow("✓ $.result.items greaterThan 0") && screen.hasRow("poll: done at try", "of 30") && screen.hasRow("Checks ✓1")
            }
            // The variables overlay: the token captured as a secret is masked, the job id shown.
            try await tmux.send("F8")
            try await tmux.waitFor("the variables with their sources") { screen in
                screen.hasRow("Variables of chain.yaml")
                    && screen.hasRow("token", "•••", "capture")
                    && screen.contains { $0.contains("capture") && $0.contains(/jobId\s+\S+/) }
                    && screen.hasRow("user", "ann", "file")
            }
            try await tmux.send("Escape")
            // F6 records what was sent as the file writes it: templates and checks.
            try await tmux.send("F6")
            try await tmux.waitFor(text: "Save the session")
            try await tmux.send("chain", literal: true)
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "session saved")
            let saved = try String(contentsOfFile: directory.path("home/sessions/chain.yaml"), encoding: .utf8)
            #expect(saved.contains("url: \"jobs/{{jobId}}\""), "\(saved)")
            #expect(saved.contains("\"token\": { json: \"$.token\", secret: true }"), "\(saved)")
            #expect(saved.contains("poll: {"), "\(saved)")
            #expect(saved.contains("- { json: \"$.name\", equals: \"{{user}}\" }"), "\(saved)")
            // The token captured as a secret is masked where a body carries it; the header that
            // sends it keeps its template.
            #expect(!saved.contains("tok-explorer"), "\(saved)")
            #expect(saved.contains("Authorization: Bearer {{token}}"), "\(saved)")
            try await tmux.send("C-q")
            #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
            // Saved from the TUI, it replays headless as a chain, with fresh tokens.
            let replayed = try await runExplorer(["replay", directory.path("home/sessions/chain.yaml")], in: directory)
            #expect(replayed.status == 0, "\(replayed.stdoutText)\(replayed.stderrText)")
            #expect(replayed.stdoutText.contains("replayed 4 exchanges"), "\(replayed.stdoutText)")
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    /// `explorer tui FILE`, every request run with F7 until `summary` shows, then `body`; Ctrl+Q then
    /// ends it with exit 0.
    func runAll(_ file: String, in directory: TestDirectory, summary: String,
                then body: (TmuxSession) async throws -> Void = { _ in }) async throws {
        let tmux = try await TmuxSession.start([file], width: 120, height: 36, in: directory)
        do {
            try await tmux.waitFor("the five pane titles", Self.showsAllTitles)
            try await tmux.waitFor(text: "http://127.0.0.1:")
            try await tmux.send("F7")
            try await tmux.waitFor(text: summary, timeout: 30)
            try await body(tmux)
            try await tmux.send("C-q")
            #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    /// Issue 25: re-sending the second request of a chain from history keeps its asserts and
    /// fills its `{{token}}` from what the run captured; the Checks view shows them again.
    @Test func aChainsRequestResentFromHistoryKeepsItsAsserts() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let chain = RunCommandTests.examples.appendingPathComponent("chain.yaml").path
        try await runAll(chain, in: directory, summary: "run of chain.yaml: 4 passed, 0 failed") { tmux in
            try await tmux.send("F3")
            // History is written as each exchange ends, off the loop: the list must hold the whole run.
            try await tmux.waitFor("the whole run in history") { screen in
                screen.hasRow("History of demo") && screen.hasRow("POST auth/login") && screen.hasRow("GET users/me")
                    && screen.hasRow("POST jobs") && screen.hasRow("GET jobs/{{jobId}}")
            }
            // Newest first: job done, start job, me. Its answer shows before the Checks tab is chosen,
            // as a response arriving resets the pane's view.
            try await tmux.send("Down", "Down", "r")
            try await tmux.waitFor("me's answer") { screen in
                screen.hasRow("\"email\": \"ann@example.com\"") && !screen.hasRow("History of demo")
            }
            try await tmux.send("Tab", "Tab", "Tab", "t", "t")
            try await tmux.waitFor("me's asserts, passed again") { screen in
                screen.hasRow("Checks ✓4") && screen.hasRow("✓ $.roles count 2") && !screen.hasRow("History of demo")
            }
        }
    }

    /// The TUI's run of a file sends what a server answered exactly as it came (SPEC §8): the
    /// second request's asserts check on the echo that `{{apiKey}}` and `${env:HOME}` came back.
    @Test func theTUISendsWhatAServerAnsweredAsItCame() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = try RunCommandTests.write(RunCommandTests.serverTemplates, to: "server-templates.yaml", in: directory)
        try await runAll(file, in: directory, summary: "run of server-templates.yaml: 2 passed, 0 failed")
    }

    @Test func ctrlOOpensARequestFileAndItRunsGreen() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try FileManager.default.copyItem(atPath: RunCommandTests.examples.appendingPathComponent("chain.yaml").path,
                                         toPath: directory.path("chain.yaml"))
        let tmux = try await TmuxSession.start([], width: 120, height: 36, in: directory)
        do {
            try await tmux.waitFor("the five pane titles", Self.showsAllTitles)
            try await tmux.waitFor(text: "http://127.0.0.1:")
            try await tmux.send("C-o")
            try await tmux.waitFor(text: "Path:")
            try await tmux.send("chain.yaml", literal: true)
            try await tmux.send("Enter")
            try await tmux.waitFor(text: "opened chain.yaml: 4 requests")
            try await tmux.send("C-f")
            try await tmux.waitFor("the file's requests in the picker") { screen in
                screen.hasRow("Requests of chain.yaml (4)") && screen.hasRow("job done", "GET jobs/{{jobId}}")
            }
            try await tmux.send("Escape", "F7")
            try await tmux.waitFor(text: "run of chain.yaml: 4 passed, 0 failed", timeout: 30)
            // Nothing was imported into a profile.
            #expect(!FileManager.default.fileExists(atPath: directory.path("home/profiles/chain.yaml")))
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    @Test func aRequestFileThatDoesNotParseExits2NamingItsPlace() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try "version: 1\nrequests:\n  - name: \"a\"\n    url: \"x\"\n    bogus: 1\n".write(toFile: directory.path("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try await ExplorerProcess.run(["tui", directory.path("bad.yaml")], in: directory,
                                                   environment: ["EXPLORER_HOME": directory.path("home")])
        #expect(result.status == 2)
        #expect(result.stderrText.range(of: #"bad\.yaml:5:\d+"#, options: .regularExpression) != nil, "\(result.stderrText)")
    }
}
