import ClientCore
import DemoAPI
import ExplorerApp
import Foundation

/// The built-in `demo` profile: the embedded demo API on a free 127.0.0.1 port and a client
/// set up to show off retries with backoff and a token refresh. Shared by `send` and the TUI.
struct DemoProfile: Sendable {
    static let name = "demo"

    let server: DemoServer
    /// Scopes the demo API's per-client state (flaky counters, tokens) to this run.
    let key: String

    static func start() async throws -> DemoProfile {
        let server = try await DemoServer.start(host: "127.0.0.1", port: 0)
        return DemoProfile(server: server, key: "explorer-\(UUID().uuidString.prefix(8).lowercased())")
    }

    var baseURL: String { server.baseURL }

    /// A client on the demo API with the profile's headers, retry budget and validators.
    func makeClient(configuration: HTTPClient.Configuration = HTTPClient.Configuration()) throws(HTTPError) -> HTTPClient {
        let client = try HTTPClient(baseURL: baseURL, configuration: configuration)
        client.setHeader("X-Demo-Key", key)
        client.maxRetries = 3
        client.validators = Self.validators()
        return client
    }

    /// Token refresh on 401 first, so a refreshed request is judged afresh; then the standard checks,
    /// with short backoff delays so a retry is visible without a long wait.
    static func validators() -> [any HTTPValidator] {
        [tokenRefresh(), HTTPDefaultValidator(strategy: .exponential(base: 0.2, multiplier: 2, cap: 2, jitter: .full))]
    }

    /// On 401: POST auth/refresh, then send `Authorization: Bearer <token>` on every later attempt.
    static func tokenRefresh() -> HTTPAltRequestValidator {
        HTTPAltRequestValidator(statusCodes: [401], { _, _ in
            HTTPRequest(.post, "auth/refresh")
        }, onReceiveAltResponse: { response, client in
            client.setHeader("Authorization", "Bearer \(try token(in: response))")
        })
    }

    static func token(in response: HTTPResponse) throws -> String {
        guard response.isSuccess,
              let object = try? JSONSerialization.jsonObject(with: response.body.data) as? [String: Any],
              let token = object["token"] as? String, !token.isEmpty
        else { throw DemoProfileError("auth/refresh answered \(response.status) without a token") }
        return token
    }

    func shutdown() async {
        await server.shutdown()
    }
}

struct DemoProfileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension DemoProfile {
    /// What a newcomer can send at once in the TUI (Ctrl+N steps through them): one that
    /// succeeds, one that fails twice before it succeeds, one that needs a token refresh, and
    /// one whose server asks for a pause with Retry-After; then
    /// a body to edit and a body full of escape sequences the viewer must show inert.
    static let readyRequests = [
        ReadyRequest(name: "users", method: "GET", url: "json/2"),
        ReadyRequest(name: "flaky", method: "GET", url: "flaky/2"),
        ReadyRequest(name: "token refresh", method: "GET", url: "auth/protected"),
        ReadyRequest(name: "Retry-After", method: "GET", url: "retry-after/3"),
        ReadyRequest(name: "echo", method: "POST", url: "echo", headers: [RequestDraft.Header("X-Note", "hello")],
                     body: .json("{\n  \"greeting\": \"hello\",\n  \"count\": 3\n}")),
        ReadyRequest(name: "escape sequences", method: "GET", url: "ansi"),
    ]
}
