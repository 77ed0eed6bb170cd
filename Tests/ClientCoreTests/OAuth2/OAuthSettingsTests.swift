import ClientCore
import DemoAPI
import Foundation
import Testing

/// The requests of SPEC §11's grants, as built and as the demo authorization server answers them.
@Suite struct OAuthSettingsTests {
    static func requests(_ base: String, secret: String? = "demo-secret", method: ClientAuthentication.Method = .basic) -> OAuthSettings {
        OAuthSettings(server: AuthorizationServer(authorizationEndpoint: base + "oauth/authorize", tokenEndpoint: base + "oauth/token?ttl=60",
                                                  deviceAuthorizationEndpoint: base + "oauth/device?interval=0&approve_after=2",
                                                  revocationEndpoint: base + "oauth/revoke"),
                      client: ClientAuthentication(clientId: secret == nil ? "demo-public" : "demo-client", clientSecret: secret, method: method),
                      scope: "read jobs", params: [QueryItem("audience", "https://api.example")])
    }

    @Test func aTokenRequestIsAFormPostThatAsksForJSON() throws {
        let request = try Self.requests("http://127.0.0.1:9/").clientCredentials()
        #expect(request.method == .post && request.route == "http://127.0.0.1:9/oauth/token?ttl=60")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.auth == .basic(username: "demo-client", password: "demo-secret"))
        #expect(Self.fields(request) == ["grant_type=client_credentials", "scope=read jobs", "audience=https://api.example"])
        let post = try Self.requests("http://127.0.0.1:9/", method: .post).refresh("r1")
        #expect(post.auth == nil)
        #expect(Self.fields(post) == ["grant_type=refresh_token", "refresh_token=r1", "scope=read jobs", "client_id=demo-client", "client_secret=demo-secret"])
        let publicClient = try Self.requests("http://127.0.0.1:9/", secret: nil).exchange(code: "c", verifier: "v", redirectURI: "http://127.0.0.1:5/callback")
        #expect(Self.fields(publicClient) == ["grant_type=authorization_code", "code=c", "redirect_uri=http://127.0.0.1:5/callback", "code_verifier=v",
                                              "audience=https://api.example", "client_id=demo-public"])
    }

    /// A form body's fields as `name=value`, in order.
    static func fields(_ request: HTTPRequest) -> [String] {
        guard case .form(let entries) = request.body else { return [] }
        return entries.map { entry in
            guard case .string(let value) = entry.value else { return entry.name + "=?" }
            return entry.name + "=" + value
        }
    }

    @Test func endpointsThatAreMissingOrPlainHTTPAreRefusedBeforeSending() {
        var requests = Self.requests("http://login.example.com/")
        #expect(throws: OAuthError("invalid_configuration", detail: "http://login.example.com/oauth/token?ttl=60 must use https (plain http is allowed only on a loopback host)")) {
            try requests.clientCredentials()
        }
        requests.server.tokenEndpoint = nil
        #expect(throws: OAuthError("invalid_configuration", detail: "no tokenURL: name it in the profile, or give an issuer whose metadata has it")) {
            try requests.clientCredentials()
        }
    }

    @Test func theAuthorizationURLCarriesTheS256Challenge() throws {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        let url = try Self.requests("http://127.0.0.1:9/", secret: nil).authorizationURL(state: "s t", pkce: pkce, redirectURI: "http://127.0.0.1:5/callback")
        #expect(url == "http://127.0.0.1:9/oauth/authorize?response_type=code&client_id=demo-public&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcallback"
            + "&scope=read+jobs&state=s+t&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&audience=https%3A%2F%2Fapi.example")
    }

    /// RFC 6749 §4.1.2: only the grant's own state is an answer.
    @Test func theCallbackIsTheGrantsOnlyWithItsState() {
        #expect(AuthorizationCallback(query: [QueryItem("code", "c1"), QueryItem("state", "s")], state: "s") == .code("c1"))
        #expect(AuthorizationCallback(query: [QueryItem("code", "c1"), QueryItem("state", "other")], state: "s") == .notOurs)
        #expect(AuthorizationCallback(query: [QueryItem("code", "c1")], state: "s") == .notOurs)
        #expect(AuthorizationCallback(query: [QueryItem("error", "access_denied"), QueryItem("error_description", "no\u{1B}[2J"), QueryItem("state", "s")], state: "s")
            == .failed(OAuthError("access_denied", detail: "no[2J")))
    }

    @Test func aDeviceAuthorizationIsReadWithItsDefaults() {
        let body = Data(#"{"device_code":"d","user_code":"AB-CD","verification_uri":"https://x/device","expires_in":"600"}"#.utf8)
        let read = try? DeviceAuthorization.read(status: 200, body: body).get()
        #expect(read?.deviceCode == "d" && read?.userCode == "AB-CD" && read?.verificationURI == "https://x/device")
        #expect(read?.verificationURIComplete == nil && read?.expiresIn == 600 && read?.interval == nil)
        #expect(DeviceAuthorization.read(status: 400, body: Data(#"{"error":"invalid_client"}"#.utf8)) == .failure(OAuthError("invalid_client")))
    }

    /// The pieces together against the demo's authorization server, through ClientCore: a
    /// client-credentials token opens the protected resource; a device grant's token refreshes
    /// and the spent refresh token is refused.
    @Test func theGrantsRunAgainstTheDemoServer() async throws {
        // No validator: a token endpoint's 400 is an answer to read (RFC 6749 §5.2), not a failure.
        try await withDemo(validators: []) { server, client in
            let requests = Self.requests(server.baseURL)
            let answer = try await client.send(try requests.clientCredentials())
            let token = try TokenResponse.read(status: answer.status, body: answer.body.data, at: Date()).get()
            #expect(token.refreshToken == nil && token.scope == "read jobs")
            let me = try await client.send(HTTPRequest(.get, "oauth/me").header("Authorization", "Bearer \(token.accessToken)"))
            #expect(me.status == 200)

            let device = try DeviceAuthorization.read(status: 200, body: try await client.send(try requests.deviceAuthorization()).body.data).get()
            var polling = DevicePolling(interval: device.interval, expiresIn: device.expiresIn)
            var granted: OAuthToken?
            for attempt in 0..<5 where granted == nil {
                let poll = try await client.send(try requests.devicePoll(deviceCode: device.deviceCode))
                switch TokenResponse.read(status: poll.status, body: poll.body.data, at: Date()) {
                case .success(let token): granted = token
                case .failure(let error): #expect(polling.next(after: error, elapsed: Double(attempt)) == .wait(0))
                }
            }
            let refresh = try #require(granted?.refreshToken)
            let rotated = try await client.send(try requests.refresh(refresh))
            #expect(try TokenResponse.read(status: rotated.status, body: rotated.body.data, at: Date()).get().refreshToken != refresh)
            let spent = try await client.send(try requests.refresh(refresh))
            #expect(TokenResponse.read(status: spent.status, body: spent.body.data, at: Date())
                == .failure(OAuthError("invalid_grant", detail: "the refresh token is unknown, spent or revoked")))
        }
    }
}
