import Foundation
import Hummingbird
import RequestModel

/// The demo's OAuth 2.0 authorization server (SPEC §11), under `/oauth`: metadata (RFC 8414),
/// the token endpoint for client credentials, authorization codes with PKCE, device codes and
/// refreshes that rotate, the consent page, device authorization, revocation (RFC 7009), and a
/// protected resource. `?ttl=S` on the token endpoint sets how long its access tokens live;
/// `?rotate=0` answers a refresh without a new refresh token (the old one stays good).
extension DemoRoutes {
    static func oauth(_ call: DemoCall) async throws -> Response {
        let server = call.scenarios.oauth
        switch (call.method, Array(call.segments.dropFirst())) {
        case (.get, [".well-known", "openid-configuration"]): return metadata(call)
        case (.post, ["token"]): return try await token(call, server)
        case (.get, ["authorize"]): return await authorize(call, server)
        case (.get, ["approve"]):
            guard let approved = await server.approve(call.query["request"] ?? "") else { return oauthError(.badRequest, "invalid_request", "no such authorization request") }
            var target = URLComponents(string: approved.redirectURI)
            target?.queryItems = [URLQueryItem(name: "code", value: approved.code)] + (approved.state.map { [URLQueryItem(name: "state", value: $0)] } ?? [])
            var headers = HTTPFields()
            headers[.location] = target?.string ?? approved.redirectURI
            return Response(status: .found, headers: headers)
        case (.post, ["device"]): return try await device(call, server)
        case (.get, ["verify"]): return page("Device approval", "The demo approves every device code by itself after a few polls. You may close this page.")
        case (.post, ["revoke"]):
            await server.revoke(try await form(call)["token"] ?? "")
            return Response(status: .ok)
        case (.get, ["me"]):
            if let token = bearerToken(call.request.headers[.authorization]), let grant = await server.grant(ofAccessToken: token) {
                return DemoResponses.json(.ok, ["client": .string(grant.client), "scope": .string(grant.scope)])
            }
            var headers = HTTPFields()
            headers[.wwwAuthenticate] = #"Bearer error="invalid_token""#
            return DemoResponses.error(.unauthorized, "invalid_token", headers: headers)
        default: return DemoResponses.notFound(path: call.path)
        }
    }

