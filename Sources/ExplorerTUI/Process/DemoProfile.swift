import ClientCore
import DemoAPI
import ExplorerApp
import Foundation
import Profiles
import RequestModel

/// The built-in `demo` profile: the embedded demo API on a free 127.0.0.1 port, and
/// `Profile.demo` on it (retries with backoff and a token refresh to watch). Shared by `send`,
/// `replay` and the TUI; `profiles show demo` prints the same profile.
struct DemoProfile: Sendable {
    static let name = ProfileName.demo

    /// Which built-in profile runs on it (`ProfileName.builtIns`).
    let name: String
    let server: DemoServer
    /// Scopes the demo API's per-client state (flaky counters, tokens) to this run.
    let key: String

    static func start(_ name: String = ProfileName.demo) async throws -> DemoProfile {
        let server = try await DemoServer.start(host: "127.0.0.1", port: 0)
        return DemoProfile(name: name, server: server, key: "explorer-\(UUID().uuidString.prefix(8).lowercased())")
    }

    var baseURL: String { server.baseURL }

    /// The profile as it runs: this server's base URL and this run's key.
    var profile: Profile { Profile.builtIn(name, baseURL: baseURL, key: key) ?? Profile.demo(baseURL: baseURL, key: key) }

    /// A client on the demo API with the profile's headers, retry budget and validators.
    func makeClient(configuration: HTTPClient.Configuration = HTTPClient.Configuration()) throws(ProfileProblem) -> HTTPClient {
        try profile.makeClient(configuration: configuration)
    }

    func shutdown() async {
        await server.shutdown()
    }
}

extension DemoProfile {
    /// What a newcomer can send at once in the TUI (Ctrl+N steps through them): one that
    /// succeeds, one that fails twice before it succeeds, one that needs a token refresh, and
    /// one whose server asks for a pause with Retry-After; then
    /// a body to edit and a body full of escape sequences the viewer must show inert; last, an
    /// event stream that drops and resumes, and a log in NDJSON, arriving row by row.
    static func readyRequests(for name: String) -> [RequestSpec] {
        name == ProfileName.demoOAuth ? oauthReadyRequests : readyRequests
    }

    /// The demo-oauth profile's: the protected resource (a token fetched on the first send,
    /// refreshed once it nears its expiry), then the demo's own requests with the token on them.
    static let oauthReadyRequests = [
        RequestSpec(name: "who am I", method: "GET", url: "oauth/me"),
        RequestSpec(name: "users", method: "GET", url: "json/2"),
        RequestSpec(name: "flaky", method: "GET", url: "flaky/2"),
    ]

    static let readyRequests = [
        RequestSpec(name: "users", method: "GET", url: "json/2"),
        RequestSpec(name: "flaky", method: "GET", url: "flaky/2"),
        RequestSpec(name: "token refresh", method: "GET", url: "auth/protected"),
        RequestSpec(name: "Retry-After", method: "GET", url: "retry-after/3"),
        RequestSpec(name: "echo", method: "POST", url: "echo", headers: [NamedValue("X-Note", "hello")],
                     body: .json("{\n  \"greeting\": \"hello\",\n  \"count\": 3\n}")),
        RequestSpec(name: "escape sequences", method: "GET", url: "ansi"),
        RequestSpec(name: "event stream", method: "GET", url: "events?count=20&interval_ms=250&drop_every=8"),
        RequestSpec(name: "NDJSON log", method: "GET", url: "logs.ndjson?count=40&interval_ms=100"),
    ] + webSocketReadyRequests + graphQLReadyRequests

    /// The demo's GraphQL (SPEC §13): a query with variables, and one whose `flaky` field fails
    /// (partial data: the errors are listed, the exchange succeeds).
    static let graphQLReadyRequests = [
        RequestSpec(name: "GraphQL users", method: "POST", url: "graphql",
                    body: .graphql(GraphQLBody(query: "query Users($first: Int) {\n  users(first: $first) {\n    id\n    name\n    role\n  }\n}",
                                               variables: "{\"first\": 2}"))),
        RequestSpec(name: "GraphQL partial data", method: "POST", url: "graphql",
                    body: .graphql(GraphQLBody(query: "{\n  users { name }\n  flaky { name }\n}"))),
    ]

    /// The demo's WebSockets (SPEC §12), on its http base URL: the echo (type in the Body pane,
    /// Ctrl+S sends), the clock, and the chat with its subprotocol.
    static let webSocketReadyRequests = [
        RequestSpec(name: "WebSocket echo", method: "GET", url: "ws/echo"),
        RequestSpec(name: "WebSocket clock", method: "GET", url: "ws/clock"),
        RequestSpec(name: "WebSocket chat", method: "GET", url: "ws/chat", headers: [NamedValue("Sec-WebSocket-Protocol", "chat.v1")]),
    ].map { spec in
        var spec = spec
        spec.webSocket = true
        return spec
    }
}
