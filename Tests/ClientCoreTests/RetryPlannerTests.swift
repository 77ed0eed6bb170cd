import Foundation
import Testing
@testable import ClientCore

/// The retry decision as a pure function: budget, idempotency, Retry-After, deadline.
@Suite struct RetryPlannerTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func response(_ status: Int, retryAfter: String? = nil) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let retryAfter { headers["Retry-After"] = retryAfter }
        return HTTPResponse(status: status, headers: headers)
    }

    func plan(_ planner: inout RetryPlanner, _ strategy: HTTPRetryStrategy = .exponential(base: 1, jitter: .none),
              rules: RetryRules = RetryRules(), method: HTTPMethod = .get, response: HTTPResponse? = nil,
              elapsed: TimeInterval = 0, deadline: TimeInterval? = nil, random: Double = 0.5,
              streamed: Int = 0) -> RetryPlanner.Decision {
        planner.plan(strategy, rules: rules, request: HTTPRequest(method, "/x"), response: response ?? self.response(503),
                     bytesStreamed: streamed, elapsed: elapsed, deadline: deadline, random: random, now: now)
    }

    @Test func schedulesFollowTheStrategyUntilTheBudgetRunsOut() {
        var planner = RetryPlanner(maxRetries: 3)
        #expect(plan(&planner) == .schedule(delay: 1, source: .strategy))
        #expect(plan(&planner) == .schedule(delay: 2, source: .strategy))
        #expect(plan(&planner) == .schedule(delay: 4, source: .strategy))
        #expect(plan(&planner) == .skip(.retriesExhausted(maxRetries: 3)))
    }

    @Test func zeroRetriesMeansOneAttempt() {
        var planner = RetryPlanner(maxRetries: 0)
        #expect(plan(&planner) == .skip(.retriesExhausted(maxRetries: 0)))
    }

    @Test func postIsNotRetriedUnlessAskedOrNeverSent() {
        var planner = RetryPlanner(maxRetries: 3)
        #expect(plan(&planner, method: .post) == .skip(.notIdempotent(.post)))
        #expect(plan(&planner, method: .patch) == .skip(.notIdempotent(.patch)))
        var refused = HTTPResponse(status: 0)
        refused.error = HTTPError(.connectionRefused, "refused")
        #expect(plan(&planner, method: .post, response: refused) == .schedule(delay: 1, source: .strategy))
        var optIn = HTTPRequest(.post, "/x")
        optIn.retryNonIdempotent = true
        #expect(planner.plan(.immediate, rules: RetryRules(), request: optIn, response: response(503), bytesStreamed: 0,
                             elapsed: 0, deadline: nil, random: 0, now: now) == .schedule(delay: 0, source: .strategy))
        #expect(plan(&planner, rules: .anyMethod, method: .post) != .skip(.notIdempotent(.post)))
    }

    @Test func retryAfterWinsWhenLongerAndIsCapped() {
        var planner = RetryPlanner(maxRetries: 5)
        #expect(plan(&planner, response: response(503, retryAfter: "7")) == .schedule(delay: 7, source: .retryAfter))
        #expect(plan(&planner, response: response(429, retryAfter: "Mon, 12 Jan 1970 13:48:00 GMT")) == .schedule(delay: 80, source: .retryAfter))
        // Shorter than the strategy: the strategy's delay stands.
        #expect(plan(&planner, .delayed(5), response: response(503, retryAfter: "1")) == .schedule(delay: 5, source: .strategy))
        // Longer than the cap: capped.
        #expect(plan(&planner, rules: RetryRules(maxRetryAfter: 10), response: response(503, retryAfter: "3600"))
            == .schedule(delay: 10, source: .retryAfter))
        // Only on 429 and 503, and only when respected.
        #expect(plan(&planner, .immediate, response: response(500, retryAfter: "9")) == .schedule(delay: 0, source: .strategy))
    }

    @Test func jitterNeverShortensRetryAfter() {
        var planner = RetryPlanner(maxRetries: 50)
        for random in stride(from: 0.0, to: 1.0, by: 0.05) {
            let decision = plan(&planner, .exponential(base: 1, jitter: .full), response: response(503, retryAfter: "3"), random: random)
            guard case .schedule(let delay, _) = decision else { Issue.record("no retry: \(decision)"); return }
            #expect(delay >= 3)
        }
    }

    @Test func aWaitPastTheDeadlineIsNotMade() {
        var planner = RetryPlanner(maxRetries: 5)
        #expect(plan(&planner, .delayed(2), elapsed: 9, deadline: 10) == .skip(.pastDeadline(delay: 2, deadline: 10)))
        #expect(plan(&planner, .delayed(2), elapsed: 7, deadline: 10) == .schedule(delay: 2, source: .strategy))
    }

    @Test func nothingIsRetriedOnceBodyBytesWereWritten() {
        var planner = RetryPlanner(maxRetries: 5)
        #expect(plan(&planner, streamed: 10) == .skip(.bodyPartlyWritten))
    }

    @Test func skipReasonsReadAsSentences() {
        #expect(RetryPlanner.SkipCause.retriesExhausted(maxRetries: 2).reason == "retries exhausted (2 allowed)")
        #expect(RetryPlanner.SkipCause.notIdempotent(.post).reason.hasPrefix("method not idempotent"))
        #expect(RetryPlanner.SkipCause.pastDeadline(delay: 2, deadline: 10).reason.hasPrefix("past the deadline"))
    }
}
