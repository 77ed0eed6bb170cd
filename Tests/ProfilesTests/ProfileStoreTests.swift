import Foundation
import Cookies
import Testing
@testable import Profiles

@Suite struct ProfileStoreTests {
    @Test func theDirectoryFollowsTheEnvironment() {
        #expect(ProfileStore(environment: ["EXPLORER_HOME": "/e", "XDG_CONFIG_HOME": "/x", "HOME": "/h"]).directory.path == "/e/profiles")
        #expect(ProfileStore(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).directory.path == "/x/explorer/profiles")
        #expect(ProfileStore(environment: ["HOME": "/h"]).directory.path == "/h/.config/explorer/profiles")
        let home = ExplorerHome(environment: ["EXPLORER_HOME": "/e"])
        #expect([home.profiles.path, home.history.path, home.sessions.path] == ["/e/profiles", "/e/history", "/e/sessions"])
    }

    @Test func aWrittenProfileIsPrivateListedAndReadBack() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        try store.write("baseURL: http://h/\nmaxRetries: 1\n", as: "work")
        try store.write("baseURL: http://h2/\nmaxRetries: 2\n", as: "work")
        #expect(root.permissions("work.yaml") == 0o600)
        #expect(store.names() == ["work"])
        let profile = try store.load("work")
        #expect(profile.baseURL == "http://h2/")
        #expect(profile.maxRetries == 2)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.url.path) == ["work.yaml"])
    }

    @Test func aMissingProfileIsNamed() {
        let store = ProfileStore(directory: URL(fileURLWithPath: "/nonexistent/profiles"))
        #expect {
            try store.load("nope")
        } throws: { error in
            (error as? ProfileProblem)?.description == "/nonexistent/profiles/nope.yaml: no profile named \"nope\" (no such file)"
        }
    }

    @Test func atomicFileMakesPrivateParentsAndReplacesWhole() throws {
        let root = TemporaryDirectory()
        let target = root.url.appendingPathComponent("a/b/file.txt")
        try AtomicFile.write("one", to: target)
        try AtomicFile.write("two", to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "two")
        #expect(root.permissions("a/b/file.txt") == 0o600)
        #expect(root.permissions("a/b") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == ["file.txt"])
    }

    @Test(arguments: ["work", "A-b_9", String(repeating: "x", count: 64)])
    func goodNames(name: String) {
        #expect(ProfileName.isValid(name))
    }

    @Test(arguments: ["", "a b", "a.b", "../x", "x/y", "é", "a.requests", String(repeating: "x", count: 65)])
    func badNamesAreRefusedByName(name: String) {
        let store = ProfileStore(directory: TemporaryDirectory().url)
        #expect {
            try store.save(Profile(name: name))
        } throws: { error in
            let message = (error as? ProfileProblem)?.message ?? ""
            return name.isEmpty ? message.contains("needs a name") : message.contains(name.debugDescription)
        }
    }

    @Test func namesAreOnlyProfiles() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        for file in ["b.yaml", "a.yaml", "a.requests.yaml", "a.cookies.json", "notes.txt", "bad name.yaml", ".a.yaml.x.tmp"] {
            try root.write("baseURL: http://h/\n", to: file)
        }
        #expect(store.names() == ["a", "b"])
        #expect(store.exists("a") && !store.exists("c") && !store.exists("a.requests"))
    }

    @Test func saveWritesTheWriterYAMLAndReadsBack() throws {
        let store = ProfileStore(directory: TemporaryDirectory().url)
        var profile = Profile(name: "api")
        profile.baseURL = "http://h/api/"
        profile.auth = .bearer("${env:TOKEN}")
        try store.save(profile)
        #expect(try store.load("api") == profile)
        #expect(try String(contentsOf: store.file(for: "api"), encoding: .utf8).contains("${env:TOKEN}"))
    }

    @Test func aFileThatDoesNotParseIsNeverOverwritten() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        let broken = "baseURL: http://h/\ntimout: 3\n"
        try root.write(broken, to: "api.yaml")
        var profile = Profile(name: "api")
        profile.baseURL = "http://new/"
        #expect {
            try store.save(profile)
        } throws: { error in
            let text = (error as? ProfileProblem)?.description ?? ""
            return text.hasPrefix(store.file(for: "api").path + ":2:1: timout: unknown key") && text.contains("not overwritten")
        }
        #expect(throws: ProfileProblem.self) { try store.save(yaml: "baseURL: http://new/\n", as: "api") }
        #expect(try String(contentsOf: store.file(for: "api"), encoding: .utf8) == broken)
    }

    @Test func saveRefusesTextThatIsNotAProfile() throws {
        let store = ProfileStore(directory: TemporaryDirectory().url)
        #expect {
            try store.save(yaml: "maxRetries: many\n", as: "api")
        } throws: { error in
            (error as? ProfileProblem)?.key == "maxRetries"
        }
        #expect(!store.exists("api"))
    }

    @Test func theBuiltInProfileIsNeitherWrittenReadNorDeleted() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        #expect(throws: ProfileProblem.self) { try store.save(Profile(name: "demo")) }
        #expect(throws: ProfileProblem.self) { try store.delete("demo") }
        try root.write("baseURL: http://h/\n", to: "demo.yaml")
        #expect {
            try store.load("demo")
        } throws: { error in
            (error as? ProfileProblem)?.message.contains("built-in") == true
        }
    }

    @Test func deleteRemovesTheProfileItsRequestsItsCookiesAndAnEditingCopy() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        try store.save(Profile(name: "api"))
        try store.save(Profile(name: "other"))
        try root.write("requests: []\n", to: "api.requests.yaml")
        try store.saveCookies(CookieJar(), for: "api")
        try root.write("baseURL: [unfinished\n", to: "api.editing.yaml")
        try store.delete("api")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.url.path) == ["other.yaml"])
        #expect {
            try store.delete("api")
        } throws: { error in
            (error as? ProfileProblem)?.message.contains("no profile named \"api\"") == true
        }
    }

    @Test func aCookieJarIsSavedPrivatelyAndReadBack() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        #expect(try store.loadCookies(for: "api") == nil)
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["session=abc; Path=/; Max-Age=3600", "theme=dark"], from: URL(string: "http://h.test/x")!, now: Date())
        try store.saveCookies(jar, for: "api")
        #expect(root.permissions("api.cookies.json") == 0o600)
        #expect(try store.loadCookies(for: "api") == jar)
    }

    @Test func aBrokenCookieJarIsReported() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        try root.write("{\"cookies\": [{\"name\": 1}]}", to: "api.cookies.json")
        #expect {
            _ = try store.loadCookies(for: "api")
        } throws: { error in
            let problem = error as? ProfileProblem
            return problem?.file == store.cookiesFile(for: "api").path && problem?.message.hasPrefix("not a cookie jar") == true
        }
    }
}

/// A fresh directory under the system's temporary one, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func permissions(_ name: String) -> Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
        return (attributes?[.posixPermissions] as? NSNumber)?.intValue
    }
}
