import Foundation

/// Decides whether a retry a validator asked for is made and how long to wait first.
/// Pure: the clock reading, the random draw and the response come in as values.
struct RetryPlanner {
    enum Decision: Equatable {
        case schedule(delay: TimeInterval, source: ClientEvent.DelaySource)
        case skip(SkipCause)
    }

    enum SkipCause: Equatable {
        case bodyPartlyWritten
        case retriesExhausted(maxRetries: Int)
        case notIdempotent(HTTPMethod)
        case pastDeadline(delay: TimeInterval, deadline: TimeInterval)

        var reason: String {
            switch self {
            case .bodyPartlyWritten: "body partly written"
            case .retriesExhausted(let max): "retries exhausted (\(max) allowed)"
            case .notIdempotent(let method): "method not idempotent: \(method) is not retried unless asked for"
            case .pastDeadline(let delay, let deadline):
                "past the deadline: waiting \(Backoff.seconds(delay.roundedToMillis)) would pass the \(Backoff.seconds(deadline)) deadline"
            }
        }
    }

    let maxRetries: Int
    /// Retries scheduled so far (alternate requests that refresh credentials do not count).
    private(set) var retriesUsed = 0
    private var previousDelay: TimeInterval?

    init(maxRetries: Int) {
        self.maxRetries = max(0, maxRetries)
    }

    /// - Parameters:
    ///   - elapsed: seconds since the exchange started; `deadline` counts from the same start.
    ///   - random: a number in [0, 1) for jitter.
    mutating func plan(_ strategy: HTTPRetryStrategy, rules: RetryRules, request: HTTPRequest, response: HTTPResponse,
                       bytesStreamed: Int, elapsed: TimeInterval, deadline: TimeInterval?, random: Double,
                       now: Date) -> Decision {
        if bytesStreamed > 0 { return .skip(.bodyPartlyWritten) }
        let counts = strategy.countsAsRetry
        if let refusal = refusal(counts: counts, rules: rules, request: request, response: response) { return .skip(refusal) }
        let strategyDelay = Seconds.clamped(strategy.baseDelay(forRetry: retriesUsed + 1, previous: previousDelay, random: random))
        var delay = strategyDelay
        var source: ClientEvent.DelaySource = if case .poll = strategy { .poll } else { .strategy }
        if rules.respectRetryAfter, [429, 503].contains(response.status),
           let header = response.headers["Retry-After"], let wanted = RetryAfter.seconds(from: header, now: now) {
            let capped = Seconds.clamped(min(wanted, rules.maxRetryAfter))
            if capped > delay {
                delay = capped
                source = .retryAfter
            }
        }
        if let deadline, elapsed + delay > deadline {
            return .skip(.pastDeadline(delay: delay, deadline: deadline))
        }
        if counts { retriesUsed += 1 }
        // Decorrelated jitter grows from the strategy's own delays, not from a server's Retry-After.
        previousDelay = strategyDelay
        return .schedule(delay: delay, source: source)
    }

    /// An event stream's reconnect (SPEC §10): a retry like any other (counted, idempotency,
    /// deadline), whose body already went out is no obstacle; it waits the server's `retry`
    /// when the stream sent one, else `strategy`'s delay.
    mutating func planReconnect(_ strategy: HTTPRetryStrategy, serverRetry: TimeInterval?, rules: RetryRules,
                                request: HTTPRequest, response: HTTPResponse, elapsed: TimeInterval,
                                deadline: TimeInterval?, random: Double) -> Decision {
        if let refusal = refusal(counts: true, rules: rules, request: request, response: response) { return .skip(refusal) }
        let strategyDelay = Seconds.clamped(strategy.baseDelay(forRetry: retriesUsed + 1, previous: previousDelay, random: random))
        let delay = serverRetry.map(Seconds.clamped) ?? strategyDelay
        if let deadline, elapsed + delay > deadline {
            return .skip(.pastDeadline(delay: delay, deadline: deadline))
        }
        retriesUsed += 1
        previousDelay = strategyDelay
        return .schedule(delay: delay, source: .stream)
    }

    /// Why no retry may be made at all, whatever its delay.
    private func refusal(counts: Bool, rules: RetryRules, request: HTTPRequest, response: HTTPResponse) -> SkipCause? {
        if counts && retriesUsed >= maxRetries { return .retriesExhausted(maxRetries: maxRetries) }
        if let allowed = rules.retryMethods, !allowed.contains(request.method), !request.retryNonIdempotent,
           response.error?.provesRequestNeverLeft != true {
            return .notIdempotent(request.method)
        }
        return nil
    }
}

extension HTTPRetryStrategy {
    /// Credential refreshes and polls have their own budgets, apart from `maxRetries`.
    var countsAsRetry: Bool {
        switch self {
        case .alternate(let plan): plan.refresh == nil
        case .poll, .oauthRefresh: false
        case .immediate, .backoff, .task: true
        }
    }

    func baseDelay(forRetry n: Int, previous: TimeInterval?, random: Double) -> TimeInterval {
        switch self {
        case .immediate, .oauthRefresh: 0
        case .backoff(let backoff): backoff.delay(forRetry: n, previous: previous, random: random)
        case .alternate(let plan): plan.delay
        case .task(let plan): plan.delay
        case .poll(let every): every
        }
    }
}

extension TimeInterval {
    var roundedToMillis: TimeInterval { (self * 1000).rounded() / 1000 }
}
