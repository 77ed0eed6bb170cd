import Foundation

/// EXPLORER_TEST_SLOWDOWN (the TSan pass sets 8; 1 when unset): every timeout a test waits on is
/// multiplied by it, so a slow build or a loaded machine waits longer instead of failing.
enum TestSlowdown {
    static let factor: Double = {
        let value = Double(ProcessInfo.processInfo.environment["EXPLORER_TEST_SLOWDOWN"] ?? "") ?? 1
        return value > 0 ? value : 1
    }()

    static func scaled(_ seconds: Double) -> Double { seconds * factor }
}
