import AsyncHTTPClient
import Synchronization

/// One AHC client of the transport's pool with the count of requests using it, so that an
/// evicted client is shut down only once its last request is over: AHC's shutdown cancels
/// the requests still running on it.
final class PooledClient: Sendable {
    let client: AsyncHTTPClient.HTTPClient
    private let inFlight = Atomic<Int>(0)
    private let isRetired = Atomic<Bool>(false)
    private let isShutDown = Atomic<Bool>(false)

    init(_ client: AsyncHTTPClient.HTTPClient) {
        self.client = client
    }

    /// A request starts on this client. Called under the pool's lock, so never after `retire()`.
    func begin() {
        inFlight.add(1, ordering: .sequentiallyConsistent)
    }

    /// A request that `begin()` counted is over (its body read or its failure known).
    func end() {
        let left = inFlight.subtract(1, ordering: .sequentiallyConsistent).newValue
        if left == 0 && isRetired.load(ordering: .sequentiallyConsistent) { shutDownInBackground() }
    }

    /// Evicted from the pool: no request starts here any more; shut down after the last one ends.
    func retire() {
        isRetired.store(true, ordering: .sequentiallyConsistent)
        if inFlight.load(ordering: .sequentiallyConsistent) == 0 { shutDownInBackground() }
    }

    /// Retired and shut down (or shutting down): nothing more to wait for.
    var isDone: Bool { isShutDown.load(ordering: .sequentiallyConsistent) }

    /// Shuts down now, cancelling whatever still runs (the transport itself shuts down).
    func shutDown() async {
        guard claimShutdown() else { return }
        try? await client.shutdown()
    }

    private func shutDownInBackground() {
        guard claimShutdown() else { return }
        client.shutdown { _ in }
    }

    /// True for the one caller that gets to shut the client down; `end()` and `retire()` may race.
    private func claimShutdown() -> Bool {
        isShutDown.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
    }
}
