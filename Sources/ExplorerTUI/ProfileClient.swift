import ClientCore
import Foundation

/// A client made from a profile (or from the defaults), with whatever the profile keeps
/// running for it, such as the embedded demo API.
struct ProfileClient: Sendable {
    let client: HTTPClient
    private let demo: DemoProfile?

    /// Without a profile: no base URL and ClientCore's defaults (timeout 30 s per attempt,
    /// no deadline, no retries, the default validator).
    static func open(profile name: String?, configuration: HTTPClient.Configuration) async throws(CLIError) -> ProfileClient {
        guard let name else {
            return ProfileClient(client: HTTPClient(configuration: configuration), demo: nil)
        }
        guard name == DemoProfile.name else {
            throw .usage("--profile: no profile named \(name.debugDescription) (the built-in one is \"\(DemoProfile.name)\")")
        }
        let demo: DemoProfile
        do {
            demo = try await DemoProfile.start()
        } catch {
            throw .failure("cannot start the embedded demo API: \(error)")
        }
        do {
            return ProfileClient(client: try demo.makeClient(configuration: configuration), demo: demo)
        } catch {
            await demo.shutdown()
            throw .failure("the demo profile could not make its client: \(error.message)")
        }
    }

    /// Ends the client's event streams, closes its connections and stops what the profile started.
    func shutdown() async {
        await client.shutdown()
        await demo?.shutdown()
    }
}
