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
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public func sleep(seconds: TimeInterval) async throws {
        let nanoseconds = Seconds.nanoseconds(seconds)
        guard nanoseconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .nanoseconds(nanoseconds), tolerance: .zero)
    }
}
