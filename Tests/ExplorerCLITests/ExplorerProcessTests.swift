import Foundation
import Testing
import TestSupport

/// The harness itself: a child that never exits fails its test instead of stalling the run.
@Suite struct ExplorerProcessTests {
    @Test func aChildPastItsTimeoutIsKilledAndNamed() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let child = try ExplorerProcess.start(executable: "/bin/sleep", ["600"], in: directory)
        let started = ContinuousClock.now
        do {
            _ = try await child.finish(timeout: 0.5)
            Issue.record("sleep 600 finished within its timeout")
        } catch let error as ExplorerProcess.SpawnError {
            #expect(error.message.hasPrefix("/bin/sleep 600 did not exit within"), "\(error.message)")
        }
        #expect(ContinuousClock.now - started < TestTime.scaled(.seconds(30)))
        #expect(kill(child.pid, 0) == -1, "the child is gone")
    }
}
