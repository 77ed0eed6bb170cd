import ClientCore
import Foundation
import Cookies
import Locking
import RequestModel

/// A profile's client while it is in use, with what the profile keeps for it: with
/// `cookies: true`, the jar is restored from `profiles/NAME.cookies.json` and saved back
/// (atomically, 0600) after every exchange and at shutdown.
public final class ProfileConnection: Sendable {
    public let profile: Profile
    public let client: HTTPClient
    /// The profile's `vars:` (their `${env:}` read when it opened): the lowest layer of every
    /// request's variables. The client itself fills nothing.
    public let variables: [String: TemplateValue]
    private let store: ProfileStore?
    private let saved: Locked<CookieJar?>
    private let problem = Locked<ProfileProblem?>(nil)
    private let keeper = Locked<Task<Void, Never>?>(nil)

    /// Makes the profile's client (see `Profile.makeClient`). With a store and `cookies: true`,
    /// the saved jar is restored; a jar file that cannot be read is a problem (and left alone).
    public init(_ profile: Profile, store: ProfileStore?, configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
                environment: [String: String]? = nil) throws(ProfileProblem) {
        let file = store.map { $0.file(for: profile.name).path }
        client = try profile.makeClient(configuration: configuration, environment: environment, file: file)
        variables = try profile.variables(environment: environment, file: file)
        self.profile = profile
        let keepsCookies = profile.cookies == true && profile.name != ProfileName.demo && ProfileName.isValid(profile.name)
        self.store = keepsCookies ? store : nil
        let jar = keepsCookies ? try store?.loadCookies(for: profile.name) : nil
        if let jar { client.cookies = jar }
        saved = Locked(jar)
        if self.store != nil {
            let events = client.events()
            let task = Task { [weak self] in
                for await event in events {
                    switch event.kind {
                    case .exchangeCompleted, .exchangeFailed: self?.persistCookies()
                    default: continue
                    }
                }
            }
            keeper.withLock { $0 = task }
        }
    }

    /// Whether the jar is kept on disk for this profile.
    public var keepsCookies: Bool { store != nil }

    /// The last failure to save the jar, for the user to see; nil when every save worked.
    public var cookieProblem: ProfileProblem? { problem.withLock { $0 } }

    /// Saves the jar now if it changed since it was last saved or restored.
    public func saveCookies() throws(ProfileProblem) {
        guard let store else { return }
        let jar = client.cookies
        guard saved.withLock({ $0 != jar }) else { return }
        try store.saveCookies(jar, for: profile.name)
        saved.withLock { $0 = jar }
    }

    /// Ends the client (its event streams and connections), then saves the jar a last time.
    public func shutdown() async {
        await client.shutdown()
        await keeper.withLock { $0 }?.value
        persistCookies()
    }

    private func persistCookies() {
        do {
            try saveCookies()
        } catch {
            problem.withLock { $0 = error }
        }
    }
}
