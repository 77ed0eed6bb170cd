import ClientCore
import DemoAPI
import Foundation
import Locking
import ProfileFormat
import Testing
@testable import Profiles
import TestSupport

/// SPEC §11 through a profile's client, against the demo's authorization server: the token is
/// obtained before the request that needs it (its requests the exchange's alternate requests),
/// sent to the base URL's origin only, replaced once after a 401, and every grant's failure told.
@Suite struct OAuthClientTests {
    /// A profile on the demo API with `auth.oauth2` as `change` sets it, its tokens in a fresh home.
    static func withClient(_ change: (inout Profile.OAuth2, String) -> Void,
                           openBrowser: @escaping @Sendable (String) -> Void = { _ in },
                           _ body: (DemoServer, HTTPClient, TokenStore) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        let home = TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: home.url))
        var oauth = Profile.OAuth2(grant: .clientCredentials, clientId: "demo-client")
        oauth.clientSecret = "demo-secret"
        oauth.tokenURL = server.baseURL + "oauth/token?ttl=60"
        change(&oauth, server.baseURL)
        var profile = Profile(name: "api")
        profile.baseURL = server.baseURL
        profile.timeout = TestTime.scaled(5)
        profile.auth = .oauth2(oauth)
        let client = try profile.makeClient(login: OAuthLogin(store: store, openBrowser: openBrowser))
        try await withCleanup({ try await body(server, client, store) }) {
            await client.shutdown()
            await server.shutdown()
        }
    }

    static func names(_ events: [ClientEvent]) -> [String] { events.map(\.name) }

    @Test func theTokenIsObtainedAsAnAlternateRequestAndStoredPrivately() async throws {
        try await Self.withClient({ _, _ in }) { server, client, store in
            let response = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(response.status == 200)
            let names = Self.names(response.events)
            #expect(Array(names.prefix(4)) == ["alt.started", "alt.finished", "auth.token", "attempt.started"], "\(names)")
            #expect(response.events.contains { if case .authToken("client_credentials", let expiresIn?, _) = $0.kind { (58...60).contains(expiresIn) } else { false } })
            #expect(!response.events.map(\.jsonLine).joined().contains(try #require(client.oauthTokenInUse)), "no event carries the token")
            let attributes = try FileManager.default.attributesOfItem(atPath: store.file(for: "api").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            // The next request uses the stored token: no token request.
            let again = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(!Self.names(again.events).contains("alt.started"))
            #expect(await server.oauthTokensIssued(grantType: "client_credentials") == 1)
        }
    }

    @Test func aRefusedTokenIsReplacedOnceAndTheRequestRetried() async throws {
        try await Self.withClient({ _, _ in }) { server, client, store in
            try store.save(OAuthToken(accessToken: "revoked-elsewhere", expiresAt: Date(timeIntervalSinceNow: 3600)), for: "api")
            let response = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(response.status == 200 && response.attempt == 2)
            #expect(response.events.contains { $0.kind == .validatorDecided(attempt: 1, validator: "oauth2", decision: .retry,
                                                                              reason: "401 to the OAuth token: replace it once and retry") })
            #expect(response.events.contains { $0.kind == .retryScheduled(attempt: 1, strategy: "after token refresh", delayMs: 0, source: .strategy) })
            #expect(try store.token(for: "api")?.accessToken != "revoked-elsewhere")
        }
    }

    @Test func aSecond401IsTheServersAnswer() async throws {
        try await Self.withClient({ oauth, base in oauth.tokenURL = base + "oauth/token?ttl=60" }) { _, client, _ in
            // /auth/protected knows only its own tokens: every OAuth token is refused.
            let error = await ProfileClientTests.failure(of: HTTPRequest(.get, "auth/protected"), on: client, "refused twice")
            #expect(error?.status == 401)
            let decisions = error?.events.filter { if case .validatorDecided(_, "oauth2", .retry, _) = $0.kind { true } else { false } }
            #expect(decisions?.count == 1, "one replacement per exchange")
        }
    }

    @Test func theTokenGoesOnlyToTheBaseURLsOrigin() async throws {
        let other = try await DemoServer.start()
        try await Self.withClient({ _, _ in }) { _, client, _ in
            let response = try await client.send(HTTPRequest(.post, other.baseURL + "echo"))
            let headers = try ProfileClientTests.echoedHeaders(response)
            #expect(headers.keys.contains { $0.lowercased() == "authorization" } == false)
            #expect(!Self.names(response.events).contains("alt.started"), "no token is obtained for another origin")
            // With a token in hand it is withheld from the other origin, and said so.
            _ = try await client.send(HTTPRequest(.get, "oauth/me"))
            let again = try await client.send(HTTPRequest(.post, other.baseURL + "echo"))
            #expect(try ProfileClientTests.echoedHeaders(again).keys.contains { $0.lowercased() == "authorization" } == false)
            #expect(again.events.contains { if case .credentialsWithheld(1, _, let names) = $0.kind { names == ["Authorization"] } else { false } })
            // A 401 from the other origin is its own answer: no token is replaced for it.
            let refused = await ProfileClientTests.failure(of: HTTPRequest(.get, other.baseURL + "oauth/me"), on: client, "another origin's 401")
            #expect(refused?.status == 401 && refused?.events.contains { $0.name == "alt.started" } == false)
        }
        await other.shutdown()
    }

    @Test func theDeviceGrantPollsAsAPoll() async throws {
        try await Self.withClient({ oauth, base in
            oauth.grant = .deviceCode
            oauth.deviceAuthorizationURL = base + "oauth/device?interval=0&approve_after=3"
        }) { _, client, _ in
            let response = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(response.status == 200)
            let device = response.events.compactMap { if case .authDevice(let device) = $0.kind { device } else { nil } }
            #expect(device.count == 1 && device.first?.userCode.isEmpty == false)
            let polls = response.events.filter { if case .retryScheduled(_, _, _, .poll) = $0.kind { true } else { false } }
            #expect(polls.count == 2, "\(Self.names(response.events))")
            #expect(response.events.contains { $0.kind == .validatorDecided(attempt: 1, validator: "oauth2", decision: .retry, reason: "authorization_pending") })
        }
    }

    @Test func aDeviceCodeNeverApprovedStopsAtItsExpiry() async throws {
        try await Self.withClient({ oauth, base in
            oauth.grant = .deviceCode
            oauth.deviceAuthorizationURL = base + "oauth/device?interval=0&approve_after=1000&expires_in=1"
        }) { _, client, _ in
            let error = await ProfileClientTests.failure(of: HTTPRequest(.get, "oauth/me"), on: client, "never approved")
            #expect(error?.kind == .authFailed)
            #expect(error?.events.contains { if case .authFailed("device_code", "expired_token", _) = $0.kind { true } else { false } } == true)
            #expect(!(error?.events.map(\.name).contains("attempt.started") ?? true), "nothing is sent without a token")
        }
    }

    @Test func aTokenErrorIsShownAsSentWithoutControlCharacters() async throws {
        try await Self.withClient({ oauth, _ in oauth.clientSecret = "wrong" }) { _, client, _ in
            let error = await ProfileClientTests.failure(of: HTTPRequest(.get, "oauth/me"), on: client, "wrong secret")
            #expect(error?.kind == .authFailed)
            #expect(error?.message.contains("invalid_client") == true)
        }
    }

    /// The authorization code grant end to end: the "browser" opens the URL, approves on the
    /// consent page and follows the redirect to explorer's loopback listener; a stray callback
    /// with a wrong state is answered 400 first and the wait goes on.
    @Test func theAuthorizationCodeGrantTakesTheCodeFromTheLoopbackRedirect() async throws {
        let opened = Locked<[String]>([])
        let browser = HTTPClient()
        browser.validators = []
        try await Self.withClient({ oauth, base in
            oauth.grant = .authorizationCode
            oauth.clientSecret = nil
            oauth.clientId = "demo-public"
            oauth.authorizationURL = base + "oauth/authorize"
            oauth.scope = "read"
        }, openBrowser: { url in
            opened.withLock { $0.append(url) }
            Task {
                let query = URLComponents(string: url)?.queryItems ?? []
                let redirect = query.first { $0.name == "redirect_uri" }?.value ?? ""
                let stray = try await browser.send(HTTPRequest(.get, redirect + "?code=forged&state=wrong"))
                opened.withLock { $0.append("stray: \(stray.status)") }
                let consent = try await browser.send(HTTPRequest(.get, url))
                let page = String(decoding: consent.body.data, as: UTF8.self)
                guard let link = page.firstMatch(of: /href="([^"]+)"/)?.1 else { return }
                _ = try await browser.send(HTTPRequest(.get, URL(string: String(link), relativeTo: URL(string: url))!.absoluteString))
            }
        }) { _, client, _ in
            let response = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(response.status == 200)
            let urls = opened.withLock { $0 }
            #expect(urls.contains("stray: 400"))
            let url = try #require(urls.first)
            #expect(url.contains("code_challenge_method=S256") && url.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
            #expect(response.events.contains { $0.kind == .authAuthorize(url: url) })
            #expect(response.events.contains { if case .authToken("authorization_code", _, "read") = $0.kind { true } else { false } })
        }
        await browser.shutdown()
    }

    @Test func theIssuersMetadataNamesTheEndpoints() async throws {
        try await Self.withClient({ oauth, base in
            oauth.tokenURL = nil
            oauth.issuer = base + "oauth"
        }) { _, client, _ in
            let response = try await client.send(HTTPRequest(.get, "oauth/me"))
            #expect(response.status == 200)
            let first = try #require(response.events.first)
            #expect(first.kind == .altStarted(attempt: 1, method: "GET", url: client.baseURL!.absoluteString + ".well-known/oauth-authorization-server/oauth"))
        }
    }
}

