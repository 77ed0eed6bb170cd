import Foundation
import Testing

/// An EXPLORER_HOME of a test's own, with profile files written into it.
struct ProfileHome {
    let directory: TestDirectory
    var path: String { directory.path("home") }
    var profiles: String { directory.path("home/profiles") }
    var environment: [String: String] { ["EXPLORER_HOME": path] }

    init(_ directory: TestDirectory) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory.path("home/profiles"), withIntermediateDirectories: true)
    }

    func write(_ text: String, profile name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(profiles)/\(name).yaml"))
    }

    func file(_ name: String) -> String { "\(profiles)/\(name)" }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ExplorerProcess.Outcome {
        try await ExplorerProcess.run(arguments, in: directory, environment: environment.merging(extra) { _, given in given })
    }

    /// Every file under EXPLORER_HOME, with its bytes.
    func everyFile() -> [(path: String, data: Data)] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var files: [(String, Data)] = []
        while let relative = enumerator?.nextObject() as? String {
            let full = "\(path)/\(relative)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append((full, FileManager.default.contents(atPath: full) ?? Data()))
            }
        }
        return files
    }
}

/// `explorer profiles list | show NAME | delete NAME` through the binary, in a home of their own.
@Suite struct ProfileCommandTests {
    @Test func listNamesEveryProfileTheDemoAndTheProblems() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("baseURL: http://127.0.0.1:1/\n", profile: "work")
        try home.write("baseURL: http://127.0.0.1:1/\ntimout: 3\n", profile: "broken")
        try home.write("requests: []\n", profile: "work.requests")
        let outcome = try await home.run(["profiles", "list"])
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let lines = outcome.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0...1] == ["demo\t(built-in)", "demo-oauth\t(built-in)"])
        #expect(lines[2].hasPrefix("broken\t(cannot be used: \(home.file("broken.yaml")):2:1: timout: unknown key"))
        #expect(lines[3] == "work")
        // `profiles` alone lists too.
        #expect(try await home.run(["profiles"]).stdoutText == outcome.stdoutText)
    }

    @Test func showMasksSecretsUnlessAsked() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("""
            baseURL: http://127.0.0.1:1/api/
            headers: { Cookie: "sid=c00kie", X-Trace: visible }
            auth: { basic: { username: ann, password: "pa55word" } }
            validators:
              - altRequest:
                  statuses: [401]
                  request: { url: auth/refresh, json: { refresh: "${env:REFRESH}" } }
                  apply: { headers: { Authorization: "Bearer {{alt.json.token}}" } }
            """, profile: "work")
        let masked = try await home.run(["profiles", "show", "work"])
        #expect(masked.status == 0, "\(masked.stderrText)")
        #expect(!masked.stdoutText.contains("pa55word") && !masked.stdoutText.contains("c00kie"))
        #expect(masked.stdoutText.contains(#"password: "•••""#))
        #expect(masked.stdoutText.contains(#""X-Trace": "visible""#))
        #expect(masked.stdoutText.contains("${env:REFRESH}"))
        #expect(masked.stdoutText.contains(#""Authorization": "Bearer {{alt.json.token}}""#))
        let revealed = try await home.run(["profiles", "show", "work", "--show-secrets"])
        #expect(revealed.stdoutText.contains(#"password: "pa55word""#) && revealed.stdoutText.contains("sid=c00kie"))
        // What show prints is a profile: saved back, it reads the same.
        try home.write(revealed.stdoutText, profile: "copy")
        let copy = try await home.run(["profiles", "show", "copy", "--show-secrets"])
        #expect(copy.stdoutText == revealed.stdoutText)
    }

    @Test func showDemoPrintsTheBuiltInProfile() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let outcome = try await home.run(["profiles", "show", "demo"])
        #expect(outcome.status == 0)
        #expect(outcome.stdoutText.contains("maxRetries: 3"))
        #expect(outcome.stdoutText.contains(#"request: { method: "POST", url: "auth/refresh" }"#))
        #expect(outcome.stdoutText.contains(#"apply: { headers: { "Authorization": "Bearer {{alt.json.token}}" } }"#))
        #expect(outcome.stdoutText.contains(#"retry: { strategy: "exponential", base: 0.2, multiplier: 2, maxDelay: 2, jitter: "full" }"#))
    }

    @Test func showAndDeleteRefuseWhatTheyCannotDo() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("maxRetries: lots\n", profile: "broken")
        let broken = try await home.run(["profiles", "show", "broken"])
        #expect(broken.status == 2)
        #expect(broken.stderrText == "explorer: \(home.file("broken.yaml")):1:13: maxRetries: expected a whole number, found \"lots\"\n")
        let unknown = try await home.run(["profiles", "show", "nope"])
        #expect(unknown.status == 2 && unknown.stderrText.contains("no profile named \"nope\""))
        let demo = try await home.run(["profiles", "delete", "demo"])
        #expect(demo.status == 2 && demo.stderrText.contains("built-in profile and cannot be deleted"))
        let missing = try await home.run(["profiles", "delete", "nope"])
        #expect(missing.status == 2 && missing.stderrText.contains("no profile named \"nope\""))
        let badName = try await home.run(["profiles", "delete", "../x"])
        #expect(badName.status == 2 && badName.stderrText.contains("\"../x\" is not a valid profile name"))
        let noName = try await home.run(["profiles", "show"])
        #expect(noName.status == 2)
    }

    @Test func deleteRemovesTheProfileWithItsRequestsAndCookies() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try home.write("cookies: true\n", profile: "work")
        try home.write("requests: []\n", profile: "work.requests")
        try Data(#"{"cookies":[]}"#.utf8).write(to: URL(fileURLWithPath: home.file("work.cookies.json")))
        try home.write("{}\n", profile: "other")
        let outcome = try await home.run(["profiles", "delete", "work"])
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.profiles) == ["other.yaml"])
    }

    @Test func saveChecksFirstAndNeverWritesOverAFileThatDoesNotParse() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let source = directory.path("new.yaml")
        try Data("baseURL: http://127.0.0.1:1/\n".utf8).write(to: URL(fileURLWithPath: source))
        let saved = try await home.run(["profiles", "save", "work", "--from", source])
        #expect(saved.status == 0, "\(saved.stderrText)")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.file("work.yaml"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        try Data("timeout: never\n".utf8).write(to: URL(fileURLWithPath: source))
        let refused = try await home.run(["profiles", "save", "work", "--from", source])
        #expect(refused.status == 2 && refused.stderrText == "explorer: \(source):1:10: timeout: expected a number of seconds, found \"never\"\n")

        try home.write("timeout: [\n", profile: "work")
        try Data("timeout: 3\n".utf8).write(to: URL(fileURLWithPath: source))
        let kept = try await home.run(["profiles", "save", "work", "--from", source])
        #expect(kept.status == 2 && kept.stderrText.contains("not overwritten"))
        #expect(try String(contentsOfFile: home.file("work.yaml"), encoding: .utf8) == "timeout: [\n")
    }

    @Test func saveRefusesBytesThatAreNotUTF8() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let source = directory.path("latin1.yaml")
        try Data("headers: { X-Name: \"caf".utf8 + [0xE9] + "\" }\n".utf8).write(to: URL(fileURLWithPath: source))
        let refused = try await home.run(["profiles", "save", "work", "--from", source])
        #expect(refused.status == 2)
        #expect(refused.stderrText == "explorer: \(source): is not UTF-8 text (the profile was not saved)\n")
        #expect(!FileManager.default.fileExists(atPath: home.file("work.yaml")))
    }
}
