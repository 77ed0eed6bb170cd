import Foundation

/// How a grant's requests go out and where its steps are told. The exchange that needs a token
/// sends the grant's requests as its alternate requests and publishes its steps on its own event
/// stream (SPEC §11); a command with no exchange (`auth login`) prints them instead.
public struct OAuthChannel: Sendable {
    /// Sends a token request and gives back the status and body whatever the status: an error
    /// answer is read, not thrown (RFC 6749 §5.2).
    public var send: @Sendable (HTTPRequest) async throws -> (status: Int, body: Data)
    /// Tells one step (`auth.*`, and a device poll's `validator.decided` and `retry.scheduled`).
    public var report: @Sendable (ClientEvent.Kind) -> Void
    /// Waits between device polls.
    public var sleep: @Sendable (TimeInterval) async throws -> Void
    /// The attempt the token serves, for the poll events that name one.
    public var attempt: Int

    public init(attempt: Int = 1, send: @escaping @Sendable (HTTPRequest) async throws -> (status: Int, body: Data),
                report: @escaping @Sendable (ClientEvent.Kind) -> Void,
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }) {
        self.attempt = attempt
        self.send = send
        self.report = report
        self.sleep = sleep
    }
}

extension OAuthChannel {
    /// Token requests sent by `client` as alternate requests of `attempt` (`alt.started` and
    /// `alt.finished` told with the rest), each answer read whatever its status: no validator
    /// judges them. Waits on the client's clock.
    public static func through(_ client: HTTPClient, attempt: Int = 1, report: @escaping @Sendable (ClientEvent.Kind) -> Void) -> OAuthChannel {
        let send: @Sendable (HTTPRequest) async throws -> (status: Int, body: Data) = { request in
            report(ClientEvent.Kind.altStarted(attempt: attempt, method: request.method.rawValue, url: request.route))
            do {
                let response = try await client.sendQuietly(request, validators: [])
                report(ClientEvent.Kind.altFinished(attempt: attempt, status: response.status, error: nil))
                return (response.status, response.body.data)
            } catch let error as HTTPError {
                report(ClientEvent.Kind.altFinished(attempt: attempt, status: error.status, error: error.message))
                throw error
            }
        }
        let clock = client.configuration.clock
        return OAuthChannel(attempt: attempt, send: send, report: report, sleep: { try await clock.sleep(seconds: $0) })
    }
}
