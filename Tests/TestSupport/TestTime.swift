import Foundation

/// The bounds a test waits on before it declares a failure, scaled by EXPLORER_TEST_SLOWDOWN
/// (scripts/test sets 8 for the thread-sanitizer pass, whose code runs ~8x slower). A duration that
/// is the behaviour under test (a client timeout expected to fire, a retry delay, a server's pause)
/// is not scaled.
public enum TestTime {
    public static let slowdown = max(1, Double(ProcessInfo.processInfo.environment["EXPLORER_TEST_SLOWDOWN"] ?? "") ?? 1)

    public static func scaled(_ seconds: Double) -> Double { seconds * slowdown }

    public static func scaled(_ duration: Duration) -> Duration { duration * slowdown }
}
