import RequestModel
import ClientCore
@testable import Sessions
import Testing

/// Comparing attempts: their count, how each ended, the validators' decisions, alternates,
/// tasks and retries (delays within a tolerance), named by attempt.
@Suite struct AttemptDiffTests {
    private static let jittered = "exponential base 0.2s ×2, cap 2s, full jitter"

    /// Builds one exchange's events attempt by attempt.
    private struct Recording {
        var events: [ClientEvent] = []
        var attempt = 0
        /// Shifts times, ports, byte counts and reasons: none of them is part of the story.
        var noise = 0

        mutating func add(_ kind: ClientEvent.Kind) {
            events.append(ClientEvent(exchange: ExchangeID(1), tMs: Double(noise + events.count), kind: kind))
        }

        /// An attempt answered with `status` that the default validator decides on, then maybe a retry.
        mutating func answer(_ status: Int, _ decision: ClientEvent.Decision, retry: (delay: Double, source: ClientEvent.DelaySource)? = nil,
                             strategy: String = AttemptDiffTests.jittered) {
            attempt += 1
            add(.attemptStarted(attempt: attempt, method: "GET", url: "http://127.0.0.1:\(40000 + noise)/flaky/2"))
            add(.responseReceived(attempt: attempt, status: status, bytes: noise, elapsedMs: Double(noise), httpVersion: "HTTP/1.1"))
            add(.validatorDecided(attempt: attempt, validator: "altRequest", decision: .next, reason: "reason \(noise)"))
            add(.validatorDecided(attempt: attempt, validator: "default", decision: decision, reason: "\(status) …"))
            if let retry { add(.retryScheduled(attempt: attempt, strategy: strategy, delayMs: retry.delay, source: retry.source)) }
        }

        func exchange(status: Int = 200) -> Session.Exchange {
            var all = events
            all.append(ClientEvent(exchange: ExchangeID(1), tMs: 999, kind: .exchangeCompleted(status: status, attempts: attempt)))
            return Session.Exchange(request: RequestSpec(method: "GET", url: "flaky/2"), events: all,
                                    outcome: Session.Outcome(status: status, body: .text("ok"), attempts: attempt))
        }
    }

    private func twoFailuresThenSuccess(secondDelay: Double = 99) -> Session.Exchange {
        var recording = Recording()
        recording.answer(503, .retry, retry: (62, .strategy))
        recording.answer(503, .retry, retry: (secondDelay, .strategy))
        recording.answer(200, .next)
        return recording.exchange()
    }

    private func diff(_ expected: Session.Exchange, _ actual: Session.Exchange, check: Session.Check = Session.Check()) -> SessionDiff {
        SessionDiff.compare(expected: expected, actual: actual, check: check)
    }

