import ClientCore
import Foundation
import Locking

/// The system clock, except that every wait in progress can be cut short: the TUI's "skip the
/// retry wait" key ends a backoff at once, and the exchange goes on as if it had elapsed.
final class SkippableClock: ExchangeClock {
    private enum Waiter {
        case waiting(CheckedContinuation<Void, any Error>, timer: Task<Void, Never>)
        /// Cancelled before it was registered: the registration must finish at once.
        case cancelledEarly
    }

    private let base = SystemClock()
    private let waiters = Locked<[UUID: Waiter]>([:])

    func now() -> TimeInterval { base.now() }

    func sleep(seconds: TimeInterval) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(seconds), tolerance: .zero)
                    self?.finish(id, with: .success(()))
                }
                let cancelledEarly = waiters.withLock { waiters in
                    if case .cancelledEarly = waiters[id] {
                        waiters[id] = nil
                        return true
                    }
                    waiters[id] = .waiting(continuation, timer: timer)
                    return false
                }
                if cancelledEarly {
                    timer.cancel()
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            finish(id, with: .failure(CancellationError()))
        }
    }

    /// Ends every wait in progress now, as if its time had come. Returns how many there were.
    @discardableResult
    func skipWaits() -> Int {
        let ids = waiters.withLock { Array($0.keys) }
        return ids.reduce(0) { count, id in count + (finish(id, with: .success(())) ? 1 : 0) }
    }

    @discardableResult
    private func finish(_ id: UUID, with result: Result<Void, any Error>) -> Bool {
        let waiter = waiters.withLock { waiters -> Waiter? in
            let waiter = waiters.removeValue(forKey: id)
            if waiter == nil, case .failure = result { waiters[id] = .cancelledEarly }
            return waiter
        }
        guard case .waiting(let continuation, let timer) = waiter else { return false }
        timer.cancel()
        continuation.resume(with: result)
        return true
    }
}
