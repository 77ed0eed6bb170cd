import ClientCore
import Foundation
import Profiles
import RequestModel

/// Sends a session's exchanges again on a client and records what happens now, for `replay` and
/// for the TUI's re-send.
public struct SessionReplayer: Sendable {
    public let client: HTTPClient
    public let recorder: SessionRecorder
    /// The profile's `vars:`, below a request's own vars and what earlier exchanges captured.
    public let variables: [String: TemplateValue]
    /// How long a replayed WebSocket waits for a recorded incoming message (or the server's close) before going on.
    public var patience: Duration = .seconds(10)

    public init(client: HTTPClient, recorder: SessionRecorder, variables: [String: TemplateValue] = [:]) {
        self.client = client
        self.recorder = recorder
        self.variables = variables
    }

    /// The exchange as it went this time: the same name, request (secrets masked as the recorder
    /// says) and check, new events and outcome.
    /// Cancelling the calling task cancels the exchange (its outcome is then a `cancelled` failure).
    public func replay(_ exchange: Session.Exchange) async -> Session.Exchange {
        var captures: [String: TemplateValue] = [:]
        return await replay(exchange, captures: &captures)
    }

    /// As `replay(_:)`, for a session recorded from a request file (SPEC §8): the request's
    /// `{{name}}` placeholders are filled from `captures` (what earlier exchanges of this replay
    /// captured) and the profile's vars, its captures and asserts run again, and what it captures
    /// now is added to `captures` — so a login chain replays with fresh tokens.
    public func replay(_ exchange: Session.Exchange, captures: inout [String: TemplateValue]) async -> Session.Exchange {
        let record: ExchangeRecord
        do throws(HTTPError) {
            record = await run(try chained(exchange, captures: captures), as: exchange)
        } catch {
            record = ExchangeRecord(refused: error, id: client.makeExchangeID())
        }
        let captured = (try? record.result.get())?.checks?.captured ?? []
        for value in captured { captures[value.name] = TemplateValue(value.value, secret: value.secret) }
        // Credentials the client holds now (a refreshed token) and secrets captured so far must
        // not stay in a body either.
        var recorder = recorder.including(credentialsOf: client)
        recorder.secretValues += captures.values.filter(\.secret).map(\.text)
        var replayed = recorder.exchange(name: exchange.name, request: exchange.request, record: record)
        // The request as it was asked for, its secrets masked unless the session keeps them.
        replayed.request = recorder.request(exchange.request)
        replayed.check = exchange.check
        return replayed
    }

    /// Sends `request`; one that opens a WebSocket plays the recorded conversation into it (its
    /// outgoing messages in order and pacing, then its close) and records the messages.
    private func run(_ request: HTTPRequest, as recorded: Session.Exchange) async -> ExchangeRecord {
        guard client.opensWebSocket(request) else { return await client.run(request) }
        let player = WebSocketScriptPlayer(WebSocketScript(events: recorded.events) ?? .openAndClose, patience: patience)
        let playing = Task { await player.play() }
        defer { playing.cancel() }
        return await client.run(request, conversation: player.conversation)
    }

    /// The request to send, filled in one pass (SPEC §8) from its vars, the captures and the
    /// profile's vars, with its checks attached.
    private func chained(_ exchange: Session.Exchange, captures: [String: TemplateValue]) throws(HTTPError) -> HTTPRequest {
        var scope = VariableScope(environment: ProcessInfo.processInfo.environment)
        scope.profile = variables
        scope.captures = captures
        let spec = exchange.request.withoutRedactedHeaders
        switch RequestRendering(scope).prepare(spec, name: exchange.name ?? spec.summary) {
        case .success(let request): return request
        case .failure(.undefined(let placeholder)):
            throw HTTPError(.invalidURL, "undefined variable \(placeholder): no earlier exchange captured it and the profile has no such var")
        case .failure(let refusal): throw refusal.error
        }
    }
}
