import Foundation

/// The real `explorer` binary in a tmux window of its own (a private tmux server per session),
/// driven as a user would: keys in with send-keys, the screen out with capture-pane.
struct TmuxSession: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket: String
    let target = "explorer"

    /// Starts `explorer arguments…` in a `width`×`height` window with LANG=C.UTF-8.
    static func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
                      in directory: TestDirectory) throws -> TmuxSession {
        let session = TmuxSession(socket: "explorer-test-\(UUID().uuidString.prefix(8))")
        let binary = try ExplorerBinary.path()
        var variables = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color",
                         "EXPLORER_HOME": directory.path("home"), "TMPDIR": directory.url.path]
        variables.merge(environment) { $1 }
        let exports = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let command = "cd \(shellQuoted(directory.url.path)) && env \(exports) \(([binary] + arguments).map(shellQuoted).joined(separator: " "))"
        // remain-on-exit keeps the pane (and its last screen) after the program ends, for exit checks.
        try session.tmux(["-f", "/dev/null", "new-session", "-d", "-s", session.target, "-x", "\(width)", "-y", "\(height)", command])
        try session.tmux(["set-option", "-t", session.target, "remain-on-exit", "on"])
        return session
    }

    /// tmux key names (`Enter`, `Escape`, `C-r`, `F5`, `Tab`, `BTab`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", target] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen, one string per row.
    func capture() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
    }

    /// The screen with its escape sequences, for checks on what reached the terminal.
    func captureWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// The pane's title, which an OSC 0/2 sequence from a server would change if it were executed.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", target, "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the program has exited, and its status.
    func exitStatus() throws -> Int32? {
        let fields = try tmux(["display-message", "-p", "-t", target, "#{pane_dead} #{pane_dead_status}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.first == "1" else { return nil }
        return fields.count > 1 ? Int32(fields[1]) : -1
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout` seconds.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while !condition(screen) {
            if Date() > deadline {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(40))
            screen = try capture()
        }
        return screen
    }

    /// Waits until `text` is somewhere on the screen.
    @discardableResult
    func waitFor(text: String, timeout: Double = 15) async throws -> [String] {
        try await waitFor(text.debugDescription, timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    func kill() {
        _ = try? tmux(["kill-server"])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(String(decoding: problem, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
