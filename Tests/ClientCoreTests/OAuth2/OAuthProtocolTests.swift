import ClientCore
import Foundation
import Testing

/// The pure rules of SPEC §11's OAuth 2.0, each against its RFC's own examples where it has one.
@Suite struct OAuthProtocolTests {
    /// RFC 7636 appendix B.
    @Test func theS256ChallengeIsTheRFCsExample() {
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let fresh = PKCE(), other = PKCE()
        #expect(fresh.verifier.count == 43 && fresh.verifier != other.verifier)
        #expect(fresh.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(PKCE.method == "S256")
    }

    /// RFC 6749 §2.3.1: the id and secret form-urlencoded, then Basic; `post` puts them in the body.
    @Test func clientAuthenticationEncodesTheIdAndSecret() async throws {
        #expect(try await Self.authorization(ClientAuthentication(clientId: "s6BhdRkqt3", clientSecret: "gX1fBat3bV").auth)
            == "Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW")
        let reserved = ClientAuthentication(clientId: "a b:c", clientSecret: "ä%&+")
        #expect(try await Self.authorization(reserved.auth) == "Basic " + Data("a+b%3Ac:%C3%A4%25%26%2B".utf8).base64EncodedString())
        #expect(reserved.parameters.isEmpty)
        let post = ClientAuthentication(clientId: "cli", clientSecret: "s", method: .post)
        #expect(post.auth == nil && post.parameters.map(\.name) == ["client_id", "client_secret"])
        let publicClient = ClientAuthentication(clientId: "cli", clientSecret: nil)
        #expect(publicClient.auth == nil && publicClient.parameters.map(\.value) == ["cli"])
    }

    /// The `Authorization` header a request with `auth` goes out with.
    static func authorization(_ auth: HTTPAuth?) async throws -> String? {
        let client = HTTPClient()
        var request = HTTPRequest(.post, "http://127.0.0.1:9/token")
        request.auth = auth
        let prepared = Result { () throws(HTTPError) in try client.prepare(request) }
        await client.shutdown()
        return try prepared.get().headers["Authorization"]
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func read(_ status: Int, _ body: String) -> Result<OAuthToken, OAuthError> {
        TokenResponse.read(status: status, body: Data(body.utf8), at: now)
    }

    @Test func aTokenIsABearerTokenWithAnAbsoluteExpiry() {
        let token = try? Self.read(200, #"{"access_token":"a","token_type":"bearer","expires_in":"3600","refresh_token":"r","scope":"read"}"#).get()
        #expect(token == OAuthToken(accessToken: "a", refreshToken: "r", scope: "read", expiresAt: Self.now.addingTimeInterval(3600)))
        let forever = try? Self.read(200, #"{"access_token":"a","token_type":"Bearer"}"#).get()
        #expect(forever?.expiresAt == nil && forever?.isStale(at: Self.now) == false)
        #expect(token?.isStale(at: Self.now.addingTimeInterval(3571)) == true, "refreshed 30 s before it expires")
        #expect(token?.isStale(at: Self.now.addingTimeInterval(3569)) == false)
    }

    /// RFC 6749 §5.2 errors as sent, control characters removed; a 200 with `error` is an error.
    @Test func anErrorIsNeverTakenAsAToken() {
        #expect(Self.read(200, #"{"error":"invalid_grant","access_token":"a","token_type":"Bearer"}"#) == .failure(OAuthError("invalid_grant")))
        let hostile = Self.read(400, #"{"error":"invalid_client","error_description":"bad\u001b[31m id\nline two"}"#)
        #expect(hostile == .failure(OAuthError("invalid_client", detail: "bad[31m idline two")))
        #expect((try? hostile.get()) == nil)
        guard case .failure(let error) = hostile else { return }
        #expect(error.description == "invalid_client: bad[31m idline two")
    }

    @Test func answersThatAreNoTokenAreRefusedWithTheReason() {
        #expect(Self.read(200, #"{"access_token":"a","token_type":"mac"}"#)
            == .failure(OAuthError("unsupported_token_type", detail: "token_type \"mac\" is not Bearer, the only kind explorer sends")))
        #expect(Self.read(200, "<html>") == .failure(OAuthError("invalid_response", detail: "the token endpoint answered 200 with a body that is not a JSON object")))
        #expect(Self.read(500, "{}") == .failure(OAuthError("invalid_response", detail: "the token endpoint answered 500 without an error")))
        #expect(Self.read(200, #"{"token_type":"Bearer"}"#) == .failure(OAuthError("invalid_response", detail: "the token endpoint's answer has no access_token")))
    }

    /// RFC 8414 §3.1: the well-known segment goes between the host and the issuer's path.
    @Test func metadataIsLookedForWhereTheRFCsSay() {
        #expect(AuthorizationServer.metadataURLs(issuer: "https://example.com/issuer1") == [
            "https://example.com/.well-known/oauth-authorization-server/issuer1",
            "https://example.com/issuer1/.well-known/openid-configuration",
        ])
        #expect(AuthorizationServer.metadataURLs(issuer: "http://[::1]:8080/a/") == [
            "http://[::1]:8080/.well-known/oauth-authorization-server/a",
            "http://[::1]:8080/a/.well-known/openid-configuration",
        ])
        #expect(AuthorizationServer.metadataURLs(issuer: "http://127.0.0.1:8080/") == [
            "http://127.0.0.1:8080/.well-known/oauth-authorization-server",
            "http://127.0.0.1:8080/.well-known/openid-configuration",
        ])
    }

    @Test func metadataOfAnotherIssuerIsRefused() {
        let server = AuthorizationServer(issuer: "https://login.example.com", tokenEndpoint: "https://login.example.com/own-token")
        let metadata = Data(#"{"issuer":"https://login.example.com","token_endpoint":"https://x/t","device_authorization_endpoint":"https://x/d"}"#.utf8)
        let completed = try? server.completed(byMetadata: metadata, from: "m").get()
        #expect(completed?.tokenEndpoint == "https://login.example.com/own-token", "the profile's endpoint wins")
        #expect(completed?.deviceAuthorizationEndpoint == "https://x/d")
        let other = server.completed(byMetadata: Data(#"{"issuer":"https://evil.example"}"#.utf8), from: "m")
        #expect(other == .failure(OAuthError("invalid_metadata", detail: #"m names the issuer "https://evil.example", not "https://login.example.com""#)))
    }

    @Test func endpointsAreHTTPSOrOnALoopbackHost() {
        for allowed in ["https://login.example.com/t", "http://127.0.0.1:9/t", "http://localhost/t", "http://[::1]:8080/t"] {
            #expect(AuthorizationServer.problem(with: allowed) == nil, "\(allowed)")
        }
        #expect(AuthorizationServer.problem(with: "http://login.example.com/t") == "http://login.example.com/t must use https (plain http is allowed only on a loopback host)")
        #expect(AuthorizationServer.problem(with: "/token") == "\"/token\" is not an absolute URL")
        #expect(AuthorizationServer(issuer: "https://a", tokenEndpoint: "http://b/t").problem != nil)
    }

    /// RFC 8628 §3.5: `slow_down` adds 5 s to this and every later interval.
    @Test func devicePollingSlowsDownAndStops() {
        var polling = DevicePolling(interval: nil, expiresIn: 60)
        #expect(polling.next(after: OAuthError("authorization_pending"), elapsed: 0) == .wait(5))
        #expect(polling.next(after: OAuthError("slow_down"), elapsed: 5) == .wait(10))
        #expect(polling.next(after: OAuthError("authorization_pending"), elapsed: 15) == .wait(10))
        #expect(polling.next(after: OAuthError("slow_down"), elapsed: 25) == .wait(15))
        #expect(polling.next(after: OAuthError("authorization_pending"), elapsed: 50) == .stop(OAuthError("expired_token",
            detail: "the device code expired after 60 s without an approval")))
        #expect(polling.next(after: OAuthError("access_denied"), elapsed: 1) == .stop(OAuthError("access_denied")))
    }
}
