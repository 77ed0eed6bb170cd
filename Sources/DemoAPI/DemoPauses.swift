import Locking

/// The routes' waits (slow answers, trickled bodies, delayed refreshes), which shutdown cuts short.
///
/// Shutting down by cancelling the server's task instead races NIO: a connection accepted but
/// not yet served at that moment trips "Deinited NIOAsyncWriter without calling finish()".
/// Ending the waits lets the graceful shutdown finish on its own.
final class DemoPauses: Sendable {
    private struct State {
        var stopping = false
        var nextID = 0
        var waits: [Int: Task<Void, any Error>] = [:]
    }

    private let state = Locked(State())

    /// Sleeps for `duration`; throws `CancellationError` once the server is stopping.
    func sleep(for duration: Duration) async throws {
        let wait = Task { try await Task.sleep(for: duration) }
        let id: Int? = state.withLock { state in
            guard !state.stopping else { return nil }
            state.nextID += 1
            state.waits[state.nextID] = wait
            return state.nextID
        }
        guard let id else {
            wait.cancel()
            throw CancellationError()
        }
        defer { _ = state.withLock { $0.waits.removeValue(forKey: id) } }
        try await withTaskCancellationHandler {
            try await wait.value
        } onCancel: {
            wait.cancel()
        }
    }

    /// Ends every wait in progress and every later one at once.
    func stopAll() {
        let waits = state.withLock { state in
            state.stopping = true
            defer { state.waits = [:] }
            return Array(state.waits.values)
        }
        for wait in waits { wait.cancel() }
    }
}
