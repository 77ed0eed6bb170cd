import ClientCore
import Foundation
import Locking
import ProfileFormat
import Testing
@testable import Profiles
import TestSupport

/// SPEC §11 against a peer nobody here wrote: oauthlib's server classes
/// (Tests/Peers/oauthlib_server.py) for the grants it implements.
@Suite struct OAuthlibPeerTests {
    struct Stats: Decodable, Equatable {
        var client_credentials = 0
        var authorization_code = 0
        var refresh_token = 0
    }

    static func stats(_ base: String) async throws -> Stats {
        let client = HTTPClient()
        defer { Task { await client.shutdown() } }
        return try JSONDecoder().decode(Stats.self, from: try await client.send(HTTPRequest(.get, base + "/stats")).body.data)
    }

    /// A profile on the peer with `auth.oauth2` as `change` sets it, its tokens in a fresh home.
    static func withClient(_ change: (inout Profile.OAuth2, String) -> Void, openBrowser: @escaping @Sendable (String) -> Void = { _ in },
                           _ body: (String, HTTPClient, TokenStore, Profile) async throws -> Void) async throws {
        let base = try await OAuthlibPeer.baseURL()
        let home = TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: home.url))
        var oauth = Profile.OAuth2(grant: .clientCredentials, clientId: "peer-client")
        oauth.clientSecret = "peer-secret"
        oauth.tokenURL = base + "/token"
        change(&oauth, base)
        var profile = Profile(name: "peer")
        profile.baseURL = base + "/"
        profile.timeout = TestTime.scaled(10)
        profile.auth = .oauth2(oauth)
        let client = try profile.makeClient(login: OAuthLogin(store: store, openBrowser: openBrowser))
        try await withCleanup({ try await body(base, client, store, profile) }) { await client.shutdown() }
    }

    static func me(_ response: HTTPResponse) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: String])
    }

    @Test(arguments: ["basic", "post"])
    func clientCredentialsAuthenticateEitherWay(clientAuth: String) async throws {
        try await Self.withClient({ oauth, _ in oauth.clientAuth = clientAuth }) { base, client, _, _ in
            let before = try await Self.stats(base)
            let response = try await client.send(HTTPRequest(.get, "me"))
            #expect(response.status == 200)
            #expect(try Self.me(response)["client"] == "peer-client")
            // Other tests of the suite run at once on the same peer: it issued at least this one.
            #expect(try await Self.stats(base).client_credentials >= before.client_credentials + 1)
            #expect(response.events.contains { if case .authToken("client_credentials", _, "read") = $0.kind { true } else { false } })
        }
    }

    @Test func aWrongSecretIsRefusedWithTheServersError() async throws {
        try await Self.withClient({ oauth, _ in oauth.clientSecret = "wrong" }) { _, client, _, _ in
            let error = await ProfileClientTests.failure(of: HTTPRequest(.get, "me"), on: client, "wrong secret")
            #expect(error?.kind == .authFailed && error?.message.contains("invalid_client") == true)
            #expect(error?.events.contains { if case .authFailed("client_credentials", "invalid_client", _) = $0.kind { true } else { false } } == true)
        }
    }

    /// The authorization code with PKCE S256 through oauthlib (a public client), then a refresh
    /// that rotates: 50 concurrent requests with the stale token cause one.
    @Test func theAuthorizationCodeThenOneRotatingRefreshForFiftyRequests() async throws {
        let browser = HTTPClient()
        browser.validators = []
        let opened = Locked<[String]>([])
        try await Self.withClient({ oauth, base in
            oauth.grant = .authorizationCode
            oauth.clientId = "peer-public"
            oauth.clientSecret = nil
            oauth.authorizationURL = base + "/authorize"
            oauth.scope = "read"
        }, openBrowser: { url in
            opened.withLock { $0.append(url) }
            // oauthlib approves at once: its 302 goes to explorer's loopback listener.
            Task { _ = try await browser.send(HTTPRequest(.get, url)) }
        }) { base, client, store, profile in
            _ = client
            let first = try await client.send(HTTPRequest(.get, "me"))
            #expect(first.status == 200)
            #expect(try Self.me(first)["client"] == "peer-public")
            #expect(opened.withLock { $0.count } == 1)
            var stale = try #require(try store.token(for: "peer"))
            #expect(stale.refreshToken != nil)
            stale.expiresAt = Date(timeIntervalSinceNow: 5)
            try store.save(stale, for: "peer")
            // A new client on the same store (another process, say) reads the stale token from the file.
            let before = try await Self.stats(base)
            let second = try profile.makeClient(login: OAuthLogin(store: store))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await second.send(HTTPRequest(.get, "me")).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            await second.shutdown()
            #expect(statuses == Array(repeating: 200, count: 50))
            let after = try await Self.stats(base)
            #expect(after.refresh_token == before.refresh_token + 1, "one refresh for 50 requests (no other test refreshes on this peer)")
            #expect(try store.token(for: "peer")?.refreshToken != stale.refreshToken, "the rotated refresh token replaced the old one")
        }
        await browser.shutdown()
    }

    @Test func theIssuersMetadataIsOAuthlibs() async throws {
        try await Self.withClient({ oauth, base in
            oauth.tokenURL = nil
            oauth.issuer = base
        }) { base, client, _, _ in
            let response = try await client.send(HTTPRequest(.get, "me"))
            #expect(response.status == 200)
            #expect(response.events.first?.kind == .altStarted(attempt: 1, method: "GET", url: base + "/.well-known/oauth-authorization-server"))
        }
    }
}
