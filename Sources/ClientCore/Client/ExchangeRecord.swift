import Foundation

/// One exchange as it went, whatever its outcome: its response or error, its events, when it
/// started and how long it took. What every sender — `send`, `run`, `replay`, the TUI — prints,
/// records in a session and history, and shows in the timeline, from this one value.
public struct ExchangeRecord: Sendable {
    public let id: ExchangeID
    public let startedAt: Date
    /// The whole exchange: every attempt, wait and refresh.
    public let elapsed: Duration
    public let result: Result<HTTPResponse, HTTPError>

    /// A request refused before it was sent (an undefined variable): no events, no time.
    public init(refused error: HTTPError, id: ExchangeID) {
        self.init(id: id, startedAt: Date(), elapsed: .zero, result: .failure(error))
    }

    init(id: ExchangeID, startedAt: Date, elapsed: Duration, result: Result<HTTPResponse, HTTPError>) {
        self.id = id
        self.startedAt = startedAt
        self.elapsed = elapsed
        self.result = result
    }

    /// The exchange's events, its ending last.
    public var events: [ClientEvent] { result.events }

    public var milliseconds: Double { elapsed.milliseconds }

    /// How it failed; nil when it succeeded.
    public var error: HTTPError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    /// Whether it ended because it was cancelled (Ctrl+C, Esc).
    public var wasCancelled: Bool { error?.kind == .cancelled }
}

extension HTTPClient {
    /// Sends `request` as `send` does (or opens it as a WebSocket talking through `conversation`)
    /// and returns the exchange as one record, failures included. Cancelling the calling task
    /// cancels the exchange (a `cancelled` failure).
    public func run(_ request: HTTPRequest, id: ExchangeID? = nil, sink: BodySink? = nil,
                    conversation: WebSocketConversation? = nil) async -> ExchangeRecord {
        let id = id ?? makeExchangeID()
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<HTTPResponse, HTTPError>
        do throws(HTTPError) {
            if let conversation {
                result = .success(try await open(request, id: id, conversation: conversation))
            } else {
                result = .success(try await send(request, id: id, sink: sink))
            }
        } catch {
            result = .failure(error)
        }
        return ExchangeRecord(id: id, startedAt: startedAt, elapsed: clock.now - start, result: result)
    }
}

extension Result where Success == HTTPResponse, Failure == HTTPError {
    /// The exchange's events, whichever way it ended.
    public var events: [ClientEvent] {
        switch self {
        case .success(let response): response.events
        case .failure(let error): error.events
        }
    }
}
