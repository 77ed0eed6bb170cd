/// The record of one attempt, read off the exchange's events so that the record and
/// the timeline can never disagree.
public struct AttemptRecord: Sendable, Equatable {
    public struct Verdict: Sendable, Equatable {
        public var validator: String
        public var decision: ClientEvent.Decision
        public var reason: String
    }

    public struct TransportFailure: Sendable, Equatable {
        public var kind: ClientEvent.TransportFailureKind
        public var message: String
    }

    public struct Redirect: Sendable, Equatable {
        public var status: Int
        public var to: String
    }

    public var attempt: Int
    public var method = ""
    public var url = ""
    public var startMs: Double
    public var endMs: Double?
    public var status: Int?
    public var bytes: Int?
    public var transportFailure: TransportFailure?
    public var verdicts: [Verdict] = []
    public var redirects: [Redirect] = []
    /// The wait before the next attempt, and what set it.
    public var delayBeforeNextMs: Double?
    public var delaySource: ClientEvent.DelaySource?
    public var retrySkippedReason: String?

    static func records(from events: [ClientEvent]) -> [AttemptRecord] {
        var records: [AttemptRecord] = []
        func update(_ attempt: Int, _ change: (inout AttemptRecord) -> Void) {
            guard let index = records.lastIndex(where: { $0.attempt == attempt }) else { return }
            change(&records[index])
        }
        for event in events {
            switch event.kind {
            case let .attemptStarted(attempt, method, url):
                records.append(AttemptRecord(attempt: attempt, method: method, url: url, startMs: event.tMs))
            case let .responseReceived(attempt, status, bytes, _, _, _):
                update(attempt) { $0.status = status; $0.bytes = bytes; $0.endMs = event.tMs }
            case let .transportFailed(attempt, kind, message):
                update(attempt) { $0.transportFailure = TransportFailure(kind: kind, message: message); $0.endMs = event.tMs }
            case let .validatorDecided(attempt, validator, decision, reason):
                update(attempt) { $0.verdicts.append(Verdict(validator: validator, decision: decision, reason: reason)) }
            case let .retryScheduled(attempt, _, delayMs, source):
                update(attempt) { $0.delayBeforeNextMs = delayMs; $0.delaySource = source }
            case let .retrySkipped(attempt, reason):
                update(attempt) { $0.retrySkippedReason = reason }
            case let .redirectFollowed(attempt, status, _, to):
                update(attempt) { $0.redirects.append(Redirect(status: status, to: to)) }
            default:
                break
            }
        }
        return records
    }
}
