import ClientCore
import Foundation

/// What one request of a request file came to (SPEC §8): its status and time, what it captured,
/// each assert judged, and why it failed, every secret masked.
public struct RequestOutcome: Sendable, Equatable {
    public var name: String
    /// Nil when no response came (refused before sending, a transport failure).
    public var status: Int?
    public var milliseconds: Double
    /// Values in full; `secret` ones are shown masked.
    public var captured: [CheckResults.Captured]
    public var asserts: [CheckResults.Judged]
    /// Empty when the request passed.
    public var failures: [String]

    public init(name: String, status: Int? = nil, milliseconds: Double = 0, captured: [CheckResults.Captured] = [],
                asserts: [CheckResults.Judged] = [], failures: [String] = []) {
        self.name = name
        self.status = status
        self.milliseconds = milliseconds
        self.captured = captured
        self.asserts = asserts
        self.failures = failures
    }

    public var passed: Bool { failures.isEmpty }

    /// `✓ login  200  12 ms`, or `✗ me: $.name equals "ann", got "bob"`: how `explorer run` reports it.
    public var line: String {
        guard passed else { return "✗ \(name): " + failures.joined(separator: "; ") }
        return "✓ \(name)  " + (status.map(String.init) ?? "-") + "  \(Int(milliseconds.rounded())) ms"
    }

    /// `N passed, M failed`: the last line of a run.
    public static func summary(_ outcomes: [RequestOutcome]) -> String {
        let failed = outcomes.filter { !$0.passed }.count
        return "\(outcomes.count - failed) passed, \(failed) failed"
    }
}
