import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

/// The demo's authorization server (SPEC §11) as a client sees it over HTTP: every grant, the
/// refresh that rotates, PKCE and the consent page, device polling, revocation, metadata.
@Suite struct OAuthServerTests {
    static let basic = ("Authorization", "Basic " + Data("demo-client:demo-secret".utf8).base64EncodedString())
    static let formType = ("Content-Type", "application/x-www-form-urlencoded")

    static func post(_ client: HTTPClient, _ url: String, _ form: String, headers: [(String, String)] = [basic]) async throws -> Fetched {
        try await client.fetch(url, method: .POST, headers: headers + [formType], body: Array(form.utf8))
    }

    @Test func metadataNamesTheIssuerAndItsEndpoints() async throws {
        try await withDemoServer { server, client in
            let origin = String(server.baseURL.dropLast())
            for path in [".well-known/oauth-authorization-server/oauth", "oauth/.well-known/openid-configuration"] {
                let metadata = try await client.fetch(server.baseURL + path).object()
                #expect(metadata["issuer"] as? String == origin + "/oauth", "\(path)")
                #expect(metadata["token_endpoint"] as? String == origin + "/oauth/token")
                #expect(metadata["code_challenge_methods_supported"] as? [String] == ["S256"])
            }
        }
    }

    @Test func clientCredentialsNeedTheSecretAndGiveNoRefreshToken() async throws {
        try await withDemoServer { server, client in
            let answer = try await Self.post(client, server.baseURL + "oauth/token?ttl=5", "grant_type=client_credentials&scope=read")
            #expect(answer.status == 200 && answer.header("Cache-Control") == "no-store")
            let token = try answer.object()
            #expect(token["token_type"] as? String == "Bearer" && token["expires_in"] as? Int == 5 && token["refresh_token"] == nil)
            let me = try await client.fetch(server.baseURL + "oauth/me", headers: [("Authorization", "Bearer \(token["access_token"] as? String ?? "")")])
            #expect(try me.object()["client"] as? String == "demo-client")

            let wrong = try await Self.post(client, server.baseURL + "oauth/token", "grant_type=client_credentials",
                                            headers: [("Authorization", "Basic " + Data("demo-client:nope".utf8).base64EncodedString())])
            #expect(wrong.status == 401)
            #expect(try wrong.object()["error"] as? String == "invalid_client")
            let inBody = try await Self.post(client, server.baseURL + "oauth/token", "grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret", headers: [])
            #expect(inBody.status == 200)
            let publicClient = try await Self.post(client, server.baseURL + "oauth/token", "grant_type=client_credentials&client_id=demo-public", headers: [])
            #expect(try publicClient.object()["error"] as? String == "unauthorized_client")
        }
    }

    /// RFC 7636: the code is bound to its challenge and redirect URI, and spent once.
    @Test func anAuthorizationCodeNeedsItsVerifierAndIsSpentOnce() async throws {
        try await withDemoServer { server, client in
            let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
            let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
            let redirect = "http://127.0.0.1:9/callback"
            let consent = try await client.fetch(server.baseURL + "oauth/authorize?response_type=code&client_id=demo-public&redirect_uri="
                + redirect + "&scope=read&state=xyz&code_challenge=\(challenge)&code_challenge_method=S256")
            #expect(consent.status == 200)
            let approve = try #require(consent.text.split(separator: "\"").first { $0.hasPrefix("/oauth/approve?") })
            let redirected = try await client.fetch(String(server.baseURL.dropLast()) + approve)
            #expect(redirected.status == 302)
            let location = try #require(URLComponents(string: redirected.header("Location") ?? ""))
            #expect(location.host == "127.0.0.1" && location.path == "/callback")
            #expect(location.queryItems?.first { $0.name == "state" }?.value == "xyz")
            let code = try #require(location.queryItems?.first { $0.name == "code" }?.value)

            let exchange = "grant_type=authorization_code&client_id=demo-public&code=\(code)&redirect_uri=\(redirect)"
            let wrong = try await Self.post(client, server.baseURL + "oauth/token", exchange + "&code_verifier=x", headers: [])
            #expect(try wrong.object()["error"] as? String == "invalid_grant")
            let plain = try await client.fetch(server.baseURL + "oauth/authorize?response_type=code&client_id=demo-public&redirect_uri="
                + redirect + "&code_challenge=\(verifier)&code_challenge_method=plain")
            #expect(plain.status == 400, "plain is never accepted")

            // The code is spent by the failed try too: a fresh one is asked for.
            let again = try await client.fetch(server.baseURL + "oauth/authorize?response_type=code&client_id=demo-public&redirect_uri="
                + redirect + "&code_challenge=\(challenge)&code_challenge_method=S256")
            let approveAgain = try #require(again.text.split(separator: "\"").first { $0.hasPrefix("/oauth/approve?") })
            let second = try await client.fetch(String(server.baseURL.dropLast()) + approveAgain)
            let secondCode = try #require(URLComponents(string: second.header("Location") ?? "")?.queryItems?.first { $0.name == "code" }?.value)
            let body = "grant_type=authorization_code&client_id=demo-public&code=\(secondCode)&redirect_uri=\(redirect)&code_verifier=\(verifier)"
            let token = try await Self.post(client, server.baseURL + "oauth/token", body, headers: [])
            #expect(try token.object()["refresh_token"] is String)
            let reused = try await Self.post(client, server.baseURL + "oauth/token", body, headers: [])
            #expect(try reused.object()["error"] as? String == "invalid_grant")
        }
    }

