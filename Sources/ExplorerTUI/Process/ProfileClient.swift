import ClientCore
import Foundation
import Profiles
import RequestModel

/// A client made from a profile (or from the defaults), with whatever the profile keeps
/// running for it: the embedded demo API for `demo`, the cookie jar for a profile on disk.
struct ProfileClient: Sendable {
    let client: HTTPClient
    /// The profile the client was made from; nil without one.
    let profile: Profile?
    private let connection: ProfileConnection?
    private let demo: DemoProfile?
    /// Says on stderr what an OAuth 2.0 grant needs the user to do (SPEC §11).
    private var prompts: AuthPrompts?

    /// The profile's `vars:`, the lowest layer of a request's variables (none without a profile).
    var variables: [String: TemplateValue] { connection?.variables ?? [:] }

    /// Without a profile: no base URL and ClientCore's defaults (timeout 30 s per attempt,
    /// no deadline, no retries, the default validator). `demo` starts the embedded demo API;
    /// any other name is `profiles/NAME.yaml`, whose problems are usage errors (exit 2) that
    /// name the file, the line and the key.
    /// - Parameter prompting: say on stderr what an OAuth 2.0 grant needs the user to do (false
    ///   in the TUI, which shows it in an overlay).
    static func open(profile name: String?, configuration: HTTPClient.Configuration,
                     environment: [String: String] = ProcessInfo.processInfo.environment,
                     prompting: Bool = true) async throws(CLIError) -> ProfileClient {
        var opened = try await open(profile: name, configuration: configuration, environment: environment)
        if prompting, opened.client.oauth != nil { opened.prompts = AuthPrompts(opened.client.events()) }
        return opened
    }

    private static func open(profile name: String?, configuration: HTTPClient.Configuration,
                             environment: [String: String]) async throws(CLIError) -> ProfileClient {
        guard let name else {
            return ProfileClient(client: HTTPClient(configuration: configuration), profile: nil, connection: nil, demo: nil)
        }
        guard !ProfileName.isBuiltIn(name) else { return try await openDemo(name, configuration: configuration) }
        if let problem = ProfileName.problem(with: name) { throw .usage("--profile: \(problem)") }
        let store = ProfileStore(environment: environment)
        guard store.exists(name) else {
            let known = (ProfileName.builtIns + store.names()).map(\.debugDescription).joined(separator: ", ")
            throw .usage("--profile: no profile named \(name.debugDescription) (no \(store.file(for: name).path); profiles: \(known))")
        }
        do throws(ProfileProblem) {
            let profile = try store.load(name)
            let connection = try ProfileConnection(profile, store: store, configuration: configuration)
            return ProfileClient(client: connection.client, profile: profile, connection: connection, demo: nil)
        } catch {
            throw .usage(error.description)
        }
    }

    private static func openDemo(_ name: String, configuration: HTTPClient.Configuration) async throws(CLIError) -> ProfileClient {
        let demo: DemoProfile
        do {
            demo = try await DemoProfile.start(name)
        } catch {
            throw .failure("cannot start the embedded demo API: \(error)")
        }
        do throws(ProfileProblem) {
            let connection = try ProfileConnection(demo.profile, store: nil, configuration: configuration)
            return ProfileClient(client: connection.client, profile: demo.profile, connection: connection, demo: demo)
        } catch {
            await demo.shutdown()
            throw .failure("the \(name) profile could not make its client: \(error)")
        }
    }

    /// Ends the client's event streams, closes its connections, saves what the profile keeps
    /// and stops what it started. With `reporting` (the CLI's commands), a cookie jar that could
    /// not be saved is said on stderr; the TUI passes false while it owns the terminal.
    func shutdown(reporting: Bool = true) async {
        if let connection { await connection.shutdown() } else { await client.shutdown() }
        await demo?.shutdown()
        await prompts?.finish()
        if reporting, let problem = cookieProblem { Console.problem(problem) }
    }

    /// `cookies of profile NAME not saved: …` when the jar's last save failed; nil when it worked.
    var cookieProblem: String? {
        guard let connection, let problem = connection.cookieProblem else { return nil }
        return "cookies of profile \(connection.profile.name) not saved: \(problem)"
    }
}
