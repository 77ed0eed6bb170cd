import Foundation
import Testing
@testable import Profiles

@Suite struct ProfileStoreTests {
    @Test func theDirectoryFollowsTheEnvironment() {
        #expect(ProfileStore(environment: ["EXPLORER_HOME": "/e", "XDG_CONFIG_HOME": "/x", "HOME": "/h"]).directory.path == "/e/profiles")
        #expect(ProfileStore(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).directory.path == "/x/explorer/profiles")
        #expect(ProfileStore(environment: ["HOME": "/h"]).directory.path == "/h/.config/explorer/profiles")
    }

    @Test func aWrittenProfileIsPrivateListedAndReadBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = ProfileStore(directory: root)
        try store.write("baseURL: http://h/\nmaxRetries: 1\n", as: "work")
        try store.write("baseURL: http://h2/\nmaxRetries: 2\n", as: "work")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file(for: "work").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(store.names() == ["work"])
        let profile = try store.load("work")
        #expect(profile.baseURL == "http://h2/")
        #expect(profile.maxRetries == 2)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["work.yaml"])
    }

    @Test func aMissingProfileIsNamed() {
        let store = ProfileStore(directory: URL(fileURLWithPath: "/nonexistent/profiles"))
        #expect {
            try store.load("nope")
        } throws: { error in
            (error as? ProfileProblem)?.description == "/nonexistent/profiles/nope.yaml: no profile named \"nope\" (no such file)"
        }
    }
}
