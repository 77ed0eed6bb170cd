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
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> TimeInterval {
        // `components` divides a 128-bit count: once per reading (an exchange reads it often).
        let elapsed = (ContinuousClock.now - origin).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    public func sleep(seconds: TimeInterval) async throws {
        let nanoseconds = Seconds.nanoseconds(seconds)
        guard nanoseconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .nanoseconds(nanoseconds), tolerance: .zero)
    }
}
