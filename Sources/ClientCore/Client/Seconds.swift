import Foundation

/// Seconds as users and servers give them: possibly negative, huge, infinite or NaN.
/// Everything that becomes a timer or a number on the wire goes through here first, since
/// `Int64(x * 1e9)` traps on such values.
enum Seconds {
    /// About three years: longer than any wait anyone means.
    static let longest: TimeInterval = 1e8

    static func clamped(_ value: TimeInterval) -> TimeInterval {
        value.isNaN ? 0 : min(max(value, 0), longest)
    }

    static func nanoseconds(_ value: TimeInterval) -> Int64 {
        Int64(clamped(value) * 1e9)
    }

    static func milliseconds(_ value: TimeInterval) -> Int64 {
        Int64((clamped(value) * 1000).rounded(.up))
    }
}

extension Duration {
    /// The duration in seconds, for figures and timers.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as the timeline, sessions and `run` give it.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
