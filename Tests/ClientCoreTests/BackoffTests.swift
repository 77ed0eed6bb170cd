import Foundation
import Testing
@testable import ClientCore

/// Every strategy's schedule, exactly: delays are pure functions of the retry index.
@Suite struct BackoffTests {
    @Test func exponentialWithoutJitterDoublesUpToTheCap() {
        let backoff = Backoff(.exponential(base: 0.5, multiplier: 2), cap: 30)
        let delays = (1...8).map { backoff.delay(forRetry: $0, previous: nil, random: 0.7) }
        #expect(delays == [0.5, 1, 2, 4, 8, 16, 30, 30])
    }

    @Test func fibonacciGrowsByTheSequence() {
        let backoff = Backoff(.fibonacci(unit: 0.5), cap: 30)
        let delays = (1...9).map { backoff.baseDelay(forRetry: $0) }
        #expect(delays == [0.5, 0.5, 1, 1.5, 2.5, 4, 6.5, 10.5, 17])
        #expect(backoff.baseDelay(forRetry: 10) == 27.5)
        #expect(backoff.baseDelay(forRetry: 11) == 30)
    }

    @Test func constantStaysPut() {
        let backoff = Backoff(.constant(2), cap: 2)
        #expect((1...4).map { backoff.baseDelay(forRetry: $0) } == [2, 2, 2, 2])
    }

    @Test func fullJitterScalesTheWholeDelay() {
        let backoff = Backoff(.exponential(base: 1, multiplier: 2), cap: 30, jitter: .full)
        #expect(backoff.delay(forRetry: 3, previous: nil, random: 0.5) == 2)
        #expect(backoff.delay(forRetry: 3, previous: nil, random: 0) == 0)
        #expect(backoff.delay(forRetry: 6, previous: nil, random: 0.5) == 15)
    }

    @Test func equalJitterKeepsHalf() {
        let backoff = Backoff(.exponential(base: 1, multiplier: 2), cap: 30, jitter: .equal)
        #expect(backoff.delay(forRetry: 3, previous: nil, random: 0) == 2)
        #expect(backoff.delay(forRetry: 3, previous: nil, random: 0.5) == 3)
    }

    @Test func decorrelatedJitterGrowsFromThePreviousDelay() {
        let backoff = Backoff(.exponential(base: 1, multiplier: 2), cap: 10, jitter: .decorrelated)
        // min(cap, base + r·(3·previous − base))
        #expect(backoff.delay(forRetry: 1, previous: nil, random: 0.5) == 2)
        #expect(backoff.delay(forRetry: 2, previous: 2, random: 0.5) == 3.5)
        #expect(backoff.delay(forRetry: 3, previous: 3.5, random: 1) == 10)
        #expect(backoff.delay(forRetry: 3, previous: 3.5, random: 0) == 1)
    }

    @Test func hugeIndicesNeitherOverflowNorExceedTheCap() {
        let exponential = Backoff(.exponential(base: 0.5, multiplier: 2), cap: 30)
        let fibonacci = Backoff(.fibonacci(unit: 0.5), cap: 30)
        #expect(exponential.baseDelay(forRetry: 100_000) == 30)
        #expect(fibonacci.baseDelay(forRetry: 100_000) == 30)
    }

    @Test func strategiesNameTheirCurve() {
        #expect(HTTPRetryStrategy.exponential(base: 0.5, multiplier: 2, cap: 30, jitter: .full).name
            == "exponential base 0.5s ×2, cap 30s, full jitter")
        #expect(HTTPRetryStrategy.fibonacci(unit: 1, cap: 20).name == "fibonacci unit 1s, cap 20s")
        #expect(HTTPRetryStrategy.delayed(2).name == "delayed 2s, cap 2s")
        #expect(HTTPRetryStrategy.immediate.name == "immediate")
    }
}
