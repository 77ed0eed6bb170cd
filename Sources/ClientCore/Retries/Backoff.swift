import Foundation

/// How the wait before a retry grows, as a pure function of the retry index.
///
/// Retry `n` is 1-based (the first retry is 1). Without jitter:
///
/// | curve                                  | n=1  | n=2 | n=3 | n=4 | n=5 | n=6  | n=7  |
/// |----------------------------------------|------|-----|-----|-----|-----|------|------|
/// | `.constant(2)`                         | 2    | 2   | 2   | 2   | 2   | 2    | 2    |
/// | `.exponential(base: 0.5, multiplier: 2)`, cap 30 | 0.5 | 1 | 2 | 4 | 8 | 16 | 30 |
/// | `.fibonacci(unit: 0.5)`, cap 30        | 0.5  | 0.5 | 1   | 1.5 | 2.5 | 4    | 6.5  |
///
/// Jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"), with `r` drawn
/// from [0, 1) and `d` the delay above:
///
/// | jitter          | delay                                         | n=3, r=0.5 (exponential above) |
/// |-----------------|-----------------------------------------------|------|
/// | `.none`         | d                                             | 2    |
/// | `.full`         | r·d                                           | 1    |
/// | `.equal`        | d/2 + r·d/2                                   | 1.5  |
/// | `.decorrelated` | min(cap, b + r·(3·previous − b)), b = d at n=1 | 0.5 + 0.5·(3·previous − 0.5) |
public struct Backoff: Sendable, Hashable {
    public enum Curve: Sendable, Hashable {
        case constant(TimeInterval)
        case exponential(base: TimeInterval, multiplier: Double)
        case fibonacci(unit: TimeInterval)
    }

    public enum Jitter: String, Sendable, Hashable, CaseIterable {
        case none, full, equal, decorrelated
    }

    public var curve: Curve
    public var cap: TimeInterval
    public var jitter: Jitter

    public init(_ curve: Curve, cap: TimeInterval = 30, jitter: Jitter = .none) {
        self.curve = curve
        self.cap = Seconds.clamped(cap)
        self.jitter = jitter
    }

    /// The delay before retry `n` without jitter, capped.
    public func baseDelay(forRetry n: Int) -> TimeInterval {
        let n = max(1, n)
        let raw: Double
        switch curve {
        case .constant(let seconds): raw = seconds
        case .exponential(let base, let multiplier): raw = base * pow(multiplier, Double(min(n - 1, 1000)))
        case .fibonacci(let unit): raw = unit * Self.fibonacci(n)
        }
        return min(cap, raw.isFinite ? max(0, raw) : cap)
    }

    /// The delay before retry `n`; `previous` is the delay before retry n−1 (decorrelated jitter
    /// grows from it), `random` a number in [0, 1).
    public func delay(forRetry n: Int, previous: TimeInterval?, random: Double) -> TimeInterval {
        let d = baseDelay(forRetry: n)
        let r = min(max(random, 0), 1)
        switch jitter {
        case .none: return d
        case .full: return r * d
        case .equal: return d / 2 + r * d / 2
        case .decorrelated:
            let first = baseDelay(forRetry: 1)
            let upper = max(first, 3 * (previous ?? first))
            return min(cap, first + r * (upper - first))
        }
    }

    /// 1, 1, 2, 3, 5, 8, ... (saturating, so a huge index cannot overflow).
    static func fibonacci(_ n: Int) -> Double {
        var (a, b) = (1.0, 1.0)
        for _ in 1..<max(1, min(n, 1500)) { (a, b) = (b, a + b) }
        return a
    }

    var summary: String {
        let curveText: String
        switch curve {
        case .constant(let seconds): curveText = "delayed \(Self.seconds(seconds))"
        case .exponential(let base, let multiplier): curveText = "exponential base \(Self.seconds(base)) ×\(Self.number(multiplier))"
        case .fibonacci(let unit): curveText = "fibonacci unit \(Self.seconds(unit))"
        }
        let jitterText = jitter == .none ? "" : ", \(jitter.rawValue) jitter"
        return "\(curveText), cap \(Self.seconds(cap))\(jitterText)"
    }

    static func seconds(_ value: TimeInterval) -> String { number(value) + "s" }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(format: "%g", value)
    }
}
