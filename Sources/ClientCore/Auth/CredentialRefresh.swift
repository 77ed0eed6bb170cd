/// One credential refresh at a time (Alamofire's AuthenticationInterceptor idea):
/// exchanges that need one while it runs wait for it and share its outcome; an attempt
/// built before the latest change of the client's headers needs none.
actor CredentialRefresh {
    enum Role: Sendable {
        /// Run the refresh, then call `finish`.
        case leader
        /// Another exchange's refresh was in flight and succeeded.
        case joined
        /// The client's headers changed after this attempt was built: just retry.
        case alreadyRefreshed
    }

    enum Outcome: Sendable {
        case refreshed
        case failed(any Error)
        /// The leader was cancelled: a waiter claims again and may lead.
        case abandoned
    }

    /// The waiters of the refresh in flight, by ticket; nil when none runs.
    private var waiters: [Int: CheckedContinuation<Outcome, any Error>]?
    private var nextTicket = 0
    /// The client's header generation right after the latest successful refresh.
    private(set) var refreshedGeneration = 0

    /// How many callers wait for the refresh in flight.
    var waiting: Int { waiters?.count ?? 0 }

    /// Throws the leader's error when the shared refresh failed, `CancellationError` when
    /// this caller is cancelled while it waits.
    func claim(sentWithGeneration generation: Int, currentGeneration: @Sendable () -> Int) async throws -> Role {
        while true {
            guard waiters != nil else {
                if currentGeneration() > generation { return .alreadyRefreshed }
                waiters = [:]
                return .leader
            }
            switch try await wait() {
            case .refreshed: return .joined
            case .failed(let error): throw error
            case .abandoned: continue
            }
        }
    }

    /// Ends the refresh in flight and tells its waiters; `generation` is the client's after it.
    func finish(_ outcome: Outcome, generation: Int) {
        if case .refreshed = outcome { refreshedGeneration = max(refreshedGeneration, generation) }
        let waiting = waiters ?? [:]
        waiters = nil
        for waiter in waiting.values { waiter.resume(returning: outcome) }
    }

    private func wait() async throws -> Outcome {
        let ticket = nextTicket
        nextTicket += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters?[ticket] = continuation
            }
        } onCancel: {
            Task { await self.cancel(ticket) }
        }
    }

    private func cancel(_ ticket: Int) {
        waiters?.removeValue(forKey: ticket)?.resume(throwing: CancellationError())
    }
}
