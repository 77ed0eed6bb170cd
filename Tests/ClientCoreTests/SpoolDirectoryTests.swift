import Foundation
import NIOCore
import Testing
@testable import ClientCore

/// The per-process spool directory (SPEC §10): which directories are stale, and what removing
/// them does to real directories, links and files.
@Suite struct SpoolDirectoryTests {
    /// Far past any pid_max: `kill` says no such process.
    static let deadPID = Int32.max - 1

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    @Test func onlyOtherProcessesNotRunningAreStale() {
        let names = ["spool-1", "spool-2", "spool-3", "spool-4", "notes", "spool-", "spool-0", "spool-02", "spool-x1",
                     "spool-2a", "spool-99999999999", "spool--5", "spool-+5", "Spool-2"]
        let stale = StaleSpools.stale(names, ownPID: 3, isRunning: { $0 == 1 })
        #expect(stale == ["spool-2", "spool-4"])
        #expect(StaleSpools.pid(in: StaleSpools.name(pid: 4711)) == 4711)
    }

    @Test func theCacheDirectoryComesFromTheEnvironment() {
        #expect(SpoolDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"], pid: 12).url.path == "/x/cache/explorer/spool-12")
        #expect(SpoolDirectory(environment: ["HOME": "/h"], pid: 12).url.path == "/h/.cache/explorer/spool-12")
        // A relative XDG path is ignored, as the XDG spec says.
        #expect(SpoolDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/h"], pid: 12).url.path == "/h/.cache/explorer/spool-12")
    }

    @Test func aDeadProcessesDirectoryGoesALiveOneStaysAndLinksAreNotFollowed() throws {
        let root = try Self.scratch(), outside = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: outside) }
        let keep = outside.appendingPathComponent("keep.txt")
        try Data("mine".utf8).write(to: keep)

        let dead = root.appendingPathComponent(StaleSpools.name(pid: Self.deadPID))
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: false)
        try Data("body".utf8).write(to: dead.appendingPathComponent("explorer-body-1"))
        try FileManager.default.createSymbolicLink(at: dead.appendingPathComponent("link"), withDestinationURL: outside)
        let live = root.appendingPathComponent(StaleSpools.name(pid: getppid()))
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        try Data("body".utf8).write(to: live.appendingPathComponent("explorer-body-2"))
        let linked = root.appendingPathComponent(StaleSpools.name(pid: Self.deadPID - 1))
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outside)
        let other = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)

        let removed = SpoolDirectory(root: root).removeStale()

        #expect(removed == [dead.lastPathComponent])
        #expect(!Self.exists(dead))
        #expect(Self.exists(live.appendingPathComponent("explorer-body-2")))
        #expect(Self.exists(linked) && Self.exists(other))
        #expect(try String(contentsOf: keep, encoding: .utf8) == "mine")
    }

    @Test func bodiesSpoolIntoTheProcessDirectoryWhichGoesAtExit() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let spool = SpoolDirectory(root: root.appendingPathComponent("explorer"))
        var collector = BodyCollector(policy: SpoolPolicy(threshold: 10, directory: spool.url), expected: nil)
        try collector.append(ByteBuffer(bytes: Array(repeating: 1, count: 100)))
        let body = try collector.finish()
        let file = try #require(body.fileURL)
        #expect(file.deletingLastPathComponent().path == spool.url.path)
        let mode = try FileManager.default.attributesOfItem(atPath: spool.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        spool.remove()
        #expect(!Self.exists(spool.url))
    }

    @Test func aCacheThatCannotHoldTheSpoolFallsBackToTheTemporaryDirectory() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where the cache directory should be: nothing can be created under it (even as root).
        let blocked = root.appendingPathComponent("cache")
        try Data().write(to: blocked)
        var collector = BodyCollector(policy: SpoolPolicy(threshold: 10, directory: blocked.appendingPathComponent("explorer/spool-1")), expected: nil)
        try collector.append(ByteBuffer(bytes: Array(repeating: 2, count: 100)))
        let body = try collector.finish()
        let file = try #require(body.fileURL)
        #expect(file.deletingLastPathComponent().standardizedFileURL == FileManager.default.temporaryDirectory.standardizedFileURL)
        #expect(body.data == Data(repeating: 2, count: 100))
    }
}
