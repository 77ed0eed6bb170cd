import Foundation
import Testing
import TestSupport

/// Kills `explorer profiles save` (the real `ProfileStore` and `AtomicFile` code) at random
/// moments and at the moment its temporary file appears, and finds the old profile or the new
/// one every time: never a partial file, never a missing one.
@Suite struct ProfileKillDuringSaveTests {
    /// A profile large enough that writing and flushing it takes a while.
    static func bigProfile(_ variant: String) -> String {
        var lines = ["baseURL: \"http://127.0.0.1:1/\(variant)/\"", "headers:"]
        for index in 0..<8000 {
            lines.append("  X-Header-\(index): \"\(String(repeating: variant, count: 80))\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aSaveKilledAtAnyMomentLeavesTheOldFileOrTheNewOne() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let versions = [Self.bigProfile("a"), Self.bigProfile("b")]
        let sources = [directory.path("a.yaml"), directory.path("b.yaml")]
        for (text, path) in zip(versions, sources) { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        let target = home.file("big.yaml")

        let started = Date()
        let first = try await home.run(["profiles", "save", "big", "--from", sources[0]])
        #expect(first.status == 0, "\(first.stderrText)")
        let fullRun = Date().timeIntervalSince(started)
        var current = 0
        var completed = 0, killed = 0, killedMidWrite = 0

        // At least 16 runs, and on until a kill has landed inside a write (a fast disk makes that
        // window narrow), up to 60.
        var run = 0
        while run < 16 || (killedMidWrite == 0 && run < 60) {
            defer { run += 1 }
            let next = 1 - current
            let before = Self.temporaryFiles(in: home.profiles)
            let process = try ExplorerProcess.start(["profiles", "save", "big", "--from", sources[next]], in: directory,
                                                    environment: home.environment)
            if !run.isMultiple(of: 3) {
                // Wait for this run's temporary file, then kill at once: inside AtomicFile.write.
                let profiles = home.profiles
                await Self.onThread {
                    let deadline = Date().addingTimeInterval(TestTime.scaled(10))
                    while Date() < deadline, Self.temporaryFiles(in: profiles).subtracting(before).isEmpty { usleep(200) }
                    kill(process.pid, SIGKILL)
                }
            } else {
                let delay = Double.random(in: 0..<(fullRun * 1.2))
                await Self.onThread {
                    usleep(UInt32(delay * 1_000_000))
                    kill(process.pid, SIGKILL)
                }
            }
            let outcome = try await process.finish()
            let leftovers = Self.temporaryFiles(in: home.profiles).subtracting(before)
            let text = try String(contentsOfFile: target, encoding: .utf8)
            #expect(text == versions[0] || text == versions[1], "run \(run): big.yaml is neither version (\(text.utf8.count) bytes)")
            switch outcome.status {
            case 0:
                completed += 1
                #expect(text == versions[next], "run \(run) finished but the old profile is there")
            case 128 + SIGKILL:
                killed += 1
                if !leftovers.isEmpty {
                    // Killed between creating its temporary file and renaming it: the old file stays.
                    killedMidWrite += 1
                    #expect(text == versions[current], "run \(run) died before its rename, yet big.yaml changed")
                }
            default:
                Issue.record("run \(run) exited \(outcome.status): \(outcome.stderrText)")
            }
            if text == versions[next] { current = next }
        }
        #expect(killed > 0)
        #expect(killedMidWrite > 0, "no kill landed inside the write (completed \(completed), killed \(killed))")

        // What the kills left behind is never taken for a profile, and the last profile reads.
        let list = try await home.run(["profiles", "list"])
        #expect(list.stdoutText == "demo\t(built-in)\ndemo-oauth\t(built-in)\nbig\n", "\(list.stderrText)")
    }

    static func temporaryFiles(in directory: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".tmp") })
    }

    /// Runs blocking work (polling, sleeping) on a thread of its own, not the test's executor.
    static func onThread(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                work()
                continuation.resume()
            }
        }
    }
}
