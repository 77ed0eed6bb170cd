import Dispatch
import Foundation
import Locking

/// Delivers signals to a handler instead of their default action (which kills the process
/// before it can drain its events or shut a server down). `stop()` restores the defaults.
final class SignalWatcher {
    private let signals: [Int32]
    private var sources: [any DispatchSourceSignal] = []

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        for number in signals {
            // The dispatch source only sees the signal once the default action is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // A second Ctrl-C should still be able to kill a process that hangs on cleanup.
                signal(number, SIG_DFL)
                handler(number)
            }
            source.resume()
            sources.append(source)
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in signals { signal(number, SIG_DFL) }
    }

    deinit { stop() }

    /// Waits until one of `signals` arrives and returns it.
    static func wait(for signals: [Int32]) async -> Int32 {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        let watcher = SignalWatcher(signals) { continuation.yield($0) }
        defer { watcher.stop() }
        for await number in stream { return number }
        return SIGTERM
    }
}

/// Runs `work` in a task of its own that Ctrl-C (SIGINT) cancels: how `send`, `run` and
/// `replay` stop what they are sending. `cancelled` says whether it was.
/// - Parameter executor: where the task runs (a client's, so its exchange starts without a hop).
func cancellableByInterrupt<Value: Sendable>(on executor: (any TaskExecutor)? = nil,
                                             _ work: @escaping @Sendable () async -> Value) async -> (value: Value, cancelled: Bool) {
    // The watcher is in place before the work starts: a Ctrl-C the moment the first event is out
    // must cancel it, not kill the process with its events undrained.
    let interrupt = Locked(Interrupt<Value>())
    let watcher = SignalWatcher([SIGINT]) { _ in
        interrupt.withLock { state -> Task<Value, Never>? in
            state.arrived = true
            return state.task
        }?.cancel()
    }
    let task = Task(executorPreference: executor, operation: work)
    if interrupt.withLock({ state -> Bool in
        state.task = task
        return state.arrived
    }) { task.cancel() }
    let value = await task.value
    watcher.stop()
    return (value, task.isCancelled)
}

/// The work `cancellableByInterrupt` runs, and whether Ctrl-C came before it started.
private struct Interrupt<Value: Sendable>: Sendable {
    var task: Task<Value, Never>?
    var arrived = false
}
