import Foundation
import Testing

/// Profiles, sessions and history in the real binary, driven in tmux (issue 5). Each test keeps
/// its EXPLORER_HOME (`<dir>/home`) across the runs it starts, as a user's disk would. Nested in
/// TUITmuxTests so the test script's tmux pass (`--filter TUITmuxTests`) runs it, after the rest.
extension TUITmuxTests {
    @Suite(.serialized) struct ProfilesAndSessions {
        /// Starts the explorer in `directory`, waits for its panes and a ready profile, runs `body`,
        /// then quits it (the tmux server always goes).
        func run(_ arguments: [String], in directory: TestDirectory, width: Int = 100, height: Int = 30,
                 ready: String = "http://127.0.0.1:", panes: Bool = true, _ body: (TmuxSession) async throws -> Void) async throws {
            try? FileManager.default.removeItem(atPath: directory.path("explorer.status"))
            let session = try await TmuxSession.start(arguments, width: width, height: height, in: directory)
            do {
                // An overlay opened at start (a session's browser) covers some titles.
                if panes { try await session.waitFor("the five pane titles", TUITmuxTests.showsAllTitles) }
                try await session.waitFor(text: ready)
                try await body(session)
            } catch {
                await session.kill()
                throw error
            }
            await session.kill()
        }

        func withDirectory(_ body: (TestDirectory) async throws -> Void) async throws {
            let directory = try TestDirectory()
            defer { directory.remove() }
            try await body(directory)
        }

        @Test func aMissingOrBrokenProfileExits2NamingTheFileBeforeTheTerminalIsTaken() async throws {
            try await withDirectory { directory in
                let home = directory.path("home")
                try FileManager.default.createDirectory(atPath: home + "/profiles", withIntermediateDirectories: true)
                try "baseURL: http://127.0.0.1:1/\ntimeout: soon\n".write(toFile: home + "/profiles/broken.yaml", atomically: true, encoding: .utf8)
                let missing = try await ExplorerProcess.run(["tui", "--profile", "nope"], in: directory, environment: ["EXPLORER_HOME": home])
                #expect(missing.status == 2)
                #expect(missing.stderrText.contains("nope.yaml"), "\(missing.stderrText)")
                let broken = try await ExplorerProcess.run(["tui", "--profile", "broken"], in: directory, environment: ["EXPLORER_HOME": home])
                #expect(broken.status == 2)
                #expect(broken.stderrText.contains("broken.yaml:2"), "\(broken.stderrText)")
                #expect(broken.stderrText.contains("timeout"), "\(broken.stderrText)")
                try "not: [a session".write(toFile: directory.path("bad.yaml"), atomically: true, encoding: .utf8)
                let badSession = try await ExplorerProcess.run(["tui", "--session", directory.path("bad.yaml")], in: directory,
                                                               environment: ["EXPLORER_HOME": home])
                #expect(badSession.status == 2)
                #expect(badSession.stderrText.contains("bad.yaml"), "\(badSession.stderrText)")
            }
        }