    /// `/.well-known/oauth-authorization-server/oauth` (RFC 8414 §3.1) and the OpenID location.
    static func metadata(_ call: DemoCall) -> Response {
        let issuer = "http://\(call.request.head.authority ?? "127.0.0.1")/oauth"
        return DemoResponses.json(.ok, [
            "issuer": .string(issuer),
            "authorization_endpoint": .string(issuer + "/authorize"),
            "token_endpoint": .string(issuer + "/token"),
            "device_authorization_endpoint": .string(issuer + "/device"),
            "revocation_endpoint": .string(issuer + "/revoke"),
            "grant_types_supported": ["client_credentials", "authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        ])
    }

    private static func token(_ call: DemoCall, _ server: DemoAuthorizationServer) async throws -> Response {
        let form = try await form(call)
        guard let client = authenticatedClient(call, form) else {
            var headers = HTTPFields()
            headers[.wwwAuthenticate] = #"Basic realm="demo""#
            return oauthError(.unauthorized, "invalid_client", "unknown client or wrong secret", headers: headers)
        }
        let ttl = call.query["ttl"].flatMap(Double.init) ?? 30
        let grantType = form["grant_type"] ?? ""
        let grant: DemoAuthorizationServer.Grant
        switch grantType {
        case "client_credentials":
            guard case .some(.some) = DemoAuthorizationServer.clients[client] else {
                return oauthError(.badRequest, "unauthorized_client", "a public client cannot use client_credentials")
            }
            return tokenAnswer(await server.issue(.init(client: client, scope: form["scope"] ?? ""), ttl: ttl, refreshable: false, grantType: grantType),
                               ttl: ttl, scope: form["scope"] ?? "")
        case "refresh_token":
            let refreshToken = form["refresh_token"] ?? ""
            guard let spent = await server.spendRefreshToken(refreshToken, client: client) else {
                return oauthError(.badRequest, "invalid_grant", "the refresh token is unknown, spent or revoked")
            }
            if call.query["rotate"] == "0" {
                // RFC 6749 §6 allows keeping the refresh token: the answer then has none.
                await server.keepRefreshToken(refreshToken, for: spent)
                return tokenAnswer(await server.issue(spent, ttl: ttl, refreshable: false, grantType: grantType), ttl: ttl, scope: spent.scope)
            }
            grant = spent
        case "authorization_code":
            guard let spent = await server.spendCode(form["code"] ?? "", client: client, redirectURI: form["redirect_uri"], verifier: form["code_verifier"]) else {
                return oauthError(.badRequest, "invalid_grant", "the code is unknown or spent, or the verifier or redirect_uri does not match")
            }
            grant = spent
        case "urn:ietf:params:oauth:grant-type:device_code":
            switch await server.poll(form["device_code"] ?? "", client: client) {
            case .approved(let approved): grant = approved
            case .error(let error): return oauthError(.badRequest, error, nil)
            }
        default:
            return oauthError(.badRequest, "unsupported_grant_type", "grant_type \(grantType.debugDescription) is not one the demo knows")
        }
        return tokenAnswer(await server.issue(grant, ttl: ttl, grantType: grantType), ttl: ttl, scope: grant.scope)
    }

    /// An authorization request checked as RFC 6749 §4.1.1 and RFC 7636 ask, then the consent page.
    private static func authorize(_ call: DemoCall, _ server: DemoAuthorizationServer) async -> Response {
        let query = Dictionary(call.query.pairs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let client = query["client_id"], DemoAuthorizationServer.clients[client] != nil else {
            return page("Unknown client", "client_id \((query["client_id"] ?? "").debugDescription) is not a demo client.", status: .badRequest)
        }
        guard let redirect = query["redirect_uri"].flatMap(URLComponents.init(string:)), redirect.scheme == "http",
              ["127.0.0.1", "localhost", "[::1]", "::1"].contains(redirect.host ?? "") else {
            return page("Bad redirect", "redirect_uri must be a loopback http URL (RFC 8252).", status: .badRequest)
        }
        guard query["response_type"] == "code", query["code_challenge_method"] == "S256", query["code_challenge"]?.isEmpty == false else {
            return page("Bad request", "response_type=code and a S256 code_challenge are required.", status: .badRequest)
        }
        let id = await server.pendingAuthorization(query, grant: .init(client: client, scope: query["scope"] ?? ""))
        return page("Authorize \(client)?", "\(client) asks for: \(query["scope"] ?? "(no scope)"). <a id=\"approve\" href=\"/oauth/approve?request=\(id)\">Approve</a>")
    }

    private static func device(_ call: DemoCall, _ server: DemoAuthorizationServer) async throws -> Response {
        let form = try await form(call)
        guard let client = authenticatedClient(call, form) else { return oauthError(.unauthorized, "invalid_client", "unknown client or wrong secret") }
        let interval = call.query["interval"].flatMap(Double.init) ?? 1
        let expiresIn = call.query["expires_in"].flatMap(Double.init) ?? 120
        let started = await server.startDevice(.init(client: client, scope: form["scope"] ?? ""), approveAfter: call.query.int("approve_after") ?? 3,
                                               interval: interval, expiresIn: expiresIn)
        let verify = "http://\(call.request.head.authority ?? "127.0.0.1")/oauth/verify"
        return DemoResponses.json(.ok, [
            "device_code": .string(started.deviceCode), "user_code": .string(started.userCode),
            "verification_uri": .string(verify), "verification_uri_complete": .string(verify + "?user_code=" + started.userCode),
            "expires_in": .number(String(Int(expiresIn))), "interval": .number(String(Int(interval))),
        ])
    }

    /// The client a token or device request comes from (RFC 6749 §2.3.1): Basic credentials or
    /// `client_id`/`client_secret` in the body for `demo-client`, `client_id` alone for `demo-public`.
    private static func authenticatedClient(_ call: DemoCall, _ form: DemoQuery) -> String? {
        var id = form["client_id"], secret = form["client_secret"]
        if let authorization = call.request.headers[.authorization], authorization.lowercased().hasPrefix("basic "),
           let decoded = Data(base64Encoded: String(authorization.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
           let colon = decoded.firstIndex(of: ":") {
            id = DemoQuery.decode(decoded[..<colon])
            secret = DemoQuery.decode(decoded[decoded.index(after: colon)...])
        }
        guard let id, let known = DemoAuthorizationServer.clients[id] else { return nil }
        return known == secret ? id : nil
    }

    private static func form(_ call: DemoCall) async throws -> DemoQuery {
        var request = call.request
        let body = try await request.collectBody(upTo: 64 * 1024)
        return DemoQuery(String(buffer: body))
    }

    private static func tokenAnswer(_ issued: (access: String, refresh: String?), ttl: Double, scope: String) -> Response {
        var answer: [JSONNode.Member] = [.init("access_token", .string(issued.access)), .init("token_type", "Bearer"),
                                         .init("expires_in", .number(String(Int(ttl)))), .init("scope", .string(scope))]
        if let refresh = issued.refresh { answer.append(.init("refresh_token", .string(refresh))) }
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        return DemoResponses.json(.ok, .object(answer), headers: headers)
    }

    /// RFC 6749 §5.2.
    private static func oauthError(_ status: HTTPResponse.Status, _ error: String, _ description: String?, headers: HTTPFields = [:]) -> Response {
        DemoResponses.json(status, .object([.init("error", .string(error))] + (description.map { [.init("error_description", .string($0))] } ?? [])),
                           headers: headers)
    }

    private static func page(_ title: String, _ body: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        let html = "<!doctype html><title>\(title)</title><h1>\(title)</h1><p>\(body)</p>"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
