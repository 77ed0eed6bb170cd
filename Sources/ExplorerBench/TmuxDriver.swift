import ClientCore
import Foundation

/// The explorer as a user sees it: a tmux window on a private tmux server, keys sent with
/// send-keys, the screen read with capture-pane. Timings are taken between the send-keys call
/// and the first capture that shows the awaited text.
struct TmuxDriver {
    let socket = "explorer-bench-\(UUID().uuidString.prefix(8))"
    let target = "bench"

    /// Starts `command` in a width×height window, held at a shell prompt until `release()`, so the
    /// clock can start exactly when the program is exec'd.
    func start(_ command: [String], width: Int, height: Int, environment: [String: String]) throws {
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }.joined(separator: " ")
        let line = "read _ && exec env \(exports) \(command.map(quoted).joined(separator: " "))"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", "sh -c \(quoted(line))"])
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Lets the held command run; returns the moment it was released.
    func release() throws -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        try send("Enter")
        return now
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    func capture() throws -> [String] { try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n") }

    /// The program's process id (the pane's process after exec).
    func pid() throws -> Int32 {
        Int32(try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Polls until `condition` holds for the screen; returns the elapsed time since `start` in ms.
    func waitFor(since start: ContinuousClock.Instant, timeout: Double = 60, _ condition: ([String]) -> Bool) throws -> Double {
        let limit = start + .seconds(timeout)
        while true {
            let screen = try capture()
            let now = ContinuousClock.now
            if condition(screen) {
                let elapsed = now - start
                return elapsed.milliseconds
            }
            if now > limit {
                throw BenchFailure("timed out; the screen was:\n" + screen.joined(separator: "\n"))
            }
        }
    }

    /// F1 pressed `times` times to open the help and again to close it (Esc would end what is
    /// arriving): each press's time, in ms, from send-keys to the screen changing.
    func helpToggles(_ times: Int) throws -> [Double] {
        var answers: [Double] = []
        for _ in 0..<times {
            let pressed = ContinuousClock.now
            try send("F1")
            answers.append(try waitFor(since: pressed) { $0.contains { $0.contains("Help — Esc") } })
            let closing = ContinuousClock.now
            try send("F1")
            answers.append(try waitFor(since: closing) { screen in !screen.contains { $0.contains("Help — Esc") } })
        }
        return answers
    }

    func stop() { _ = try? tmux(["kill-server"]) }

    /// Runs tmux through posix_spawn and waitpid: Foundation's Process can miss a child's exit
    /// on Linux and hang in waitUntilExit.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-tmux-\(UUID().uuidString.prefix(8))").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // tmux (its server, and the explorer in its pane) gets default signal handling and no
        // blocked signals, whatever this thread has: else SIGHUP from kill-server never ends them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGHUP, SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ) == 0 else { throw BenchFailure("cannot run tmux") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else { throw BenchFailure("tmux \(arguments.joined(separator: " ")) failed") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
