import ClientCore
import Foundation

/// What `replay --check` compares of one attempt, read from its events: how it ended (status or
/// transport failure), the validators' decisions, the redirects, alternate requests and tasks it
/// ran, and the retry it led to. Times, byte counts, reasons and absolute URLs are left out: they
/// change from run to run (a demo API on a new port) without the story changing.
///
/// Events that are not part of the story (`attempt.started`, and any kind added later, such as
/// `credentials.withheld`) are ignored: only the kinds listed in `init` count.
public struct AttemptStory: Sendable, Equatable {
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        case status(Int)
        case transportFailure(String)
        case noResponse

        public var description: String {
            switch self {
            case .status(let code): String(code)
            case .transportFailure(let kind): "transport \(kind)"
            case .noResponse: "no response"
            }
        }
    }

    public struct Decision: Sendable, Equatable, CustomStringConvertible {
        public var validator: String
        public var decision: String
        public var description: String { "\(validator): \(decision)" }
    }

    public enum Retry: Sendable, Equatable, CustomStringConvertible {
        case none
        case scheduled(strategy: String, delayMs: Double, source: String)
        /// The reason is not compared (a deadline's reason holds a random delay), only that it was skipped.
        case skipped(reason: String)

        public var description: String {
            switch self {
            case .none: "no retry"
            case .scheduled(let strategy, let delayMs, let source):
                "a retry after \(RetryDelayTolerance.milliseconds(delayMs)) (" + (source == "strategy" ? strategy : source) + ")"
            case .skipped(let reason): "no retry (skipped: \(reason))"
            }
        }
    }

    /// An alternate request (a token refresh): method, path and query (the origin changes with
    /// the server's port) and its status, or nil when it failed or did not finish.
    public struct Alternate: Sendable, Equatable, CustomStringConvertible {
        public var method: String
        public var target: String
        public var status: Int?
        public var failed: Bool

        public var description: String {
            "\(method) \(target) → " + (status.map(String.init) ?? (failed ? "failed" : "no answer"))
        }
    }

    public var number: Int
    /// The last response of the attempt (after redirects), or its transport failure.
    public var ending: Ending = .noResponse
    public var decisions: [Decision] = []
    /// The statuses of the redirects followed, in order.
    public var redirects: [Int] = []
    public var alternates: [Alternate] = []
    /// `finished`, `failed` or `started` (no end recorded) for each task run.
    public var tasks: [String] = []
    public var retry: Retry = .none

    public init(number: Int) {
        self.number = number
    }

    public init(_ attempt: Session.Attempt) {
        self.init(number: attempt.number)
        // What ran before the attempt was sent is how its OAuth token was had (SPEC §11): a fetch,
        // a refresh or a device grant's polls that depend on the token file, not on the server's
        // behaviour, so a replay with a token in hand still tells the same story.
        let started = attempt.events.firstIndex { if case .attemptStarted = $0.kind { true } else { false } } ?? 0
        for event in attempt.events[started...] { take(event.kind) }
    }

    private mutating func take(_ kind: ClientEvent.Kind) {
        switch kind {
        case .responseReceived(_, let status, _, _, _, _): ending = .status(status)
        case .transportFailed(_, let failure, _): ending = .transportFailure(failure.rawValue)
        case .validatorDecided(_, let validator, let decision, _):
            decisions.append(Decision(validator: validator, decision: decision.rawValue))
        case .retryScheduled(_, let strategy, let delayMs, let source):
            retry = .scheduled(strategy: strategy, delayMs: delayMs, source: source.rawValue)
        case .retrySkipped(_, let reason): retry = .skipped(reason: reason)
        case .redirectFollowed(_, let status, _, _): redirects.append(status)
        case .altStarted(_, let method, let url): alternates.append(Alternate(method: method, target: Self.target(of: url), status: nil, failed: false))
        case .altFinished(_, let status, let error):
            guard !alternates.isEmpty else { break }
            alternates[alternates.count - 1].status = status
            alternates[alternates.count - 1].failed = error != nil
        case .taskStarted: tasks.append("started")
        case .taskFinished: Self.end(&tasks, as: "finished")
        case .taskFailed: Self.end(&tasks, as: "failed")
        default: break
        }
    }

    private static func end(_ tasks: inout [String], as ending: String) {
        if tasks.last == "started" { tasks[tasks.count - 1] = ending } else { tasks.append(ending) }
    }

    /// `/auth/refresh?x=1` of an absolute URL; a relative one as it is.
    static func target(of url: String) -> String {
        guard let components = URLComponents(string: url), components.host != nil else { return url }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    /// `503 (default: retry)`: the ending and the deciding (last) validator, or all of them.
    func summary(allDecisions: Bool) -> String {
        let shown = allDecisions ? decisions : decisions.suffix(1)
        return ending.description + (shown.isEmpty ? "" : " (\(shown.map(\.description).joined(separator: ", ")))")
    }
}
