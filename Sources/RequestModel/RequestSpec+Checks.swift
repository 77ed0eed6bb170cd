/// SPEC §8's captures, asserts and polls: what a request file says to take from a response and
/// to expect of it. Plain data here; running them is the runner's.
extension RequestSpec {
    /// Whether it asks anything of its response: a capture, an assert or a poll.
    public var hasChecks: Bool { !(captures.isEmpty && asserts.isEmpty && poll == nil) }

    /// Whether it is part of a chain (SPEC §8): it has checks or vars of its own, which go with
    /// it wherever it is sent again.
    public var isChained: Bool { hasChecks || !vars.isEmpty }

    /// `token: { json: "$.token", secret: true }`: a variable taken from the response.
    public struct Capture: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// An RFC 9535 path (or SPEC §7's shorthand), parsed where the file was read.
            case json(JSONPath)
            case header(String)
            case body
            case status
            case cookie(String)
        }

        public var name: String
        public var source: Source
        /// Applied to the value found; its first group is the capture.
        public var regex: String?
        /// Masked on screen, in sessions and in reports.
        public var secret: Bool

        public init(_ name: String, _ source: Source, regex: String? = nil, secret: Bool = false) {
            self.name = name
            self.source = source
            self.regex = regex
            self.secret = secret
        }
    }

    /// `{ json: "$.name", equals: "ann" }`: what a value of the response must be.
    public struct Assert: Sendable, Equatable {
        public enum Subject: Sendable, Equatable {
            case status
            case header(String)
            /// An RFC 9535 path (or SPEC §7's shorthand), parsed where the file was read.
            case json(JSONPath)
            case body
            case bytes
            case duration
            case httpVersion
            case cookie(String)

            /// The subject's key in a file.
            public var key: String {
                switch self {
                case .status: "status"
                case .header: "header"
                case .json: "json"
                case .body: "body"
                case .bytes: "bytes"
                case .duration: "duration"
                case .httpVersion: "httpVersion"
                case .cookie: "cookie"
                }
            }

            /// What a keyed subject names (a header, a path, a cookie); nil for the others.
            public var argument: String? {
                switch self {
                case .header(let text), .cookie(let text): text
                case .json(let path): path.text
                case .status, .body, .bytes, .duration, .httpVersion: nil
                }
            }
        }

        public var subject: Subject
        /// With its expected value, which may hold `{{templates}}`.
        public var predicate: AssertPredicate

        public init(_ subject: Subject, _ predicate: AssertPredicate) {
            self.subject = subject
            self.predicate = predicate
        }
    }

    /// `poll: { until: [asserts], every: 0.2, max: 30 }`: the request repeated until every
    /// `until` assert holds, `every` seconds apart, at most `max` tries in all.
    public struct Poll: Sendable, Equatable {
        public var until: [Assert]
        public var every: Double
        public var max: Int

        public init(until: [Assert], every: Double, max: Int) {
            self.until = until
            self.every = every
            self.max = max
        }
    }
}