        @Test func aSavedSessionReopensWithItsExchangesAndHistorySurvivesARestart() async throws {
            try await withDirectory { directory in
                let saved = directory.path("home/sessions/tour.yaml")
                try await run([], in: directory) { tmux in
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "✓ 200")
                    try await tmux.send("F6")
                    try await tmux.waitFor(text: "Save the session")
                    try await tmux.send("tour", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "session saved")
                    #expect(FileManager.default.fileExists(atPath: saved))
                    try await tmux.send("C-q")
                    #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
                }
                let text = try String(contentsOfFile: saved, encoding: .utf8)
                #expect(text.contains("json/2"))
                #expect(FileManager.default.fileExists(atPath: directory.path("home/history/demo.yaml")))
                try await run(["--session", saved], in: directory, ready: "Session tour.yaml", panes: false) { tmux in
                    try await tmux.waitFor("the session's exchange in its browser") { screen in
                        screen.hasRow("Session tour.yaml") && screen.hasRow("GET json/2", "200 · 1 attempt")
                    }
                    // Enter loads it with its recorded response; R re-sends, live in the timeline.
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "recorded response shown")
                    try await tmux.send("F4")
                    try await tmux.waitFor(text: "Session tour.yaml")
                    try await tmux.send("R")
                    try await tmux.waitFor(text: "✓ 200")
                    // c in the Response pane compares the new response with the recording.
                    try await tmux.send("Tab", "Tab", "Tab", "c")
                    try await tmux.waitFor("no differences from the recording") { screen in
                        screen.hasRow("Compared with the recording") && screen.hasRow("no differences")
                    }
                    try await tmux.send("Escape")
                    // The history of the first run is still there, newest first, beside this one.
                    try await tmux.send("F3")
                    try await tmux.waitFor("two history rows") { screen in
                        screen.hasRow("History of demo") && screen.filter { $0.contains("GET json/2") && $0.contains("200") }.count >= 2
                    }
                }
            }
        }

        @Test func aProfileOnDiskIsUsedAndSwitchedAtRuntime() async throws {
            try await withDemo { server, directory, _ in
                let profiles = directory.path("home/profiles")
                try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
                try "baseURL: \"\(server.baseURL)\"\nheaders: { X-From: local-profile }\n"
                    .write(toFile: profiles + "/local.yaml", atomically: true, encoding: .utf8)
                let port = server.baseURL.split(separator: ":").last.map { String($0.prefix { $0.isNumber }) } ?? ""
                try await run(["--profile", "local", "echo"], in: directory, ready: "local · \(server.baseURL)") { tmux in
                    try await tmux.send("Enter")
                    // The profile's header reached its server.
                    try await tmux.waitFor("the profile's header at its server") { screen in
                        screen.hasRow("\"X-From\"") && screen.hasRow("127.0.0.1:\(port)")
                    }
                    // F2 lists demo and local; switching to demo starts the embedded API elsewhere.
                    try await tmux.send("F2")
                    try await tmux.waitFor("local, active, in the list") { screen in screen.hasRow("● local") && screen.hasRow("┌ Profiles") }
                    try await tmux.send("Home", "Enter")
                    try await tmux.waitFor("the demo profile ready, local gone") { screen in
                        screen.contains { $0.contains("│demo · http://127.0.0.1:") && !$0.contains(":\(port)/") } && !screen.hasRow("│local ·")
                    }
                    // A session holds one profile's exchanges: nothing was sent with demo yet.
                    try await tmux.send("F6")
                    try await tmux.waitFor(text: "Save the session")
                    try await tmux.send("mixed", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "nothing sent with profile demo yet")
                    try await tmux.send("Enter")
                    try await tmux.waitFor("demo's echo") { screen in
                        !screen.contains { $0.contains("\"X-From\"") } && screen.contains { $0.contains("\"headers\"") }
                    }
                    try await tmux.send("F6")
                    try await tmux.waitFor(text: "Save the session")
                    try await tmux.send("mixed", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "session saved")
                    let saved = try String(contentsOfFile: directory.path("home/sessions/mixed.yaml"), encoding: .utf8)
                    #expect(saved.components(separatedBy: "method: \"GET\"").count == 2, "\(saved)")
                    #expect(saved.contains("name: \"demo\"") && !saved.contains("local-profile") && !saved.contains(":\(port)"), "\(saved)")
                    // And back.
                    try await tmux.send("F2")
                    try await tmux.waitFor(text: "┌ Profiles")
                    try await tmux.send("End", "Enter")
                    try await tmux.waitFor(text: "local · \(server.baseURL)")
                }
            }
        }

        @Test func aSavedRequestSurvivesARestartAndOpensAgain() async throws {
            try await withDirectory { directory in
                try await run(["echo?from=saved"], in: directory) { tmux in
                    try await tmux.send("C-s")
                    try await tmux.waitFor(text: "Save the request (demo)")
                    try await tmux.send("my echo", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "saved as my echo")
                    try await tmux.send("C-q")
                    #expect(try await tmux.waitForExit() == 0, "stderr: \(tmux.standardError())")
                }
                let file = try String(contentsOfFile: directory.path("home/profiles/demo.requests.yaml"), encoding: .utf8)
                #expect(file.contains("my echo") && file.contains("echo?from=saved"))
                try await run(["flaky/1"], in: directory) { tmux in
                    try await tmux.send("C-f")
                    try await tmux.waitFor("the saved request in the list") { screen in
                        screen.hasRow("Saved requests of demo") && screen.hasRow("my echo  GET echo?from=saved")
                    }
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "GET     echo?from=saved")
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "\"from\"")
                }
            }
        }

        @Test func ctrlOImportsACollectionWithTabCompletionAndEnterSwitchesToIt() async throws {
            try await withDirectory { directory in
                let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Fixtures/postman/newman-sample-collection.json")
                try FileManager.default.copyItem(atPath: fixture.path, toPath: directory.path("newman-sample-collection.json"))
                try await run([], in: directory) { tmux in
                    try await tmux.send("C-o")
                    try await tmux.waitFor(text: "Path:")
                    try await tmux.send("newm", literal: true)
                    try await tmux.send("Tab")
                    try await tmux.waitFor(text: "Path: newman-sample-collection.json")
                    try await tmux.send("Enter")
                    try await tmux.waitFor("the import's report") { screen in
                        screen.hasRow("Imported into sample-postman-collection") && screen.hasRow("postman, 3 requests")
                    }
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "│sample-postman-collection ")
                    try await tmux.send("C-f")
                    try await tmux.waitFor(text: "Saved requests of sample-postman-collection (3)")
                    try await tmux.send("jsonbody", literal: true)
                    try await tmux.waitFor("the one request the filter keeps") { screen in
                        screen.hasRow("(1 of 3)") && screen.hasRow("A simple POST request with JSON body")
                    }
                }
                #expect(FileManager.default.fileExists(atPath: directory.path("home/profiles/sample-postman-collection.requests.yaml")))
            }
        }

        @Test func savesInQuickSuccessionAreAllKept() async throws {
            try await withDirectory { directory in
                try await run(["echo"], in: directory) { tmux in
                    // Five saves typed ahead at once: each reads, changes and writes the same file.
                    try await tmux.send("C-s", "C-u", "quick1", "Enter", "C-s", "C-u", "quick2", "Enter", "C-s", "C-u", "quick3", "Enter",
                                        "C-s", "C-u", "quick4", "Enter", "C-s", "C-u", "quick5", "Enter")
                    try await tmux.waitFor(text: "saved as quick5")
                    try await tmux.send("C-f")
                    // The rows, not only the title: a slow machine (the sanitizer pass) can be caught mid-draw.
                    try await tmux.waitFor("the five saved requests in the list") { screen in
                        screen.hasRow("Saved requests of demo (5)") && (1...5).allSatisfy { screen.hasRow("quick\($0)", "│") }
                    }
                }
                let file = try String(contentsOfFile: directory.path("home/profiles/demo.requests.yaml"), encoding: .utf8)
                for index in 1...5 { #expect(file.contains("quick\(index)"), "\(file)") }
            }
        }

        @Test func aResentTokenRefreshComparesEqualToItsRecording() async throws {
            try await withDirectory { directory in
                // Even with no check ignoring it, the new token is masked on both sides.
                let path = try ReplayFixtures.edited("token-refresh", in: directory, [(#"ignore: ["$.token"]"#, "ignore: []")])
                try await run(["--session", path], in: directory, width: 120, height: 40,
                              ready: "Session token-refresh-edited.yaml", panes: false) { tmux in
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "recorded response shown")
                    try await tmux.send("C-r")
                    try await tmux.waitFor(text: "✓ 200 after 2 attempts")
                    try await tmux.send("Tab", "Tab", "Tab", "c")
                    try await tmux.waitFor("no differences from the recording") { screen in
                        screen.hasRow("Compared with the recording") && screen.hasRow("no differences")
                    }
                }
            }
        }

        @Test func anEditorThatFailsLeavesTheProfileAndSaysWhereTheEditIs() async throws {
            try await withDemo { server, directory, _ in
                let profiles = directory.path("home/profiles")
                try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
                let original = "baseURL: \"\(server.baseURL)\"\n"
                try original.write(toFile: profiles + "/mine.yaml", atomically: true, encoding: .utf8)
                let editor = #"sh -c 'printf "timeout: 5\n" >> "$1"; exit 3' editor"#
                try? FileManager.default.removeItem(atPath: directory.path("explorer.status"))
                let tmux = try await TmuxSession.start(["--profile", "mine"], width: 220, height: 30, environment: ["EDITOR": editor], in: directory)
                do {
                    try await tmux.waitFor(text: "mine · \(server.baseURL)")
                    try await tmux.send("F2")
                    try await tmux.waitFor(text: "● mine")
                    try await tmux.send("e")
                    try await tmux.waitFor("the editor's status and where the edit is") { screen in
                        screen.hasRow("exited with status 3") && screen.hasRow("the profile is unchanged; your edit stays in", "/home/profiles/mine.edit")
                    }
                    #expect(try String(contentsOfFile: profiles + "/mine.yaml", encoding: .utf8) == original)
                    #expect(try String(contentsOfFile: profiles + "/mine.editing.yaml", encoding: .utf8) == original + "timeout: 5\n")
                } catch {
                    await tmux.kill()
                    throw error
                }
                await tmux.kill()
            }
        }

        /// Every file under `directory`, read as text.
        static func everyFile(under directory: String) -> [(String, String)] {
            let enumerator = FileManager.default.enumerator(atPath: directory)
            var files: [(String, String)] = []
            while let path = enumerator?.nextObject() as? String {
                let full = directory + "/" + path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                files.append((path, String(decoding: FileManager.default.contents(atPath: full) ?? Data(), as: UTF8.self)))
            }
            return files
        }

        @Test func aSecretHeaderNeverReachesTheFilesUnlessKept() async throws {
            try await withDirectory { directory in
                try await run(["echo"], in: directory, width: 120, height: 40) { tmux in
                    try await tmux.send("Tab", "a")
                    try await tmux.send("Authorization", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.send("Bearer s3cr3t-t0ken", literal: true)
                    try await tmux.send("Enter", "C-r")
                    try await tmux.waitFor(text: "✓ 200")
                    try await tmux.send("F6")
                    try await tmux.waitFor(text: "Save the session (secrets redacted)")
                    try await tmux.send("redacted", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "session saved")
                    try await tmux.send("C-q", "y")
                    _ = try await tmux.waitForExit()
                }
                let files = Self.everyFile(under: directory.path("home"))
                #expect(files.map(\.0).sorted() == ["history/demo.yaml", "sessions/redacted.yaml"])
                for (path, text) in files {
                    #expect(!text.contains("s3cr3t"), "\(path) holds the secret")
                    #expect(text.contains("•••"), "\(path) does not show it redacted")
                }
            }
        }

        @Test func aRefreshedTokenNeverReachesTheFiles() async throws {
            try await withDirectory { directory in
                try await run(["auth/protected"], in: directory, width: 120, height: 40) { tmux in
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "✓ 200")
                    try await tmux.send("F6")
                    try await tmux.waitFor(text: "Save the session (secrets redacted)")
                    try await tmux.send("refreshed", literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "session saved")
                    try await tmux.send("C-q", "y")
                    _ = try await tmux.waitForExit()
                }
                let files = Self.everyFile(under: directory.path("home"))
                #expect(files.map(\.0).sorted() == ["history/demo.yaml", "sessions/refreshed.yaml"])
                for (path, text) in files {
                    // The demo's tokens are tok-KEY-SERIAL.
                    #expect(!text.contains("tok-"), "\(path) holds the refreshed token:\n\(text)")
                    #expect(text.contains("•••"), "\(path) does not show it redacted")
                }
            }
        }

        @Test func aNewProfileFromTheFormAndAnEditThatDoesNotParse() async throws {
            try await withDemo { server, directory, _ in
                // The "editor" appends a key the reader refuses, as a user's typo would; run again
                // on that edit, it fixes the typo.
                let editor = #"sh -c 'if grep -q soon "$1"; then sed -i s/soon/5/ "$1"; else printf "timeout: soon\n" >> "$1"; fi' editor"#
                let file = directory.path("home/profiles/mine.yaml")
                let copy = directory.path("home/profiles/mine.editing.yaml")
                try? FileManager.default.removeItem(atPath: directory.path("explorer.status"))
                let tmux = try await TmuxSession.start([], width: 100, height: 30, environment: ["EDITOR": editor], in: directory)
                do {
                    try await tmux.waitFor(text: "demo · http://127.0.0.1:")
                    try await tmux.send("F2")
                    try await tmux.waitFor(text: "┌ Profiles")
                    try await tmux.send("n")
                    try await tmux.waitFor(text: "New profile")
                    try await tmux.send("mine", literal: true)
                    try await tmux.send("Tab", "C-u")
                    try await tmux.send(server.baseURL, literal: true)
                    try await tmux.send("Enter")
                    try await tmux.waitFor(text: "mine · \(server.baseURL)")
                    #expect(FileManager.default.fileExists(atPath: file))
                    let original = try String(contentsOfFile: file, encoding: .utf8)
                    try await tmux.send("F2")
                    try await tmux.waitFor(text: "● mine")
                    try await tmux.send("e")
                    // The long path wraps inside the box where the line is full.
                    try await tmux.waitFor("the report naming the edit's error") { screen in
                        screen.hasRow("Profile mine not changed") && screen.hasRow("/home/profiles/m")
                            && screen.hasRow(".yaml:2:10: timeout: expected a number") && screen.joined(separator: "\n").contains("e opens it again")
                    }
                    // The profile is untouched; the edit waits in the copy (0600) for the next e.
                    #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
                    #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("timeout: soon"))
                    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
                    #expect(mode == 0o600)
                    try await tmux.send("Escape")
                    try await tmux.waitFor(text: "mine · \(server.baseURL)")
                    // e again reopens the user's edit; fixed, it replaces the profile.
                    try await tmux.send("F2")
                    try await tmux.waitFor(text: "● mine")
                    try await tmux.send("e")
                    try await tmux.waitFor(text: "profile mine saved")
                    #expect(try String(contentsOfFile: file, encoding: .utf8) == original + "timeout: 5\n")
                    #expect(!FileManager.default.fileExists(atPath: copy))
                    try await tmux.send("Escape")
                    try await tmux.waitFor(text: "mine · \(server.baseURL)")
                } catch {
                    await tmux.kill()
                    throw error
                }
                await tmux.kill()
            }
        }
    }
}
