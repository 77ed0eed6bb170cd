import Foundation
import Locking

/// Where a client's OAuth 2.0 tokens are kept between requests and between processes
/// (`Profiles.TokenStore`: a private file per profile, and a lock other processes see).
public protocol OAuthTokenStorage: Sendable {
    func load() throws -> OAuthToken?
    func save(_ token: OAuthToken?) throws
    /// Runs `body` while no other process or task holds the token lock.
    func locked<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
}

/// SPEC §11's rules for having a token, one refresh at a time:
/// - the token in hand is used until it expires within `OAuthToken.refreshMargin`;
/// - then one refresh (or, without a refresh token, the grant) runs for every caller that needs
///   one, in this process (they share it) and across processes (under the storage's lock the
///   stored token is read again and used if another process already replaced the stale one);
/// - a refresh answered `invalid_grant` discards the stored tokens and runs the grant again;
/// - a refresh token the answer does not replace stays; one it replaces is forgotten;
/// - a token just obtained is used for the request it was obtained for, even within the margin.
public actor OAuthTokens {
    /// As configured; `discovered` once the issuer's metadata was read.
    public nonisolated let settings: OAuthSettings
    public nonisolated let grant: OAuthGrant
    private let storage: any OAuthTokenStorage
    private var discovered: OAuthSettings?
    private var current: OAuthToken? {
        didSet { inHand.withLock { $0 = current } }
    }
    /// `current`, readable without waiting on the actor.
    private nonisolated let inHand = Locked<OAuthToken?>(nil)
    private var inFlight: Task<(OAuthToken, OAuthSettings), any Error>?

    public init(settings: OAuthSettings, grant: OAuthGrant, storage: any OAuthTokenStorage) {
        self.settings = settings
        self.grant = grant
        self.storage = storage
    }

    /// A token to send at `now`; a refresh or the grant goes out over `channel` (the caller's:
    /// concurrent callers share the first one's). `rejected` is the access token a server just
    /// answered `401` to: it is replaced even if it looks fresh, unless another refresh already
    /// replaced it.
    public func token(at now: Date = Date(), rejected: String? = nil, over channel: OAuthChannel) async throws -> OAuthToken {
        if let current, current.accessToken != rejected, !current.isStale(at: now) { return current }
        if let inFlight { return try await inFlight.value.0 }
        let task = Task { [settings = discovered ?? settings, grant, storage] in
            try await storage.locked {
                if let stored = try storage.load(), stored.accessToken != rejected, !stored.isStale(at: now) { return (stored, settings) }
                let found = try await Self.discover(settings, grant, channel)
                let obtained = try await Self.obtain(replacing: try storage.load(), found, grant, storage, channel)
                try storage.save(obtained)
                return (obtained, found)
            }
        }
        inFlight = task
        defer { inFlight = nil }
        let (token, found) = try await task.value
        current = token
        discovered = found
        return token
    }

    /// The settings with the issuer's endpoints read (over `channel` when not yet read), for a
    /// revocation, say.
    public func resolvedSettings(over channel: OAuthChannel) async throws -> OAuthSettings {
        if let discovered { return discovered }
        let found = try await Self.discover(settings, grant, channel)
        discovered = found
        return found
    }

    /// The issuer's endpoints read; a document refused is told as the grant's failure.
    private static func discover(_ settings: OAuthSettings, _ grant: OAuthGrant, _ channel: OAuthChannel) async throws -> OAuthSettings {
        do {
            return try await settings.discovered(over: channel)
        } catch let error as OAuthError {
            channel.report(.authFailed(grant: grant.name, error: error.error, description: error.detail))
            throw error
        }
    }

    /// Forgets the tokens: this client's and the stored ones.
    public func forget() throws {
        current = nil
        try storage.save(nil)
    }

    /// The token in hand when it is fresh at `now`, read without waiting on the actor: a request
    /// whose token needs nothing costs what a bearer profile's does.
    public nonisolated func fresh(at now: Date = Date()) -> OAuthToken? {
        inHand.withLock { $0 }.flatMap { $0.isStale(at: now) ? nil : $0 }
    }

    /// A refresh when there is a refresh token, else the grant; `invalid_grant` on the refresh
    /// runs the grant. Each outcome is reported as `auth.token` or `auth.failed`.
    private static func obtain(replacing stale: OAuthToken?, _ settings: OAuthSettings, _ grant: OAuthGrant,
                               _ storage: any OAuthTokenStorage, _ channel: OAuthChannel) async throws -> OAuthToken {
        guard let refreshToken = stale?.refreshToken else { return try await run(grant, settings, channel) }
        let refresh = OAuthGrant(name: "refresh_token") { settings, channel in
            let answer = try await channel.send(try settings.refresh(refreshToken))
            var token = try TokenResponse.read(status: answer.status, body: answer.body, at: Date()).get()
            token.refreshToken = token.refreshToken ?? refreshToken
            return token
        }
        do {
            return try await run(refresh, settings, channel)
        } catch let error as OAuthError where error.error == "invalid_grant" {
            try storage.save(nil)
            return try await run(grant, settings, channel)
        }
    }

    private static func run(_ grant: OAuthGrant, _ settings: OAuthSettings, _ channel: OAuthChannel) async throws -> OAuthToken {
        do {
            let token = try await grant.obtain(settings, channel)
            channel.report(.authToken(grant: grant.name, expiresIn: token.expiresAt.map { Int($0.timeIntervalSinceNow.rounded()) }, scope: token.scope))
            return token
        } catch let error as OAuthError {
            channel.report(.authFailed(grant: grant.name, error: error.error, description: error.detail))
            throw error
        } catch {
            if !(error is CancellationError) {
                channel.report(.authFailed(grant: grant.name, error: "request_failed", description: (error as? HTTPError)?.message ?? String(describing: error)))
            }
            throw error
        }
    }
}
