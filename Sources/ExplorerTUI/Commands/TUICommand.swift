import ArgumentParser
import ExplorerApp
import Foundation
import Profiles
import Sessions
import TUICore

/// `explorer [tui] [URL | FILE] [--profile NAME] [--session FILE]`: the interactive explorer. A
/// request file (`.yaml`, `.yml`, `.http`, `.rest`, `.hurl`) opens with its requests in the picker.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive explorer (the default command)."
    )

    @Argument(help: "A URL for the request line (absolute, or relative to the profile's base URL), or a request file to open (.yaml, .yml, .http, .rest, .hurl).")
    var url: String?

    @Option(help: "The client profile to use (the built-in one is 'demo').")
    var profile: String?

    @Option(help: "A saved session to open.")
    var session: String?

    func run() async throws {
        // First of all, so keys typed while the explorer starts reach it as typed.
        let typeAhead = isatty(STDOUT_FILENO) == 1 ? TypeAheadInput.take() : nil
        // Also on the way out of a usage error, before it is printed.
        defer { typeAhead?.release() }
        let storage = TUIStorage()
        // A request file is read before the terminal is taken: one that does not parse exits 2
        // naming FILE:LINE:COLUMN.
        let requestFile = try url.flatMap { (argument) throws(CLIError) in
            TUIRequestFile.names(argument) ? try RequestFileLoading.read(argument, flag: "tui") : nil
        }
        // Read before the terminal is taken: a bad file exits 2 naming file:line:column: key.
        var opened: SessionState.Opened?
        var sessionProfile: String?
        if let session {
            do throws(SessionProblem) {
                let read = try SessionFile.read(URL(fileURLWithPath: session))
                opened = SessionState.Opened(file: session, exchanges: read.exchanges, check: read.check)
                sessionProfile = read.profile.name
            } catch {
                throw CLIError.usage("--session: \(error.description)")
            }
        }
        // Without --profile, a session opens on the profile it was recorded with when it exists.
        let recordedProfile = sessionProfile.flatMap { name in
            ProfileName.isBuiltIn(name) || FileManager.default.fileExists(atPath: storage.profiles.file(for: name).path) ? name : nil
        }
        let profileName = profile ?? recordedProfile ?? requestFile?.requests.profile ?? DemoProfile.name
        if !ProfileName.isBuiltIn(profileName) {
            // Checked before the terminal is taken, so the problem (file:line:column: key) reads on stderr.
            if let problem = ProfileNames.problem(profileName) {
                throw CLIError.usage("--profile \(profileName.debugDescription): \(problem)")
            }
            do throws(ProfileProblem) {
                _ = try storage.profiles.load(profileName)
            } catch {
                throw CLIError.usage("--profile \(profileName): \(error.description)")
            }
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CLIError.usage("the explorer TUI needs a terminal; for scripts use `explorer send [options] URL`")
        }
        let inbox: Inbox<AppEvent>
        do {
            inbox = try Inbox()
        } catch {
            throw CLIError.failure("cannot set up the event loop: \(error)")
        }
        let recorder = TUIRecorder(home: storage.home) { inbox.post($0) }
        let runner = ExchangeRunner(recorder: recorder) { inbox.post($0) }
        var state = AppState(width: 80, height: 24, profileName: profileName, url: requestFile == nil ? url : "",
                             readyRequests: DemoProfile.readyRequests,
                             builtInReadyRequests: [ProfileName.demoOAuth: DemoProfile.oauthReadyRequests])
        if let opened { state.open(opened) }
        if let requestFile {
            runner.requestFile.open(requestFile)
            state.openRequestFile(path: requestFile.path, requests: requestFile.requests.requests, now: 0)
        }
        let loop = TUILoop(state: state, inbox: inbox, runner: runner, storage: storage, noColor: Self.noColor, typeAhead: typeAhead)
        let outcome = await Self.onUIThread { Result { try loop.run() } }
        await runner.shutdown()
        if case .failure(let error) = outcome { throw CLIError.failure("the terminal could not be used: \(error)") }
    }

    /// https://no-color.org: any non-empty NO_COLOR turns colours off.
    static var noColor: Bool { !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty }

    /// Runs `body` on a thread of its own (ncurses must stay on one thread, away from the
    /// concurrency pool) and returns its result.
    static func onUIThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = "explorer-ui"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
