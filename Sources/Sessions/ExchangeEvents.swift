import ClientCore

/// Gathers a client's events by exchange, so a caller that sent an exchange can have all of its
/// events, its ending included, even when it failed (a failure carries no events of its own).
/// Subscribe before sending: `ExchangeEvents(client.events())`.
public actor ExchangeEvents {
    private var events: [ExchangeID: [ClientEvent]] = [:]
    private var ended: Set<ExchangeID> = []
    /// Ended exchanges nobody took, oldest first: on a shared client most are never asked for.
    private var untaken: [ExchangeID] = []
    private let keep: Int
    private var waiting: [ExchangeID: [CheckedContinuation<[ClientEvent], Never>]] = [:]
    private var finished = false

    /// `keep`: how many ended exchanges nobody has taken yet are kept before the oldest is dropped.
    public init(_ stream: AsyncStream<ClientEvent>, keep: Int = 256) {
        self.keep = keep
        Task { await self.follow(stream) }
    }

    private func follow(_ stream: AsyncStream<ClientEvent>) async {
        for await event in stream { record(event) }
        finished = true
        for (id, continuations) in waiting {
            for continuation in continuations { continuation.resume(returning: events[id] ?? []) }
        }
        waiting = [:]
    }

    private func record(_ event: ClientEvent) {
        events[event.exchange, default: []].append(event)
        switch event.kind {
        case .exchangeCompleted, .exchangeFailed:
            ended.insert(event.exchange)
            untaken.append(event.exchange)
            if untaken.count > keep {
                let oldest = untaken.removeFirst()
                ended.remove(oldest)
                events.removeValue(forKey: oldest)
            }
            for continuation in waiting.removeValue(forKey: event.exchange) ?? [] { continuation.resume(returning: events[event.exchange] ?? []) }
        default: break
        }
    }

    /// Every event of exchange `id` once it has ended (or the stream has), and forgets them.
    public func take(_ id: ExchangeID) async -> [ClientEvent] {
        if !ended.contains(id), !finished {
            _ = await withCheckedContinuation { continuation in waiting[id, default: []].append(continuation) }
        }
        ended.remove(id)
        untaken.removeAll { $0 == id }
        return events.removeValue(forKey: id) ?? []
    }
}
