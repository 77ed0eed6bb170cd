import Foundation
import TestDefaults
import Testing
import TestSupport

/// The built `explorer` binary, run as a child process with stdout and stderr in files
/// (no pipe can fill up and stall it), reaped with `wait4` so its peak memory is known.
struct ExplorerProcess: Sendable {
    /// What a finished run left behind.
    struct Outcome: Sendable {
        /// The exit code, or 128 + the signal that killed it.
        let status: Int32
        let stdout: Data
        let stderr: Data
        /// Peak resident set size, in kilobytes (Linux `ru_maxrss`).
        let maxRSSKilobytes: Int

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    let pid: pid_t
    /// The command line, for the message when it has to be killed.
    private let command: String
    private let stdoutPath: String
    private let stderrPath: String
    /// The master side of the pseudo-terminal the child's stdout is on, when it is on one.
    private let terminal: Int32?

    /// Runs `explorer arguments…` to the end; `stdoutIsTerminal` puts its stdout on a pseudo-terminal.
    /// `environment` is set on top of the test runner's own (e.g. `["EXPLORER_HOME": dir]`).
    /// `stdin` is what the program reads, then its end (nothing at all by default).
    static func run(_ arguments: [String], in directory: TestDirectory, stdoutIsTerminal: Bool = false,
                    environment: [String: String] = [:], stdin: String? = nil) async throws -> Outcome {
        try await start(arguments, in: directory, stdoutIsTerminal: stdoutIsTerminal, environment: environment, stdin: stdin).finish()
    }

    /// Starts `explorer arguments…`; `finish()` waits for it.
    static func start(_ arguments: [String], in directory: TestDirectory, stdoutIsTerminal: Bool = false,
                      environment: [String: String] = [:], stdin: String? = nil) throws -> ExplorerProcess {
        try start(executable: try ExplorerBinary.path(), arguments, in: directory, stdoutIsTerminal: stdoutIsTerminal,
                  environment: environment, stdin: stdin)
    }

    /// Starts any program the same way (Foundation's Process is avoided: its child reaping
    /// must not race our `wait4`). `environment` is set on top of the test runner's own.
    static func start(executable binary: String, _ arguments: [String], in directory: TestDirectory,
                      stdoutIsTerminal: Bool = false, environment: [String: String] = [:], stdin: String? = nil) throws -> ExplorerProcess {
        let run = UUID().uuidString.prefix(8)
        let stdinPath = stdin == nil ? "/dev/null" : directory.path("stdin-\(run)")
        if let stdin { try Data(stdin.utf8).write(to: URL(fileURLWithPath: stdinPath)) }
        let stdoutPath = directory.path("stdout-\(run)")
        let stderrPath = directory.path("stderr-\(run)")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        let terminal = stdoutIsTerminal ? try PseudoTerminal.open() : nil
        if let terminal {
            posix_spawn_file_actions_addopen(&actions, 1, terminal.devicePath, O_WRONLY | O_NOCTTY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of the test runner's: a socket it holds must close when the runner closes it.
        explorer_spawn_close_from(&actions, 3)

        // The child gets default signal handling and no blocked signals, whatever the test runner uses.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, given in given }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
        guard result == 0 else {
            if let terminal { close(terminal.master) }
            throw SpawnError(message: "posix_spawn \(binary): \(String(cString: strerror(result)))")
        }
        return ExplorerProcess(pid: pid, command: ([binary] + arguments).joined(separator: " "), stdoutPath: stdoutPath,
                               stderrPath: stderrPath, terminal: terminal?.master)
    }

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Everything written to stdout so far.
    func stdoutSoFar() -> String {
        String(decoding: FileManager.default.contents(atPath: stdoutPath) ?? Data(), as: UTF8.self)
    }

    /// Waits for the exit on a thread of its own, then reads the output files. A child still running
    /// after `timeout` seconds (scaled) is killed and the wait throws: a hung child fails its test
    /// instead of stalling the whole run.
    ///
    /// Peak memory is the child's own `VmHWM`, polled from /proc while it runs: `ru_maxrss`
    /// cannot be used, because posix_spawn shares the parent's address space until exec and
    /// Linux keeps that (large, test-runner) high-water mark in the child's figure.
    func finish(timeout: Double = 300) async throws -> Outcome {
        let pid = self.pid
        let limit = TestTime.scaled(timeout)
        let (status, rss, killed) = await withCheckedContinuation { (continuation: CheckedContinuation<(Int32, Int, Bool), Never>) in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(limit)
                var raw: Int32 = 0
                var peak = 0
                var killed = false
                while true {
                    peak = max(peak, Self.highWaterMarkKilobytes(of: pid))
                    let reaped = waitpid(pid, &raw, WNOHANG)
                    if reaped == pid || (reaped == -1 && errno != EINTR) { break }
                    if !killed && Date() > deadline {
                        kill(pid, SIGKILL)
                        killed = true
                    }
                    usleep(10_000)
                }
                let signalled = raw & 0x7F
                let status = signalled == 0 ? (raw >> 8) & 0xFF : 128 + signalled
                continuation.resume(returning: (status, peak, killed))
            }
        }
        if killed {
            if let terminal { close(terminal) }
            throw SpawnError(message: "\(command) did not exit within \(limit) s; killed. stderr: "
                + String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self))
        }
        let stdout = terminal.map(PseudoTerminal.drain) ?? FileManager.default.contents(atPath: stdoutPath) ?? Data()
        let stderr = FileManager.default.contents(atPath: stderrPath) ?? Data()
        return Outcome(status: status, stdout: stdout, stderr: stderr, maxRSSKilobytes: rss)
    }

    /// `VmHWM` of a running process, in kilobytes (0 once it has exited).
    private static func highWaterMarkKilobytes(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) ?? 0
    }

    struct SpawnError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
