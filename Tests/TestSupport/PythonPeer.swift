import Foundation
import TestDefaults
#if canImport(Glibc)
import Glibc
#endif

/// A Python server nobody here wrote (httpbin, oauthlib's OAuth 2.0 server) started for the test
/// process on a free loopback port. It ends with the process: its stdin is a pipe only this
/// process writes to, and each peer exits when that pipe closes.
public enum PythonPeer {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `python3` with `arguments(port)` and waits until it accepts on the port.
    /// - Parameters:
    ///   - advice: what the user can do when it does not start (install it, say).
    ///   - announcesPort: the peer binds port 0 and prints the port it got as its first line: no
    ///     other test's listener can take the port between its choice and the bind.
    public static func launch(_ name: String, advice: String, announcesPort: Bool = false, _ arguments: (Int) -> [String]) async throws -> String {
        guard let python = Executable.find("python3") else {
            throw Unavailable(description: "there is no python3 to start \(name): \(advice)")
        }
        // A port free now; the server binds it a moment later (SO_REUSEADDR on both sides).
        var (listener, port) = try LoopbackListener.open()
        close(listener)
        if announcesPort { port = 0 }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-\(name)-\(getpid()).log").path
        let pid = try spawn(python, arguments(port), log: log)
        let deadline = Date().addingTimeInterval(TestTime.scaled(30))
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // Its last line says why (a traceback ends with the error).
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                let reason = output.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
                throw Unavailable(description: "\(name) did not start (\(reason); its log: \(log)): \(advice)")
            }
            if port == 0, let first = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").first, let announced = Int(first) {
                port = announced
            }
            if port != 0, LoopbackListener.accepts(port: port) { return "http://127.0.0.1:\(port)" }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(pid, SIGKILL)
        throw Unavailable(description: "\(name) did not answer on 127.0.0.1:\(port) within \(TestTime.scaled(30)) s (its log: \(log)): \(advice)")
    }

    /// Starts the server with stdin on a pipe whose write end this process keeps open, unshared:
    /// close-on-exec, so no other child holds it and keeps the peer alive.
    private static func spawn(_ binary: String, _ arguments: [String], log: String) throws -> pid_t {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Unavailable(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // (pipe2 is not in Glibc's module)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test runner's: a socket it holds must close when the runner closes it.
        explorer_spawn_close_from(&actions, 3)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(ends[0])
        guard result == 0 else {
            close(ends[1])
            throw Unavailable(description: "posix_spawn \(binary): \(String(cString: strerror(result)))")
        }
        return pid  // ends[1] stays open until the process exits.
    }
}

/// Starts a peer once; every caller after the first gets the same answer, a failure included.
actor PeerLauncher {
    private let start: @Sendable () async throws -> String
    private var started: Task<String, any Error>?

    init(_ start: @escaping @Sendable () async throws -> String) {
        self.start = start
    }

    func baseURL() async throws -> String {
        if let started { return try await started.value }
        let task = Task { try await start() }
        started = task
        return try await task.value
    }
}
