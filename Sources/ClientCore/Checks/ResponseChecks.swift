import Foundation
import RequestModel

/// What a request file asks of a request's response (SPEC §8): its captures, asserts and poll,
/// with the variables their expected values are filled from. The client runs them as part of the
/// exchange, so every capture and assert is an event of it, before `exchange.completed`.
public struct ResponseChecks: Sendable {
    /// The request's name in its file, as `assert.*` events name it.
    public var request: String
    public var captures: [RequestSpec.Capture]
    public var asserts: [RequestSpec.Assert]
    public var poll: RequestSpec.Poll?
    /// What `{{name}}` in an expected value reads; a secret one is masked in every report.
    public var variables: [String: TemplateValue]
    /// Values masked wherever a report would show them (`${env:}` values, secret captures).
    public var secrets: Secrets.Values

    public init(request: String, captures: [RequestSpec.Capture] = [], asserts: [RequestSpec.Assert] = [],
                poll: RequestSpec.Poll? = nil, variables: [String: TemplateValue] = [:], secrets: Secrets.Values = Secrets.Values([])) {
        self.request = request
        self.captures = captures
        self.asserts = asserts
        self.poll = poll
        self.variables = variables
        self.secrets = secrets
    }

    public var isEmpty: Bool { captures.isEmpty && asserts.isEmpty && poll == nil }

    /// A status assert (or a poll waiting for one) judges the status itself: the default
    /// validator leaves error statuses to it, so `{ status: 404 }` can pass.
    public var judgesStatus: Bool {
        (asserts + (poll?.until ?? [])).contains { $0.subject == .status }
    }
}

/// What the checks found on the final response: the values captured (in full, for the next
/// requests) and each assert judged.
public struct CheckResults: Sendable, Equatable {
    public struct Captured: Sendable, Equatable {
        public var name: String
        public var value: String
        public var secret: Bool

        public init(name: String, value: String, secret: Bool) {
            self.name = name
            self.value = value
            self.secret = secret
        }
    }

    public struct Judged: Sendable, Equatable {
        public var report: AssertReport
        public var passed: Bool

        public init(report: AssertReport, passed: Bool) {
            self.report = report
            self.passed = passed
        }
    }

    public var captured: [Captured] = []
    /// `capture token found nothing ($.token selected no node)`: a capture that failed its request.
    public var missing: [String] = []
    public var asserts: [Judged] = []

    public init() {}

    public var passed: Bool { missing.isEmpty && asserts.allSatisfy(\.passed) }
    /// Why the request failed, each reason once: missing captures, then failed asserts.
    public var failures: [String] { missing + asserts.filter { !$0.passed }.map(\.report.failure) }
}

extension ResponseChecks {
    /// The captures and asserts judged on `response` outside an exchange (a response already
    /// held; a benchmark): what the exchange does before `exchange.completed`, without events.
    public func evaluate(on response: HTTPResponse, durationMs: Double = 0) -> CheckResults {
        CheckEvaluation(checks: self).run(on: response, durationMs: durationMs).0
    }
}
