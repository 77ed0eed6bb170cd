import Hummingbird
import RequestModel

/// Token refresh and a protected resource, for exercising a client's refresh-and-retry logic.
extension DemoRoutes {
    static func auth(_ call: DemoCall) async throws -> Response {
        guard call.segments.count == 2 else { return DemoResponses.notFound(path: call.path) }
        switch call.segments[1] {
        case "refresh": return try await refresh(call)
        case "protected": return await protected(call)
        case "login": return try await login(call)
        default: return DemoResponses.notFound(path: call.path)
        }
    }

    /// Each success replaces the key's token, so a client that refreshes twice invalidates
    /// its first token: concurrent callers must share one refresh.
    static func refresh(_ call: DemoCall) async throws -> Response {
        guard call.method == .get || call.method == .post else {
            return DemoResponses.methodNotAllowed(allowed: [.get, .post])
        }
        // The delay comes first so that concurrent refreshes are all in flight together.
        if let delay = call.query.int("delay_ms"), delay > 0 {
            try await call.pauses.sleep(for: .milliseconds(delay))
        }
        if call.query["fail"] == "1" {
            return DemoResponses.error(.internalServerError, "refresh failed")
        }
        let token = await call.scenarios.issueToken(key: call.key)
        return DemoResponses.json(.ok, ["token": .string(token)])
    }

    static func protected(_ call: DemoCall) async -> Response {
        if let token = bearerToken(call.request.headers[.authorization]),
            await call.scenarios.isValid(token: token, key: call.key)
        {
            return DemoResponses.json(.ok, ["ok": true, "token": .string(token)])
        }
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer"
        return DemoResponses.error(.unauthorized, "token expired or missing", headers: headers)
    }

    /// The auth scheme is case-insensitive (RFC 9110 §11.1).
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingPrefix(while: { $0 == " " })
        return token.isEmpty ? nil : String(token)
    }
}
