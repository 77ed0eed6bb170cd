import Foundation

/// How far a replayed retry's delay may be from the recorded one before `replay --check` calls
/// it a difference. The strategy (its name spells out curve, cap and jitter) and the source are
/// compared exactly; only the delay gets slack, as much as what produced it can move:
///
/// | recorded delay                          | tolerance              |
/// |-----------------------------------------|------------------------|
/// | `retry-after`, whole seconds            | 50 ms                  |
/// | `retry-after`, not whole seconds        | 1 s + 50 ms            |
/// | `strategy`, no jitter in its name       | 50 ms                  |
/// | `strategy`, jittered, `cap C` in its name | max(C, 250 ms, 50 %) |
/// | `strategy`, jittered, no cap readable   | max(250 ms, 50 %)      |
///
/// Why: a server's delta-seconds and an unjittered strategy's delay are computed, not measured,
/// so they repeat exactly (50 ms only absorbs rounding). An HTTP-date `Retry-After` has
/// one-second grain and is read a moment later each run, so it moves by up to a second.
/// Jitter is a fresh random draw every run: full jitter draws from [0, d] with d up to the cap,
/// so two honest runs differ by up to the cap — a fixed "50 % or 250 ms" would flag nearly half
/// of honest replays of `sessions/retries.yaml` (12 % for its draw from [0, 400 ms] recorded as
/// 99 ms, 37 % for its draw from [0, 800 ms] recorded as 323 ms).
/// Every jitter kind (full, equal, decorrelated) draws within [0, C], so two honest draws differ
/// by at most C: that tolerance never flags an honest replay and still catches a delay the
/// strategy could not have drawn (seconds instead of milliseconds). The event names the
/// strategy, not this retry's own range, so the cap is the tightest bound it gives.
public enum RetryDelayTolerance {
    /// The slack in milliseconds for a delay recorded as `recordedMs` from `source` under `strategy`.
    public static func tolerance(recordedMs: Double, source: String, strategy: String) -> Double {
        let exact = 50.0
        if source == "retry-after" {
            return recordedMs.truncatingRemainder(dividingBy: 1000) == 0 ? exact : 1000 + exact
        }
        guard strategy.hasSuffix("jitter") else { return exact }
        let loose = max(250, recordedMs / 2)
        return cap(of: strategy).map { max($0, loose) } ?? loose
    }

    /// The cap of a backoff strategy's name (`exponential base 0.2s ×2, cap 2s, full jitter`), in ms.
    static func cap(of strategy: String) -> Double? {
        guard let start = strategy.range(of: ", cap ")?.upperBound else { return nil }
        let word = strategy[start...].prefix { $0 != "," }
        guard word.hasSuffix("s"), let seconds = Double(word.dropLast()), seconds.isFinite, seconds >= 0 else { return nil }
        return seconds * 1000
    }

    /// `62 ms`, as a diff line shows a delay.
    static func milliseconds(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e12 ? "\(Int(value.rounded())) ms" : "\(value) ms"
    }
}
