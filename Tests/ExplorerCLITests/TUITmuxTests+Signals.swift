import Foundation
import Testing
import TestSupport

/// A closed terminal (SIGHUP) or a SIGTERM ends the TUI, however its parent left the signal mask:
/// a launcher that blocks them and execs explorer is what a thread of a Swift or Python parent does
/// (the dispatch signal sources read them even blocked). explorer-bench's tmux servers, spawned with
/// such a mask, once outlived `kill-server`; the TUI must not depend on its parent's mask.
extension TUITmuxTests {
    @Suite struct Signals {
        static let blockingLauncher = [
            "python3", "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP, signal.SIGTERM}); os.execv(sys.argv[1], sys.argv[1:])",
        ]

        @Test(arguments: [SIGHUP, SIGTERM])
        func aSignalEndsTheTUIEvenWhenTheParentBlockedIt(signal: Int32) async throws {
            let directory = try TestDirectory()
            defer { directory.remove() }
            let session = try await TmuxSession.start([], in: directory, launcher: Self.blockingLauncher)
            do {
                try await session.waitFor(text: "Timeline")
                let pid = try await session.programPID()
                #expect(kill(pid, signal) == 0)
                _ = try await session.waitForExit()
                #expect(kill(pid, 0) != 0, "explorer is still running after signal \(signal)")
            } catch {
                await session.kill()
                throw error
            }
            await session.kill()
        }
    }
}
