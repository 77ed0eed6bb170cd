import Foundation
import Testing

/// SPEC §10: each explorer process spools into a directory of its own under
/// `$XDG_CACHE_HOME/explorer`; at start only the directories of processes no longer running go.
@Suite struct SpoolSweepTests {
    @Test func startRemovesTheSpoolsOfDeadProcessesOnly() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("cache/explorer")
        // Far past any pid_max: no such process. The test runner itself is alive.
        let dead = root.appendingPathComponent("spool-\(Int32.max - 1)")
        let live = root.appendingPathComponent("spool-\(getpid())")
        for spool in [dead, live] {
            try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
            try Data("body".utf8).write(to: spool.appendingPathComponent("explorer-body-1"))
        }
        let outcome = try await ExplorerProcess.run(["--help"], in: directory,
                                                    environment: ["XDG_CACHE_HOME": directory.path("cache"), "EXPLORER_HOME": directory.path("home")])
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.appendingPathComponent("explorer-body-1").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [live.lastPathComponent])
    }
}
