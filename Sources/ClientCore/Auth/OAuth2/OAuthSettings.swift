import Foundation

/// A client's OAuth 2.0 settings (its server, who it is, the scope and extra `params`) and the
/// requests they make of the authorization server (RFC 6749 §4, RFC 7636, RFC 8628, RFC 7009;
/// SPEC §11) — plain `HTTPRequest`s, the one request type: `POST`, form-urlencoded, `Accept:
/// application/json`, the client's basic credentials as the request's own `auth`.
public struct OAuthSettings: Sendable {
    public var server: AuthorizationServer
    public var client: ClientAuthentication
    public var scope: String?
    /// Extra parameters of token and authorization requests (`audience`, …), in order.
    public var params: [QueryItem]

    public init(server: AuthorizationServer, client: ClientAuthentication, scope: String? = nil, params: [QueryItem] = []) {
        self.server = server
        self.client = client
        self.scope = scope
        self.params = params
    }

    public func clientCredentials() throws(OAuthError) -> HTTPRequest {
        try token([("grant_type", "client_credentials")] + scoped + extra)
    }

    /// `grant_type=refresh_token` (RFC 6749 §6).
    public func refresh(_ refreshToken: String) throws(OAuthError) -> HTTPRequest {
        try token([("grant_type", "refresh_token"), ("refresh_token", refreshToken)] + scoped)
    }

    /// The code and its verifier for a token, with the same `redirect_uri` (RFC 7636 §4.5).
    public func exchange(code: String, verifier: String, redirectURI: String) throws(OAuthError) -> HTTPRequest {
        try token([("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier)] + extra)
    }

    /// RFC 8628 §3.4: one poll for the device code's token.
    public func devicePoll(deviceCode: String) throws(OAuthError) -> HTTPRequest {
        try token([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)])
    }

    /// RFC 8628 §3.1.
    public func deviceAuthorization() throws(OAuthError) -> HTTPRequest {
        try form(to: endpoint(server.deviceAuthorizationEndpoint, "deviceAuthorizationURL"), scoped + extra)
    }

    /// RFC 7009: nil when the server has no revocation endpoint.
    public func revocation(of token: String, hint: String) -> HTTPRequest? {
        guard let url = server.revocationEndpoint else { return nil }
        return try? form(to: url, [("token", token), ("token_type_hint", hint)])
    }

    /// The authorization request the browser opens (RFC 6749 §4.1.1 with RFC 7636's S256 challenge).
    public func authorizationURL(state: String, pkce: PKCE, redirectURI: String) throws(OAuthError) -> String {
        let base = try endpoint(server.authorizationEndpoint, "authorizationURL")
        let items: [(String, String)] = [("response_type", "code"), ("client_id", client.clientId), ("redirect_uri", redirectURI)] + scoped
            + [("state", state), ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method)] + extra
        let query = items.map { PercentEncoding.encodeFormComponent($0.0) + "=" + PercentEncoding.encodeFormComponent($0.1) }.joined(separator: "&")
        return base + (base.contains("?") ? "&" : "?") + query
    }

    private var scoped: [(String, String)] { scope.map { [("scope", $0)] } ?? [] }
    private var extra: [(String, String)] { params.map { ($0.name, $0.value ?? "") } }

    private func token(_ fields: [(String, String)]) throws(OAuthError) -> HTTPRequest {
        try form(to: endpoint(server.tokenEndpoint, "tokenURL"), fields)
    }

    private func form(to url: String, _ fields: [(String, String)]) throws(OAuthError) -> HTTPRequest {
        if let problem = AuthorizationServer.problem(with: url) { throw OAuthError("invalid_configuration", detail: problem) }
        var request = HTTPRequest(.post, url).formURLEncoded((fields + client.parameters.map { ($0.name, $0.value) }).map { QueryEntry($0.0, .string($0.1)) })
        request.headers["Accept"] = "application/json"
        request.auth = client.auth
        request.isAlternate = true
        return request
    }

    private func endpoint(_ url: String?, _ key: String) throws(OAuthError) -> String {
        guard let url else { throw OAuthError("invalid_configuration", detail: "no \(key): name it in the profile, or give an issuer whose metadata has it") }
        return url
    }
}
