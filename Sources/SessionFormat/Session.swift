import ClientEvents
import Foundation
import ProfileFormat
import RequestModel

/// A recorded session (SPEC §5): the profile it used, how secrets were treated, what to compare
/// when it is replayed, and its exchanges in order. A history file is a session too.
public struct Session: Sendable, Equatable {
    public var version = SessionFormat.version
    /// What the session is for, in the user's words.
    public var description: String?
    public var profile: ProfileSnapshot
    /// Whether secret header values were kept (the user opted in) or written as `•••`.
    public var secrets: Secrets
    /// What `replay --check` compares, for every exchange unless one says otherwise.
    public var check: Check
    public var exchanges: [Exchange]

    public init(profile: ProfileSnapshot, secrets: Secrets = .redacted, check: Check = Check(), exchanges: [Exchange] = []) {
        self.profile = profile
        self.secrets = secrets
        self.check = check
        self.exchanges = exchanges
    }

    public enum Secrets: String, Sendable, Equatable {
        case redacted
        case kept
    }

    /// One header, or one `name=value` field of a form body, in the order given: the same
    /// name and value a profile's headers are.
    public typealias Field = Profile.Header

    /// The profile a session used: its name and, for the reader, its base URL and headers
    /// (secret values masked). Replay uses the name; the rest is a record.
    public struct ProfileSnapshot: Sendable, Equatable {
        public var name: String
        public var baseURL: String?
        public var headers: [Field]
        public init(name: String, baseURL: String? = nil, headers: [Field] = []) {
            self.name = name
            self.baseURL = baseURL
            self.headers = headers
        }
    }

    /// What a check compares besides status and body: these response headers (by name, any
    /// case), ignoring the JSON places these patterns cover, and (unless `attempts` is false)
    /// every attempt: its status or transport failure, validator decisions and retry.
    public struct Check: Sendable, Equatable {
        public static let defaultHeaders = ["Content-Type"]
        public var headers: [String]
        public var ignore: [String]
        /// `false` for an endpoint flaky by nature: only the outcome is compared. Nil when the
        /// file does not say (an exchange then takes the session's choice; the default is true).
        public var attempts: Bool?
        public init(headers: [String] = Check.defaultHeaders, ignore: [String] = [], attempts: Bool? = nil) {
            self.headers = headers
            self.ignore = ignore
            self.attempts = attempts
        }

        public var comparesAttempts: Bool { attempts ?? true }
    }

    /// One exchange: the request as the user asked for it (its URL relative to the profile's base
    /// URL when it lies under it, the user's own headers, not the profile's), every event of its attempts in order
    /// (SPEC §3, the same values the timeline and `--events` show) and how it ended.
    public struct Exchange: Sendable, Equatable {
        public var name: String?
        public var startedAt: Date?
        public var request: RequestSpec
        public var events: [ClientEvent]
        /// Nil for an exchange written by hand and not yet recorded.
        public var outcome: Outcome?
        /// This exchange's own check: its headers replace the session's, its ignore patterns add
        /// to them, its `attempts` (when it says) replaces the session's.
        public var check: Check?

        public init(name: String? = nil, startedAt: Date? = nil, request: RequestSpec, events: [ClientEvent] = [],
                    outcome: Outcome? = nil, check: Check? = nil) {
            self.name = name
            self.startedAt = startedAt
            self.request = request
            self.events = events
            self.outcome = outcome
            self.check = check
        }

        /// The events grouped by the attempt they belong to, in order; events of the whole
        /// exchange (`exchange.completed`, `exchange.failed`) are in no attempt.
        public var attempts: [Attempt] {
            var groups: [Attempt] = []
            for event in events {
                guard let number = event.attempt else { continue }
                if groups.last?.number == number {
                    groups[groups.count - 1].events.append(event)
                } else {
                    groups.append(Attempt(number: number, events: [event]))
                }
            }
            return groups
        }

        /// The check that applies to this exchange within `session`.
        public func effectiveCheck(in session: Check) -> Check {
            guard let check else { return session }
            return Check(headers: check.headers, ignore: session.ignore + check.ignore.filter { !session.ignore.contains($0) },
                         attempts: check.attempts ?? session.attempts)
        }
    }

    public struct Attempt: Sendable, Equatable {
        public var number: Int
        public var events: [ClientEvent]
    }

    /// How an exchange ended: the final response (or the last one of a failed exchange, when
    /// there was one) and, for a failure, the error.
    public struct Outcome: Sendable, Equatable {
        /// Nil when no response came (a transport failure, a refused request).
        public var status: Int?
        public var httpVersion: String?
        public var headers: [Field]
        public var body: BodyRecord
        public var error: Failure?
        public var attempts: Int
        public var elapsedMs: Double?

        public init(status: Int?, httpVersion: String? = nil, headers: [Field] = [], body: BodyRecord = .empty,
                    error: Failure? = nil, attempts: Int = 1, elapsedMs: Double? = nil) {
            self.status = status
            self.httpVersion = httpVersion
            self.headers = headers
            self.body = body
            self.error = error
            self.attempts = attempts
            self.elapsedMs = elapsedMs
        }

        public var succeeded: Bool { error == nil }

        /// Every value of header `name` (any case), joined by ", ", or nil.
        public func header(_ name: String) -> String? {
            let values = headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }

    /// Why an exchange failed: ClientCore's error kind (`timeout`, `retriesExhausted`, …) and message.
    public struct Failure: Sendable, Equatable {
        public var kind: String
        public var message: String
        public init(kind: String, message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// A response body as a session keeps it: small text and JSON inline, anything larger or
    /// binary by its SHA-256 and size only.
    public enum BodyRecord: Sendable, Equatable {
        case empty
        case text(String)
        case json(JSONNode)
        case digest(sha256: String, size: Int, contentType: String?)
    }
}

/// The version of the session file format this build writes and reads.
public enum SessionFormat {
    public static let version = 1
    /// Response bodies up to this size (text or JSON) are kept inline.
    public static let inlineLimit = 64 * 1024
    /// What a redacted secret reads in a file.
    public static let mask = Secrets.mask
}

extension ClientEvent {
    /// The attempt an event belongs to; nil for the exchange's own ending, a request file's
    /// captures and asserts, which judge the final response, and a stream's events after its
    /// `stream.opened` (which names the attempt).
    public var attempt: Int? {
        switch kind {
        case let .attemptStarted(attempt, _, _), let .responseReceived(attempt, _, _, _, _, _), let .transportFailed(attempt, _, _),
             let .validatorDecided(attempt, _, _, _), let .retryScheduled(attempt, _, _, _), let .retrySkipped(attempt, _),
             let .credentialsWithheld(attempt, _, _),
             let .redirectFollowed(attempt, _, _, _), let .altStarted(attempt, _, _), let .altFinished(attempt, _, _),
             let .taskStarted(attempt), let .taskFinished(attempt), let .taskFailed(attempt, _), let .streamOpened(attempt, _):
            attempt
        case .streamEvent, .streamRecord, .streamClosed, .authAuthorize, .authDevice, .authToken, .authFailed,
             .wsOpened, .wsMessage, .wsPing, .wsPong, .wsClosed,
             .captureSet, .assertPassed, .assertFailed, .exchangeCompleted, .exchangeFailed: nil
        }
    }
}
