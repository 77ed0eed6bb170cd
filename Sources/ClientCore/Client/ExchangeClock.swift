import Foundation

/// Time as an exchange sees it: injected, so tests can pin schedules and deadlines.
public protocol ExchangeClock: Sendable {
    /// Monotonic seconds from an arbitrary origin.
    func now() -> TimeInterval
    /// Waits; throws `CancellationError` when the task is cancelled.
    func sleep(seconds: TimeInterval) async throws
}

/// The machine's monotonic clock.
public struct SystemClock: ExchangeClock {
    public init() {}

    /// `CLOCK_MONOTONIC` read directly: an exchange reads the time several times, and going
    /// through `ContinuousClock`'s `Duration` costs 128-bit arithmetic on every reading.
    public func now() -> TimeInterval {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    public func sleep(seconds: TimeInterval) async throws {
        let nanoseconds = Seconds.nanoseconds(seconds)
        guard nanoseconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .nanoseconds(nanoseconds), tolerance: .zero)
    }
}
