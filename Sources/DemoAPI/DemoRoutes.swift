import Hummingbird
import RequestModel

/// The demo API's routes. `summary` is what `explorer demo-server` prints; the handlers live in
/// the `DemoRoutes+*.swift` extensions, grouped by what they simulate.
public enum DemoRoutes {
    public static let summary: [(path: String, description: String)] = [
        ("/status/{code}", "respond with any status 200-999, body {\"status\":code} (204/304 empty)"),
        ("/flaky/{n}", "first n requests per key fail with 503, then one 200, then it starts over"),
        ("/retry-after/{secs}", "503 with Retry-After first, then 200; ?form=date for an HTTP-date, ?status=429"),
        ("/auth/refresh", "GET/POST: issue a fresh token for the key; ?delay_ms=N slows it, ?fail=1 fails it"),
        ("/auth/protected", "200 with a valid Bearer token for the key, else 401 with WWW-Authenticate"),
        ("/auth/login", "POST {\"user\", \"password\"}: a token for the user and a sid cookie"),
        ("/users/me", "the logged-in user, with the login's Bearer token; else 401"),
        ("/jobs", "POST: start a job (?polls=N, default 3); GET /jobs/{id}: running for N reads, then done"),
        ("/delay/{ms}", "wait ms milliseconds, then 200 {\"delayed_ms\":ms}"),
        ("/redirect/{n}", "302 chain to /redirect/{n-1}, ending with 200 at 0"),
        ("/redirect-to?url=U&status=S", "redirect (default 302) to any URL, cross-origin too"),
        ("/loop", "a redirect to itself, for clients that must notice loops"),
        ("/drop", "announce 100000 bytes, send about 1000, close the connection; ?times=n drops only n times"),
        ("/json/{kb}", "about kb kilobytes of deterministic users JSON, streamed"),
        ("/echo", "the request back as JSON: method, path, query, headers, body"),
        ("/bytes/{n}", "n deterministic pseudo-random bytes (?seed=, default 1), streamed"),
        ("/trickle/{n}?interval_ms=M", "n chunks of 10 bytes, M ms apart (default 100)"),
        ("/upload", "POST/PUT: stream the body, answer {\"bytes\":N,\"fnv1a64\":\"hex\"}"),
        ("/ansi", "text full of terminal escape sequences (title, clear, clipboard, C1), to be shown inert"),
        ("/events?count=N&interval_ms=M&drop_every=K", "Server-Sent Events: ticks with ids, the connection cut after every K; resumes from Last-Event-ID"),
        ("/logs.ndjson?count=N&interval_ms=M", "N log records as NDJSON, one per line, M ms apart"),
        ("/logs.json-seq?count=N&interval_ms=M", "the same records as an RFC 7464 JSON text sequence (each after an RS)"),
        ("/gzip", "a JSON document, gzip-encoded (Content-Encoding: gzip) whatever was asked for"),
        ("/large?mb=N&encoding=gzip", "N MiB (default 10, at most 1024) of 64-byte JSON lines, streamed; gzip-encoded with encoding=gzip"),
        DemoGraphQL.summary,
    ] + DemoWebSockets.summary + [
        // Last, so recorded sessions' route lists (tour.yaml) keep their order.
        (receivedPath, "the last 50 requests of your key as the demo received them: method, target, headers"),
    ]

    /// Dispatches on the first path segment; each handler checks the rest of its shape.
    static func respond(to call: DemoCall) async throws -> Response {
        guard let route = call.segments.first else { return index() }
        switch route {
        case "status": return await status(call)
        case "redirect": return await redirect(call)
        case "redirect-to": return redirectTo(call)
        case "loop": return loop(call)
        case "auth": return try await auth(call)
        case "oauth": return try await oauth(call)
        case ".well-known" where call.segments.dropFirst().first == "oauth-authorization-server": return metadata(call)
        case "flaky": return await flaky(call)
        case "retry-after": return await retryAfter(call)
        case "delay": return try await delay(call)
        case "drop": return await drop(call)
        case "trickle": return await trickle(call)
        case "json": return await json(call)
        case "bytes": return await bytes(call)
        case "echo": return try await echo(call)
        case "received" where call.segments.count == 1: return await received(call)
        case "users": return await users(call)
        case "jobs": return await jobs(call)
        case "upload": return try await upload(call)
        case "ansi": return ansi(call)
        case "events": return await events(call)
        case "logs.ndjson", "logs.json-seq": return await logs(call)
        case "gzip": return gzip(call)
        case "large": return large(call)
        case "graphql" where call.segments.count == 1: return try await DemoGraphQL.respond(call)
        case "ws" where DemoWebSockets.summary.contains(where: { $0.path.hasPrefix(call.path) }): return DemoWebSockets.refusal(call)
        default: return DemoResponses.notFound(path: call.path)
        }
    }

    /// "/" lists the routes, so a first GET on the base URL shows what there is to try.
    static func index() -> Response {
        let routes: [JSONNode] = summary.map { ["path": .string($0.path), "description": .string($0.description)] }
        return DemoResponses.json(.ok, ["routes": .array(routes)])
    }

    /// Runs `body` with the whole-number argument of "/route/{n}", answering 404 for another
    /// shape and 400 for a non-number.
    static func withNumber(_ call: DemoCall, _ body: (Int) async throws -> Response) async rethrows -> Response {
        guard call.segments.count == 2 else { return DemoResponses.notFound(path: call.path) }
        guard let number = call.numericArgument else {
            return DemoResponses.badRequest("expected a whole number in \(call.path), got \(call.segments[1])")
        }
        return try await body(number)
    }
}
