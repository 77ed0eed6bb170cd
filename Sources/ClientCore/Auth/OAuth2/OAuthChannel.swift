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
