import ClientCore
import Foundation

/// Sends a session's exchanges again on a client and records what happens now, for `replay` and
/// for the TUI's re-send. Make it before sending anything: it follows the client's events from then on.
public struct SessionReplayer: Sendable {
    public let client: HTTPClient
    public let recorder: SessionRecorder
    private let events: ExchangeEvents

    public init(client: HTTPClient, recorder: SessionRecorder) {
        self.client = client
        self.recorder = recorder
        self.events = ExchangeEvents(client.events())
    }

    /// The exchange as it went this time: the same name, request (secrets masked as the recorder
    /// says) and check, new events and outcome.
    /// Cancelling the calling task cancels the exchange (its outcome is then a `cancelled` failure).
    public func replay(_ exchange: Session.Exchange) async -> Session.Exchange {
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<HTTPResponse, HTTPError>
        var recorded: [ClientEvent] = []
        do throws(HTTPError) {
            let request = try exchange.request.withoutRedactedHeaders.httpRequest()
            let id = client.makeExchangeID()
            do throws(HTTPError) {
                result = .success(try await client.send(request, id: id))
            } catch {
                result = .failure(error)
            }
            recorded = await events.take(id)
        } catch {
            result = .failure(error)
        }
        let elapsed = clock.now - start
        // Credentials the client holds now (a refreshed token) must not stay in a body either.
        let recorder = recorder.including(credentialsOf: client)
        var replayed = recorder.exchange(name: exchange.name, request: exchange.request, events: recorded, result: result,
                                         startedAt: startedAt, elapsedMs: Double(elapsed.components.seconds) * 1000
                                             + Double(elapsed.components.attoseconds) / 1e15)
        // The request as it was asked for, its secrets masked unless the session keeps them.
        replayed.request = recorder.request(exchange.request)
        replayed.check = exchange.check
        return replayed
    }
}
