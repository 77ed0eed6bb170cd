import HTTPTypes
import Hummingbird
import RequestModel

/// What a first request chain needs (issue 17): a login that answers a token and sets a session
/// cookie, a resource that needs the token, and a job that runs for a few polls before it is done.
extension DemoRoutes {
    /// `POST /auth/login` with `{"user": …, "password": …}` (any password but an empty one).
    static func login(_ call: DemoCall) async throws -> Response {
        guard call.method == .post else { return DemoResponses.methodNotAllowed(allowed: [.post]) }
        var request = call.request
        let body = try await request.collectBody(upTo: 1 << 20)
        guard let credentials = JSONNode.parse(String(decoding: body.readableBytesView, as: UTF8.self)),
              case .string(let user)? = credentials["user"], !user.isEmpty else {
            return DemoResponses.badRequest("expected a JSON body {\"user\": …, \"password\": …}")
        }
        guard case .string(let password)? = credentials["password"], !password.isEmpty else {
            return DemoResponses.error(.unauthorized, "wrong user or password")
        }
        let token = await call.scenarios.logIn(user: user, key: call.key)
        var headers = HTTPFields()
        headers[.setCookie] = "sid=\(token.dropFirst(4)); Path=/; HttpOnly"
        headers[HTTPField.Name("X-Request-Id")!] = "login-\(token.suffix(8))"
        return DemoResponses.json(.ok, ["token": .string(token), "user": .string(user)], headers: headers)
    }

    /// `GET /users/me` with the login's Bearer token: who is logged in.
    static func users(_ call: DemoCall) async -> Response {
        guard call.segments.count == 2, call.segments[1] == "me" else { return DemoResponses.notFound(path: call.path) }
        guard let token = bearerToken(call.request.headers[.authorization]),
              let user = await call.scenarios.user(token: token, key: call.key) else {
            var headers = HTTPFields()
            headers[.wwwAuthenticate] = "Bearer"
            return DemoResponses.error(.unauthorized, "log in first: POST /auth/login, then send its token", headers: headers)
        }
        return DemoResponses.json(.ok, ["name": .string(user), "email": .string("\(user)@example.com"), "roles": ["admin", "user"]])
    }

    /// `POST /jobs` starts a job (`?polls=N`, default 3: it answers `running` to its first N
    /// reads); `GET /jobs/{id}` reads it.
    static func jobs(_ call: DemoCall) async -> Response {
        switch (call.method, call.segments.count) {
        case (.post, 1):
            let polls = max(0, min(call.query.int("polls") ?? 3, 1_000))
            let id = await call.scenarios.startJob(polls: polls, key: call.key)
            var headers = HTTPFields()
            headers[.location] = "/jobs/\(id)"
            return DemoResponses.json(.created, ["id": .string(id), "state": "running"], headers: headers)
        case (.get, 2):
            guard let done = await call.scenarios.readJob(id: call.segments[1], key: call.key) else {
                return DemoResponses.notFound(path: call.path)
            }
            return DemoResponses.json(.ok, done ? ["id": .string(call.segments[1]), "state": "done", "result": ["items": 3]]
                                                : ["id": .string(call.segments[1]), "state": "running"])
        case (_, 1): return DemoResponses.methodNotAllowed(allowed: [.post])
        case (_, 2): return DemoResponses.methodNotAllowed(allowed: [.get])
        default: return DemoResponses.notFound(path: call.path)
        }
    }
}
