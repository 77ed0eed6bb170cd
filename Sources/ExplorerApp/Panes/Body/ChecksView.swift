import ClientEvents
import RequestModel
import TUICore

/// The Checks view of the Response pane: what a request file's checks came to for the exchange
/// shown — every assert with ✓ or ✗, what it expected and what it found, every capture with its
/// value (a secret as `•••`), a poll's progress — filled live from the client's events (already
/// masked by ClientCore) and closed with the request's failures when it ends.
public struct ChecksView: Sendable, Equatable {
    public struct Assert: Sendable, Equatable {
        public var passed: Bool
        public var claim: String
        public var found: String
    }

    public struct Capture: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public private(set) var asserts: [Assert] = []
    public private(set) var captures: [Capture] = []
    /// `poll: try 2 of 30: $.state equals "done": got "running"`, once a try is judged.
    public private(set) var poll: String?
    /// The request's `poll.max`, when it polls.
    public var pollMax: Int?
    /// Why the request failed (a capture that found nothing, an undefined variable, a poll that
    /// gave up); empty while it runs and when it passed.
    public private(set) var failures: [String] = []
    /// Set when the request ended.
    public private(set) var finished = false

    public init(pollMax: Int? = nil) {
        self.pollMax = pollMax
    }

    /// Whether anything was judged, captured or polled (a refused request has only its failure).
    public var hasResults: Bool { !asserts.isEmpty || !captures.isEmpty || poll != nil }

    public var passedCount: Int { asserts.filter(\.passed).count }
    public var failedCount: Int { asserts.count - passedCount }

    /// One of the exchange's events; those that are not about checks change nothing.
    public mutating func apply(_ event: ClientEvent.Kind) {
        switch event {
        case let .captureSet(name, _, value):
            captures.removeAll { $0.name == name }
            captures.append(Capture(name: name, value: value))
        case let .assertPassed(report):
            asserts.append(Assert(passed: true, claim: report.claim, found: report.found))
        case let .assertFailed(report):
            asserts.append(Assert(passed: false, claim: report.claim, found: report.found))
        case let .validatorDecided(attempt, "poll", decision, reason):
            let of = pollMax.map { " of \($0)" } ?? ""
            switch decision {
            case .retry: poll = "poll: try \(attempt)\(of): \(reason)"
            case .fail: poll = "poll: gave up at try \(attempt)\(of): \(reason)"
            case .next, .nextWithResponse: poll = "poll: done at try \(attempt)\(of)"
            }
        default: break
        }
    }

    /// The request ended: `failures` are why it failed (none when it passed).
    public mutating func finish(failures: [String]) {
        self.failures = failures
        finished = true
    }

    /// The view's lines, top to bottom.
    public var lines: [[Span]] {
        var lines: [[Span]] = []
        if let poll { lines.append([Span(poll, finished && failures.isEmpty ? PaneFrame.ok : Style(foreground: .yellow))]) }
        for assert in asserts {
            lines.append([Span(assert.passed ? "✓ " : "✗ ", assert.passed ? PaneFrame.ok : PaneFrame.error),
                          Span(assert.claim), Span("  " + assert.found, PaneFrame.muted)])
        }
        for capture in captures {
            lines.append([Span("⇢ ", PaneFrame.muted), Span(capture.name), Span(" = ", PaneFrame.muted), Span(capture.value)])
        }
        // Failures the asserts do not already say (a capture that found nothing, a refusal).
        let said = Set(asserts.filter { !$0.passed }.map { $0.claim + ", " + $0.found })
        for failure in failures where !said.contains(failure) { lines.append([Span("✗ " + failure, PaneFrame.error)]) }
        if lines.isEmpty { lines.append([Span(finished ? "no checks" : "checks come as the response lands…", PaneFrame.muted)]) }
        return lines
    }

    /// `Checks ✓5 ✗1`: the tab's label.
    var label: String {
        var label = "Checks"
        if !asserts.isEmpty { label += " ✓\(passedCount)" }
        if failedCount > 0 || !failures.isEmpty { label += " ✗\(max(failedCount, failures.count))" }
        return label
    }
}