extension OAuthClientTests {
    /// RFC 8414 §3.3: metadata naming another issuer is refused, and the failure told.
    @Test func metadataOfAnotherIssuerIsRefusedAndTold() async throws {
        try await Self.withClient({ oauth, base in
            oauth.tokenURL = nil
            // The demo's metadata names `…/oauth` as its issuer: `…/oauth/` is another one (RFC 8414 §3.3 compares them exactly).
            oauth.issuer = base + "oauth/"
        }) { _, client, _ in
            let error = await ProfileClientTests.failure(of: HTTPRequest(.get, "oauth/me"), on: client, "another issuer")
            #expect(error?.kind == .authFailed)
            #expect(error?.events.contains { if case .authFailed("client_credentials", "invalid_metadata", let detail?) = $0.kind { detail.contains("names the issuer") } else { false } } == true,
                    "\(error?.events.map(\.name) ?? [])")
        }
    }
}

extension OAuthClientTests {
    /// An `Authorization` the user wrote on the request is theirs: it goes as written, and no
    /// token is fetched for it.
    @Test func aRequestsOwnAuthorizationWinsAndNeedsNoToken() async throws {
        try await Self.withClient({ _, _ in }) { _, client, _ in
            var request = HTTPRequest(.post, "echo")
            request.headers["Authorization"] = "Bearer mine"
            let response = try await client.send(request)
            #expect(try ProfileClientTests.echoedHeaders(response)["Authorization"] == ["Bearer mine"])
            #expect(!Self.names(response.events).contains("alt.started"))
        }
    }
}
