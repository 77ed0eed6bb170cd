import Locking

/// Gives every exchange at most `limit`: one monitor task checks the exchanges in flight once a
/// second, and one past its limit is reported as hung (nil), cancelled and left behind, so the
/// soak always moves on even if an exchange never ends (awaiting it inside the task group
/// would hang the whole group).
///
/// One monitor rather than a timer per exchange: a cancelled `Task.sleep` keeps its task and
/// its dispatch timer alive until the original deadline, so 30 s timers for 1 400 exchanges a
/// second pile up ~40 000 sleeping tasks and read as a leak of ~800 bytes per exchange.
final class SoakWatchdog: Sendable {
    private struct Watch {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private let limit: Duration
    private let watches = Locked<[Int: Watch]>([:])
    private let monitor = Locked<Task<Void, Never>?>(nil)

    init(limit: Duration) {
        self.limit = limit
    }

    /// Starts the once-a-second check; `stop()` ends it.
    func start() {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                self?.expireOverdue()
            }
        }
        monitor.withLock { $0 = task }
    }

    func stop() {
        monitor.withLock { $0?.cancel() }
    }

    /// `operation`'s result, or nil when it ran past the limit.
    func run<T: Sendable>(_ id: Int, _ operation: @escaping @Sendable () async -> T) async -> T? {
        let work = Task { await operation() }
        let shot = OneShot<T?>()
        let deadline = ContinuousClock.now + limit
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            shot.arm(continuation)
            watches.withLock { $0[id] = Watch(deadline: deadline, expire: { shot.fire(nil) }) }
            Task {
                let value = await work.value
                shot.fire(value)
            }
        }
        watches.withLock { _ = $0.removeValue(forKey: id) }
        if result == nil { work.cancel() }
        return result
    }

    private func expireOverdue() {
        let now = ContinuousClock.now
        let overdue = watches.withLock { watches in
            let ids = watches.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { watches.removeValue(forKey: $0)?.expire }
        }
        for expire in overdue { expire() }
    }
}

/// A continuation resumed by whichever side fires first; later fires are ignored.
final class OneShot<T: Sendable>: Sendable {
    private let continuation = Locked<CheckedContinuation<T, Never>?>(nil)

    func arm(_ continuation: CheckedContinuation<T, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func fire(_ value: T) {
        let taken = continuation.withLock { slot in
            defer { slot = nil }
            return slot
        }
        taken?.resume(returning: value)
    }
}