    @Test func successAtOnceIsNotTwoRetriesThenSuccess() {
        var atOnce = Recording()
        atOnce.answer(200, .next)
        let found = diff(twoFailuresThenSuccess(), atOnce.exchange())
        #expect(found.rendered == """
            attempts: expected 3, got 1
            attempt 1: expected 503 (default: retry), got 200 (default: next)
            """)
        #expect(found.differences.map(\.place) == [.attempts, .attempt(1)])
        // The outcomes alone are the same: that is what an opted-out exchange compares.
        #expect(diff(twoFailuresThenSuccess(), atOnce.exchange(), check: Session.Check(attempts: false)).isEqual)
    }

    @Test func theDiffNamesTheAttemptThatDiffers() {
        var sooner = Recording()
        sooner.answer(503, .retry, retry: (150, .strategy))
        sooner.answer(200, .next)
        #expect(diff(twoFailuresThenSuccess(), sooner.exchange()).rendered == """
            attempts: expected 3, got 2
            attempt 2: expected 503 (default: retry), got 200 (default: next)
            """)
    }

    @Test func theSameStoryIsEqualWhateverItsTimesPortsAndReasons() {
        var shifted = Recording()
        shifted.noise = 7
        shifted.answer(503, .retry, retry: (180, .strategy))
        shifted.answer(503, .retry, retry: (390, .strategy))
        shifted.answer(200, .next)
        #expect(diff(twoFailuresThenSuccess(), shifted.exchange()).isEqual)
    }

    @Test func jitteredDelaysCompareWithinTheStrategysCapBothWays() {
        #expect(diff(twoFailuresThenSuccess(secondDelay: 99), twoFailuresThenSuccess(secondDelay: 1_900)).isEqual)
        #expect(diff(twoFailuresThenSuccess(secondDelay: 1_900), twoFailuresThenSuccess(secondDelay: 10)).isEqual)
        #expect(diff(twoFailuresThenSuccess(secondDelay: 99), twoFailuresThenSuccess(secondDelay: 5_000)).rendered
            == "attempt 2: retry delay expected 99 ms (strategy), got 5000 ms, more than 2000 ms apart")
        #expect(diff(twoFailuresThenSuccess(secondDelay: 5_000), twoFailuresThenSuccess(secondDelay: 99)).rendered
            == "attempt 2: retry delay expected 5000 ms (strategy), got 99 ms, more than 2500 ms apart")
    }

    @Test func retryAfterDelaysCompareTightly() {
        func waited(_ delay: Double) -> Session.Exchange {
            var recording = Recording()
            recording.answer(503, .retry, retry: (delay, .retryAfter))
            recording.answer(200, .next)
            return recording.exchange()
        }
        #expect(diff(waited(1_000), waited(1_040)).isEqual)
        #expect(diff(waited(1_000), waited(2_000)).rendered == "attempt 1: retry delay expected 1000 ms (retry-after), got 2000 ms, more than 50 ms apart")
        // An HTTP-date has one-second grain: a fractional delay came from one.
        #expect(diff(waited(1_437.5), waited(900)).isEqual)
        #expect(diff(waited(1_437.5), waited(3_000)).differences.map(\.place) == [.attempt(1)])
    }

    @Test func strategyAndSourceCompareExactly() {
        func retried(strategy: String, source: ClientEvent.DelaySource) -> Session.Exchange {
            var recording = Recording()
            recording.answer(503, .retry, retry: (100, source), strategy: strategy)
            recording.answer(200, .next)
            return recording.exchange()
        }
        #expect(diff(retried(strategy: Self.jittered, source: .strategy), retried(strategy: "delayed 0.1s, cap 0.1s", source: .strategy)).rendered
            == #"attempt 1: retry strategy expected "exponential base 0.2s ×2, cap 2s, full jitter", got "delayed 0.1s, cap 0.1s""#)
        #expect(diff(retried(strategy: Self.jittered, source: .strategy), retried(strategy: Self.jittered, source: .retryAfter)).rendered
            == "attempt 1: retry delay from strategy expected, got from retry-after (100 ms)")
    }

    @Test func aRetryAgainstNoneOrASkippedOne() {
        var skipped = Recording()
        skipped.answer(503, .retry)
        skipped.add(.retrySkipped(attempt: 1, reason: "method not idempotent"))
        var scheduled = Recording()
        scheduled.answer(503, .retry, retry: (1_000, .retryAfter))
        #expect(diff(scheduled.exchange(status: 503), skipped.exchange(status: 503)).rendered
            == "attempt 1: expected a retry after 1000 ms (retry-after), got no retry (skipped: method not idempotent)")
        // Why it was skipped is not compared (a deadline's reason holds a random delay).
        var otherReason = Recording()
        otherReason.answer(503, .retry)
        otherReason.add(.retrySkipped(attempt: 1, reason: "past the deadline: waiting 0.123s would pass the 1s deadline"))
        #expect(diff(skipped.exchange(status: 503), otherReason.exchange(status: 503)).isEqual)
    }

    @Test func transportFailuresCompareByKind() {
        func failed(_ kind: ClientEvent.TransportFailureKind, message: String) -> Session.Exchange {
            var recording = Recording()
            recording.attempt = 1
            recording.add(.attemptStarted(attempt: 1, method: "GET", url: "x"))
            recording.add(.transportFailed(attempt: 1, kind: kind, message: message))
            recording.add(.validatorDecided(attempt: 1, validator: "default", decision: .fail, reason: "…"))
            var exchange = recording.exchange()
            exchange.outcome = Session.Outcome(status: nil, error: Session.Failure(kind: kind.rawValue, message: message))
            return exchange
        }
        #expect(diff(failed(.timeout, message: "a"), failed(.timeout, message: "b")).isEqual)
        #expect(diff(failed(.timeout, message: "a"), failed(.connectionRefused, message: "a")).rendered.hasPrefix(
            "attempt 1: expected transport timeout (default: fail), got transport connectionRefused (default: fail)\n"))
    }

    @Test func anEarlierValidatorThatDiffersShowsEveryDecision() {
        var refreshed = Recording()
        refreshed.attempt = 1
        refreshed.add(.responseReceived(attempt: 1, status: 401, bytes: 1, elapsedMs: 1, httpVersion: "HTTP/1.1"))
        refreshed.add(.validatorDecided(attempt: 1, validator: "altRequest", decision: .nextWithResponse, reason: "…"))
        refreshed.add(.validatorDecided(attempt: 1, validator: "default", decision: .fail, reason: "…"))
        var plain = Recording()
        plain.attempt = 1
        plain.add(.responseReceived(attempt: 1, status: 401, bytes: 1, elapsedMs: 1, httpVersion: "HTTP/1.1"))
        plain.add(.validatorDecided(attempt: 1, validator: "altRequest", decision: .next, reason: "…"))
        plain.add(.validatorDecided(attempt: 1, validator: "default", decision: .fail, reason: "…"))
        #expect(diff(refreshed.exchange(status: 401), plain.exchange(status: 401)).rendered
            == "attempt 1: expected 401 (altRequest: nextWithResponse, default: fail), got 401 (altRequest: next, default: fail)")
    }

    @Test func alternatesCompareByPathNotOrigin() {
        func refresh(port: Int, status: Int?, error: String? = nil) -> Session.Exchange {
            var recording = Recording()
            recording.attempt = 1
            recording.add(.responseReceived(attempt: 1, status: 401, bytes: 1, elapsedMs: 1, httpVersion: "HTTP/1.1"))
            recording.add(.validatorDecided(attempt: 1, validator: "altRequest", decision: .retry, reason: "…"))
            recording.add(.altStarted(attempt: 1, method: "POST", url: "http://127.0.0.1:\(port)/auth/refresh?x=1"))
            recording.add(.altFinished(attempt: 1, status: status, error: error))
            recording.add(.retryScheduled(attempt: 1, strategy: "after POST auth/refresh", delayMs: 0, source: .strategy))
            return recording.exchange(status: 401)
        }
        #expect(diff(refresh(port: 1, status: 200), refresh(port: 2, status: 200)).isEqual)
        #expect(diff(refresh(port: 1, status: 200), refresh(port: 1, status: 401)).rendered
            == "attempt 1: alternate requests expected POST /auth/refresh?x=1 → 200, got POST /auth/refresh?x=1 → 401")
        #expect(diff(refresh(port: 1, status: 200), refresh(port: 1, status: nil, error: "refused")).rendered
            == "attempt 1: alternate requests expected POST /auth/refresh?x=1 → 200, got POST /auth/refresh?x=1 → failed")
    }

    @Test func tasksAndRedirectsArePartOfTheStory() {
        func run(task ending: ClientEvent.Kind, redirects: [Int]) -> Session.Exchange {
            var recording = Recording()
            recording.attempt = 1
            for status in redirects { recording.add(.redirectFollowed(attempt: 1, status: status, from: "a", to: "b")) }
            recording.add(.responseReceived(attempt: 1, status: 200, bytes: 1, elapsedMs: 1, httpVersion: "HTTP/1.1"))
            recording.add(.validatorDecided(attempt: 1, validator: "default", decision: .next, reason: "…"))
            recording.add(.taskStarted(attempt: 1))
            recording.add(ending)
            return recording.exchange()
        }
        #expect(diff(run(task: .taskFinished(attempt: 1), redirects: [302]), run(task: .taskFinished(attempt: 1), redirects: [302])).isEqual)
        #expect(diff(run(task: .taskFinished(attempt: 1), redirects: [302, 301]), run(task: .taskFailed(attempt: 1, message: "no"), redirects: [302])).rendered
            == "attempt 1: redirects expected 302, 301, got 302\nattempt 1: tasks expected finished, got failed")
    }

    @Test func attemptsComeBeforeTheOutcome() {
        var atOnce = Recording()
        atOnce.answer(200, .next)
        var other = atOnce.exchange()
        other.outcome?.status = 201
        #expect(diff(twoFailuresThenSuccess(), other).differences.map(\.place) == [.attempts, .attempt(1), .status])
    }

    @Test func theToleranceTable() {
        #expect(RetryDelayTolerance.tolerance(recordedMs: 1_000, source: "retry-after", strategy: Self.jittered) == 50)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 1_437.5, source: "retry-after", strategy: Self.jittered) == 1_050)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 2_000, source: "strategy", strategy: "delayed 2s, cap 2s") == 50)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 0, source: "strategy", strategy: "after POST auth/refresh") == 50)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 62, source: "strategy", strategy: Self.jittered) == 2_000)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 10, source: "strategy", strategy: "exponential base 0.01s ×2, cap 0.1s, equal jitter") == 250)
        #expect(RetryDelayTolerance.tolerance(recordedMs: 900, source: "strategy", strategy: "something new, full jitter") == 450)
        #expect(RetryDelayTolerance.cap(of: "fibonacci unit 0.5s, cap 1e+06s, decorrelated jitter") == 1e9)
        #expect(RetryDelayTolerance.cap(of: "immediate") == nil)
    }
}

/// SPEC §11 in `replay --check`: how an attempt's OAuth token was had (fetched, refreshed, polled
/// for) depends on the token file, not on the server, so it is not part of the attempt's story.
@Suite struct OAuthAttemptStoryTests {
    static func exchange(_ events: [ClientEvent.Kind]) -> Session.Exchange {
        Session.Exchange(request: RequestSpec(method: "GET", url: "me"),
                         events: events.enumerated().map { ClientEvent(exchange: ExchangeID(1), tMs: Double($0.offset), kind: $0.element) })
    }

    @Test func theTokenStepBeforeAnAttemptIsNotCompared() {
        let answered: [ClientEvent.Kind] = [
            .attemptStarted(attempt: 1, method: "GET", url: "http://h/me"),
            .responseReceived(attempt: 1, status: 200, bytes: 2, elapsedMs: 1, httpVersion: "HTTP/1.1"),
            .validatorDecided(attempt: 1, validator: "default", decision: .next, reason: "200 is a success"),
            .exchangeCompleted(status: 200, attempts: 1),
        ]
        let withGrant: [ClientEvent.Kind] = [
            .altStarted(attempt: 1, method: "POST", url: "http://h/oauth/device"), .altFinished(attempt: 1, status: 200, error: nil),
            .authDevice(.init(userCode: "A-B", verificationURI: "http://h/v", verificationURIComplete: nil, expiresIn: 60, interval: 1)),
            .altStarted(attempt: 1, method: "POST", url: "http://h/oauth/token"), .altFinished(attempt: 1, status: 400, error: nil),
            .validatorDecided(attempt: 1, validator: "oauth2", decision: .retry, reason: "authorization_pending"),
            .retryScheduled(attempt: 1, strategy: "poll every 1s", delayMs: 1000, source: .poll),
            .altStarted(attempt: 1, method: "POST", url: "http://h/oauth/token"), .altFinished(attempt: 1, status: 200, error: nil),
            .authToken(grant: "device_code", expiresIn: 40, scope: "read"),
        ] + answered
        let recorded = Self.exchange(withGrant).attempts.map(AttemptStory.init)
        let replayed = Self.exchange(answered).attempts.map(AttemptStory.init)
        #expect(recorded == replayed)
        #expect(recorded.first?.decisions.map(\.description) == ["default: next"])
    }
}