    /// A refresh token is good once: the refresh answers a new one and the old is spent.
    @Test func refreshTokensRotate() async throws {
        try await withDemoServer { server, client in
            let device = try await Self.post(client, server.baseURL + "oauth/device?interval=0&approve_after=1", "scope=jobs").object()
            let first = try await Self.post(client, server.baseURL + "oauth/token",
                                            "grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=\(device["device_code"] as? String ?? "")").object()
            let refresh = try #require(first["refresh_token"] as? String)
            let second = try await Self.post(client, server.baseURL + "oauth/token", "grant_type=refresh_token&refresh_token=\(refresh)").object()
            #expect(second["refresh_token"] as? String != refresh && second["scope"] as? String == "jobs")
            let spent = try await Self.post(client, server.baseURL + "oauth/token", "grant_type=refresh_token&refresh_token=\(refresh)")
            #expect(spent.status == 400)
            #expect(try spent.object()["error"] as? String == "invalid_grant")

            let revoke = try await Self.post(client, server.baseURL + "oauth/revoke", "token=\(second["access_token"] as? String ?? "")")
            #expect(revoke.status == 200)
            let revoked = try await client.fetch(server.baseURL + "oauth/me", headers: [("Authorization", "Bearer \(second["access_token"] as? String ?? "")")])
            #expect(revoked.status == 401)
        }
    }

    /// RFC 8628 §3.5: pending until approved, `slow_down` when polled sooner than the interval.
    @Test func aDeviceCodeIsPendingThenApprovedAndSlowedDown() async throws {
        try await withDemoServer { server, client in
            let device = try await Self.post(client, server.baseURL + "oauth/device?interval=5&approve_after=2", "client_id=demo-public", headers: []).object()
            #expect(device["user_code"] is String && (device["verification_uri"] as? String)?.hasSuffix("/oauth/verify") == true)
            #expect(device["interval"] as? Int == 5 && device["expires_in"] as? Int == 120)
            let poll = "grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=demo-public&device_code=\(device["device_code"] as? String ?? "")"
            #expect(try await Self.post(client, server.baseURL + "oauth/token", poll, headers: []).object()["error"] as? String == "authorization_pending")
            #expect(try await Self.post(client, server.baseURL + "oauth/token", poll, headers: []).object()["error"] as? String == "slow_down")

            let quick = try await Self.post(client, server.baseURL + "oauth/device?interval=0&approve_after=2", "client_id=demo-public", headers: []).object()
            let quickPoll = "grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=demo-public&device_code=\(quick["device_code"] as? String ?? "")"
            #expect(try await Self.post(client, server.baseURL + "oauth/token", quickPoll, headers: []).object()["error"] as? String == "authorization_pending")
            #expect(try await Self.post(client, server.baseURL + "oauth/token", quickPoll, headers: []).object()["access_token"] is String)
            #expect(try await Self.post(client, server.baseURL + "oauth/token", quickPoll, headers: []).object()["error"] as? String == "invalid_grant")
        }
    }
}
