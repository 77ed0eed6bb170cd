import Locking

/// One-shot hand-off of the bound port (or the start failure) from the server task to `start`.
/// Either side may come first, so the result is parked until someone waits for it.
final class StartupSignal: Sendable {
    private enum State {
        case pending(CheckedContinuation<Int, any Error>?)
        case done(Result<Int, any Error>)
    }

    private let state = Locked<State>(.pending(nil))

    /// Only the first resolution counts; a later server stop must not resume twice.
    func resolve(_ result: Result<Int, any Error>) {
        let waiter: CheckedContinuation<Int, any Error>? = state.withLock { state in
            guard case .pending(let continuation) = state else { return nil }
            state = .done(result)
            return continuation
        }
        waiter?.resume(with: result)
    }

    func wait() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Int, any Error>? = state.withLock { state in
                switch state {
                case .pending:
                    state = .pending(continuation)
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
