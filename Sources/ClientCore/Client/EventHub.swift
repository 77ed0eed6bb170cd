import Locking
import Synchronization

/// Fans a client's events out to its subscribers. With none, publishing is one
/// atomic load: nothing is buffered or formatted.
final class EventHub: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<ClientEvent>.Continuation]>([:])
    private let subscriberCount = Atomic<Int>(0)
    private let nextToken = Atomic<Int>(0)

    var hasSubscribers: Bool { subscriberCount.load(ordering: .acquiring) > 0 }

    func publish(_ event: ClientEvent) {
        guard hasSubscribers else { return }
        subscribers.withLock { subscribers in
            for continuation in subscribers.values { continuation.yield(event) }
        }
    }

    /// A stream of every event published from now on. A reader that falls more than
    /// `bufferLimit` events behind loses the oldest ones rather than growing memory.
    func subscribe(bufferLimit: Int) -> AsyncStream<ClientEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClientEvent.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let token = nextToken.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[token] = continuation }
        subscriberCount.add(1, ordering: .releasing)
        continuation.onTermination = { [weak self] _ in self?.remove(token) }
        return stream
    }

    /// Ends every stream; readers see the events already yielded, then the end.
    func finishAll() {
        let all = subscribers.withLock { subscribers in
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        subscriberCount.store(0, ordering: .releasing)
        for continuation in all { continuation.finish() }
    }

    private func remove(_ token: Int) {
        let removed = subscribers.withLock { $0.removeValue(forKey: token) != nil }
        if removed { subscriberCount.subtract(1, ordering: .releasing) }
    }
}
