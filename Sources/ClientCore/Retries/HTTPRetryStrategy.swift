import Foundation

/// How to retry, as a validator asks for it (`.retry(.exponential)`).
public enum HTTPRetryStrategy: Sendable {
    /// Retry at once.
    case immediate
    /// Retry after a wait that follows a backoff curve (constant, exponential or fibonacci).
    case backoff(Backoff)
    /// Run an alternate request (a login, a token refresh), then retry.
    case alternate(AltRequestPlan)
    /// Run an async task that may change the request, then retry.
    case task(RetryTaskPlan)
    /// A request file's `poll` (SPEC §8): try again `every` seconds, no jitter, outside
    /// `maxRetries` (the poll counts its own tries); the deadline still bounds it.
    case poll(every: TimeInterval)
    /// Replace the OAuth 2.0 token a server refused with `401`, then retry at once (SPEC §11):
    /// once per exchange, outside `maxRetries`.
    case oauthRefresh

    /// Retry after a fixed wait.
    public static func delayed(_ seconds: TimeInterval, jitter: Backoff.Jitter = .none) -> Self {
        .backoff(Backoff(.constant(seconds), cap: max(seconds, 0), jitter: jitter))
    }

    /// base × multiplier^(n−1), capped; full jitter by default (see `Backoff`).
    public static func exponential(base: TimeInterval = 0.5, multiplier: Double = 2, cap: TimeInterval = 30,
                                   jitter: Backoff.Jitter = .full) -> Self {
        .backoff(Backoff(.exponential(base: base, multiplier: multiplier), cap: cap, jitter: jitter))
    }

    /// unit × fib(n), capped (see `Backoff`).
    public static func fibonacci(unit: TimeInterval = 0.5, cap: TimeInterval = 30, jitter: Backoff.Jitter = .none) -> Self {
        .backoff(Backoff(.fibonacci(unit: unit), cap: cap, jitter: jitter))
    }

    public static var exponential: Self { .exponential() }
    public static var fibonacci: Self { .fibonacci() }

    /// Runs `request` through the same client, hands its response to `catcher` (which may
    /// change the original request), waits `delay`, then retries. A failure of the alternate
    /// request is handed to `errorCatcher` and the retry goes ahead, as in RealHTTP.
    public static func after(
        _ request: HTTPRequest, _ delay: TimeInterval = 0,
        _ catcher: (@Sendable (_ original: inout HTTPRequest, _ altResponse: HTTPResponse) async throws -> Void)? = nil,
        errorCatcher: (@Sendable (any Error) -> Void)? = nil
    ) -> Self {
        .alternate(AltRequestPlan(request: request, delay: delay, errorCatcher: errorCatcher) { original, response, _ in
            try await catcher?(&original, response)
        })
    }

    /// Runs `task` (which may change the request), waits `delay`, then retries. The task's
    /// error goes to `catcher` and the retry goes ahead.
    public static func afterTask(
        _ delay: TimeInterval, _ task: @escaping @Sendable (_ original: inout HTTPRequest) async throws -> Void,
        _ catcher: (@Sendable (any Error) -> Void)? = nil
    ) -> Self {
        .task(RetryTaskPlan(delay: delay, task: task, catcher: catcher))
    }

    /// How the strategy is named in events and on screen.
    public var name: String {
        switch self {
        case .immediate: "immediate"
        case .backoff(let backoff): backoff.summary
        case .alternate(let plan): "after \(plan.request.method) \(plan.request.route)"
        case .task: "after task"
        case .poll(let every): "poll every \(Backoff.seconds(every))"
        case .oauthRefresh: "after token refresh"
        }
    }
}

/// An alternate request to run before a retry.
public struct AltRequestPlan: Sendable {
    public var request: HTTPRequest
    public var delay: TimeInterval
    /// Applies the alternate response: may change the original request or the client's headers.
    let apply: @Sendable (_ original: inout HTTPRequest, _ altResponse: HTTPResponse, _ client: HTTPClient) async throws -> Void
    let errorCatcher: (@Sendable (any Error) -> Void)?
    /// Set by `HTTPAltRequestValidator`: refreshes are shared and a failure fails the exchange.
    let refresh: CredentialRefresh?

    init(request: HTTPRequest, delay: TimeInterval, errorCatcher: (@Sendable (any Error) -> Void)?,
         refresh: CredentialRefresh? = nil,
         apply: @escaping @Sendable (inout HTTPRequest, HTTPResponse, HTTPClient) async throws -> Void) {
        self.request = request
        self.delay = delay
        self.apply = apply
        self.errorCatcher = errorCatcher
        self.refresh = refresh
    }
}

/// An async task to run before a retry.
public struct RetryTaskPlan: Sendable {
    public var delay: TimeInterval
    let task: @Sendable (inout HTTPRequest) async throws -> Void
    let catcher: (@Sendable (any Error) -> Void)?
}
