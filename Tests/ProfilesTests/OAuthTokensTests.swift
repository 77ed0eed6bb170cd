import ClientCore
import DemoAPI
import Foundation
import Testing
import TestSupport
@testable import Profiles

/// SPEC §11's refresh rules, with the demo's authorization server and a token file on disk.
@Suite struct OAuthTokensTests {
    /// A ClientCore client for token requests (no validator: an error answer is read, not thrown),
    /// the demo server, and a token store in a fresh home.
    typealias Send = @Sendable (HTTPRequest) async throws -> (status: Int, body: Data)

    static func withServer(_ body: (DemoServer, OAuthSettings, OAuthChannel, TokenStore) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        let client = try HTTPClient(baseURL: server.baseURL)
        client.validators = []
        let requests = OAuthSettings(server: AuthorizationServer(tokenEndpoint: server.baseURL + "oauth/token?ttl=60",
                                                                 deviceAuthorizationEndpoint: server.baseURL + "oauth/device?interval=0&approve_after=1"),
                                     client: ClientAuthentication(clientId: "demo-client", clientSecret: "demo-secret"))
        let channel = OAuthChannel(send: { request in
            let response = try await client.send(request)
            return (response.status, response.body.data)
        }, report: { _ in })
        let home = TemporaryDirectory()
        try await withCleanup({ try await body(server, requests, channel, TokenStore(home: ExplorerHome(directory: home.url))) }) {
            await client.shutdown()
            await server.shutdown()
        }
    }

    /// A token with a refresh token, from the device grant, stored as already stale.
    static func storeStaleToken(_ requests: OAuthSettings, _ channel: OAuthChannel, in store: TokenStore) async throws -> OAuthToken {
        let send = channel.send
        let device = try DeviceAuthorization.read(status: 200, body: try await send(try requests.deviceAuthorization()).body).get()
        let answer = try await send(try requests.devicePoll(deviceCode: device.deviceCode))
        var token = try TokenResponse.read(status: answer.status, body: answer.body, at: Date()).get()
        token.expiresAt = Date().addingTimeInterval(10)
        try store.save(token, for: "api")
        return token
    }

    @Test func fiftyRequestsWithAStaleTokenCauseOneRefresh() async throws {
        try await Self.withServer { server, requests, channel, store in
            let stale = try await Self.storeStaleToken(requests, channel, in: store)
            let tokens = OAuthTokens(settings: requests, grant: .clientCredentials, storage: store.storage(for: "api"))
            let got = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<50 { group.addTask { try await tokens.token(over: channel).accessToken } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(got.count == 1 && !got.contains(stale.accessToken))
            #expect(await server.oauthTokensIssued(grantType: "refresh_token") == 1)
            let stored = try store.token(for: "api")
            #expect(stored?.accessToken == got.first && stored?.refreshToken != stale.refreshToken, "the rotated refresh token replaced the old one")
        }
    }

    /// Two processes (two clients, one token file): the second finds the first's new token under
    /// the lock and does not spend the rotated refresh token again.
    @Test func twoProcessesShareOneRefresh() async throws {
        try await Self.withServer { server, requests, channel, store in
            _ = try await Self.storeStaleToken(requests, channel, in: store)
            let first = OAuthTokens(settings: requests, grant: .clientCredentials, storage: store.storage(for: "api"))
            let second = OAuthTokens(settings: requests, grant: .clientCredentials, storage: store.storage(for: "api"))
            async let a = first.token(over: channel)
            async let b = second.token(over: channel)
            let (one, two) = try await (a, b)
            #expect(one == two)
            #expect(await server.oauthTokensIssued(grantType: "refresh_token") == 1)
            #expect(await server.oauthTokensIssued(grantType: "client_credentials") == 0)
        }
    }

    /// `invalid_grant` on the refresh: the stored tokens are discarded and the grant runs again.
    @Test func aRefusedRefreshRunsTheGrantAgain() async throws {
        try await Self.withServer { server, requests, channel, store in
            try store.save(OAuthToken(accessToken: "old", refreshToken: "rt-spent", expiresAt: Date(timeIntervalSinceNow: -5)), for: "api")
            let tokens = OAuthTokens(settings: requests, grant: .clientCredentials, storage: store.storage(for: "api"))
            let token = try await tokens.token(over: channel)
            #expect(token.accessToken != "old" && token.refreshToken == nil)
            #expect(await server.oauthTokensIssued(grantType: "client_credentials") == 1)
            #expect(try store.token(for: "api") == token)
        }
    }

    /// A `401` to a fresh-looking token replaces it once; a caller holding an older rejected
    /// token gets the one already obtained.
    @Test func aRejectedTokenIsReplacedOnce() async throws {
        try await Self.withServer { server, requests, channel, store in
            let tokens = OAuthTokens(settings: requests, grant: .clientCredentials, storage: store.storage(for: "api"))
            let first = try await tokens.token(over: channel)
            #expect(try await tokens.token(over: channel) == first, "a fresh token is used as it is")
            let replaced = try await tokens.token(rejected: first.accessToken, over: channel)
            #expect(replaced.accessToken != first.accessToken)
            #expect(try await tokens.token(rejected: first.accessToken, over: channel) == replaced)
            #expect(await server.oauthTokensIssued(grantType: "client_credentials") == 2)
        }
    }

    /// RFC 6749 §6: an answer without a new refresh token keeps the old one (`rotate=0` makes
    /// the demo answer so).
    @Test func aRefreshWithoutANewRefreshTokenKeepsTheOld() async throws {
        try await Self.withServer { server, requests, channel, store in
            let stale = try await Self.storeStaleToken(requests, channel, in: store)
            var keeping = requests
            keeping.server.tokenEndpoint = server.baseURL + "oauth/token?ttl=60&rotate=0"
            let tokens = OAuthTokens(settings: keeping, grant: .clientCredentials, storage: store.storage(for: "api"))
            let refreshed = try await tokens.token(over: channel)
            #expect(refreshed.accessToken != stale.accessToken && refreshed.refreshToken == stale.refreshToken)
            #expect(try store.token(for: "api")?.refreshToken == stale.refreshToken)
        }
    }
}
