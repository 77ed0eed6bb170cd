import Foundation

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
    /// Sends a token request and gives back the status and body, whatever the status (an error
    /// answer is read, RFC 6749 §5.2).
    public typealias Send = @Sendable (HTTPRequest) async throws -> (status: Int, body: Data)
    /// Runs the profile's grant (client credentials, device code, authorization code).
    public typealias Grant = @Sendable (OAuthSettings, Send) async throws -> OAuthToken

    private let requests: OAuthSettings
    private let storage: any OAuthTokenStorage
    private let grant: Grant
    private let send: Send
    private var current: OAuthToken?
    private var inFlight: Task<OAuthToken, any Error>?

    public init(requests: OAuthSettings, storage: any OAuthTokenStorage, send: @escaping Send, grant: @escaping Grant) {
        self.requests = requests
        self.storage = storage
        self.send = send
        self.grant = grant
    }

    /// A token to send at `now`. `rejected` is the access token a server just answered `401`
    /// to: it is replaced even if it looks fresh, unless another refresh already replaced it.
    public func token(at now: Date = Date(), rejected: String? = nil) async throws -> OAuthToken {
        if let current, current.accessToken != rejected, !current.isStale(at: now) { return current }
        if let inFlight { return try await inFlight.value }
        let task = Task { [requests, storage, send, grant] in
            try await storage.locked {
                if let stored = try storage.load(), stored.accessToken != rejected, !stored.isStale(at: now) { return stored }
                let obtained = try await Self.obtain(replacing: try storage.load(), requests, storage, send, grant)
                try storage.save(obtained)
                return obtained
            }
        }
        inFlight = task
        defer { inFlight = nil }
        let token = try await task.value
        current = token
        return token
    }

    /// A refresh when there is a refresh token, else the grant; `invalid_grant` on the refresh
    /// runs the grant.
    private static func obtain(replacing stale: OAuthToken?, _ requests: OAuthSettings, _ storage: any OAuthTokenStorage,
                               _ send: @escaping Send, _ grant: @escaping Grant) async throws -> OAuthToken {
        guard let refreshToken = stale?.refreshToken else { return try await grant(requests, send) }
        let answer = try await send(try requests.refresh(refreshToken))
        switch TokenResponse.read(status: answer.status, body: answer.body, at: Date()) {
        case .success(var token):
            token.refreshToken = token.refreshToken ?? refreshToken
            return token
        case .failure(let error) where error.error == "invalid_grant":
            try storage.save(nil)
            return try await grant(requests, send)
        case .failure(let error):
            throw error
        }
    }

    /// The client-credentials grant (RFC 6749 §4.4): one token request, no user.
    public static let clientCredentials: Grant = { requests, send in
        let answer = try await send(try requests.clientCredentials())
        return try TokenResponse.read(status: answer.status, body: answer.body, at: Date()).get()
    }
}
