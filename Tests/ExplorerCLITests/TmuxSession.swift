import Foundation
import TestSupport

/// The real `explorer` binary in a tmux window of its own (a private tmux server per session),
/// driven as a user would: keys in with send-keys, the screen out with capture-pane.
struct TmuxSession: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String

        /// Also written to stderr at once, so a run's log shows the screen even when the test
        /// runner's own report of the error is lost.
        init(description: String) {
            self.description = description
            FileHandle.standardError.write(Data("tmux: \(description)\n".utf8))
        }
    }

    let socket: String
    let directory: TestDirectory
    let target = "explorer"

    /// Starts `explorer arguments…` in a `width`×`height` window with LANG=C.UTF-8. `then` are
    /// tmux commands run by the same tmux call, right after the window opens (`send-keys` there
    /// types before the program has even started, as a user typing ahead does).
    /// - Parameter launcher: a command line the binary and its arguments are appended to (one that
    ///   sets something up and then execs them).
    static func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                      in directory: TestDirectory, launcher: [String] = [], then commands: [[String]] = []) async throws -> TmuxSession {
        let session = TmuxSession(socket: "explorer-test-\(UUID().uuidString.prefix(8))", directory: directory)
        let binary = try ExplorerBinary.path()
        // A clean environment (`env -i`): the test runner's own (NO_COLOR, proxies, EDITOR) must
        // not reach the program unless a test says so.
        let inherited = ProcessInfo.processInfo.environment
        var variables = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color",
                         "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? "/tmp",
                         "EXPLORER_HOME": directory.path("home"), "TMPDIR": directory.url.path]
        variables.merge(environment) { $1 }
        let exports = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        // The shell records the exit status and stderr in the test directory for `exitStatus()`.
        let command = "cd \(shellQuoted(directory.url.path)) && env -i \(exports) \((launcher + [binary] + arguments).map(shellQuoted).joined(separator: " "))"
            + " 2>explorer.stderr; echo $? >explorer.status"
        // remain-on-exit keeps the pane (and its last screen) after the program ends, for exit checks.
        try await session.tmux(["-f", "/dev/null", "new-session", "-d", "-s", session.target, "-x", "\(width)", "-y", "\(height)", command]
            + commands.flatMap { [";"] + $0 })
        try await session.tmux(["set-option", "-t", session.target, "remain-on-exit", "on"])
        return session
    }

    /// tmux key names (`Enter`, `Escape`, `C-r`, `F5`, `Tab`, `BTab`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) async throws {
        try await tmux(["send-keys", "-t", target] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen, one string per row.
    func capture() async throws -> [String] {
        var lines = try await tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen with its escape sequences, for checks on what reached the terminal.
    func captureWithAttributes() async throws -> String {
        try await tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// Copies every byte the program writes to its terminal from now on into `file` (tmux
    /// pipe-pane): what reached the terminal itself, not the screen tmux made of it.
    func recordOutput(to file: String) async throws {
        try await tmux(["pipe-pane", "-O", "-t", target, "cat >> \(Self.shellQuoted(file))"])
    }

    /// The pane's title, which an OSC 0/2 sequence from a server would change if it were executed.
    func paneTitle() async throws -> String {
        try await tmux(["display-message", "-p", "-t", target, "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The program's exit status once it has exited (128 + N for signal N), else nil.
    func exitStatus() async throws -> Int32? {
        guard let text = try? String(contentsOfFile: directory.path("explorer.status"), encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What the program wrote to stderr (the TUI owns stdout).
    func standardError() -> String {
        (try? String(contentsOfFile: directory.path("explorer.stderr"), encoding: .utf8)) ?? ""
    }

    /// The program's process id: the child of the pane's shell.
    func programPID() async throws -> pid_t {
        let shell = try await tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw Failure(description: "no program under the pane's shell \(shell)")
        }
        return pid
    }

    /// Waits for the program to exit and returns its status.
    func waitForExit(timeout: Double = 10) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(TestTime.scaled(timeout))
        while Date() < deadline {
            if let status = try await exitStatus() { return status }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the program did not exit within \(TestTime.scaled(timeout)) s; stderr: \(standardError()); the screen was:\n"
            + (try await capture()).joined(separator: "\n"))
    }

    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout` (scaled) seconds.
    ///
    /// A frame can reach the pane in pieces (an overlay's title before its rows), so a test waits
    /// for everything it asserts in one condition; the screen returned is the one that met it.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(TestTime.scaled(timeout))
        var screen = try await capture()
        while !condition(screen) {
            if Date() > deadline {
                throw Failure(description: "timed out after \(TestTime.scaled(timeout)) s waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(40))
            screen = try await capture()
        }
        return screen
    }

    /// Waits until `text` is somewhere on the screen. It returns no screen on purpose: the rest of
    /// the screen may still be a frame behind, so assertions on it go in `waitFor(_:_:)`'s condition.
    func waitFor(text: String, timeout: Double = 15) async throws {
        try await waitFor(text.debugDescription, timeout: timeout) { $0.hasRow(text) }
    }

    func kill() async {
        _ = try? await tmux(["kill-server"])
    }

    /// Runs tmux on this session's server. Through posix_spawn and waitpid, as every child of
    /// the test runner: Foundation's Process can miss its child's exit when others are reaped.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let outcome = try await ExplorerProcess.start(executable: try Self.tmuxPath(), ["-L", socket] + arguments, in: directory).finish()
        guard outcome.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(outcome.status)): \(outcome.stderrText)")
        }
        return outcome.stdoutText
    }

    private static func tmuxPath() throws -> String {
        guard let found = Executable.find("tmux") else { throw Failure(description: "tmux is not installed (scripts/test installs it)") }
        return found
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension Array where Element == String {
    /// Whether one row of this screen holds every fragment.
    func hasRow(_ fragments: String...) -> Bool {
        contains { row in fragments.allSatisfy(row.contains) }
    }
}
