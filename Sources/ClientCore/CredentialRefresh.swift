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

    /// Continuations of the exchanges waiting for the refresh in flight; nil when none runs.
    private var waiters: [CheckedContinuation<Void, any Error>]?

    /// Throws the leader's error when the shared refresh failed.
    func claim(sentWithGeneration generation: Int, currentGeneration: Int) async throws -> Role {
        if waiters != nil {
            try await withCheckedThrowingContinuation { waiters?.append($0) }
            return .joined
        }
        if currentGeneration > generation { return .alreadyRefreshed }
        waiters = []
        return .leader
    }

    /// How many callers wait for the refresh in flight.
    var waiting: Int { waiters?.count ?? 0 }

    func finish(_ result: Result<Void, any Error>) {
        let waiting = waiters ?? []
        waiters = nil
        for waiter in waiting { waiter.resume(with: result) }
    }
}
