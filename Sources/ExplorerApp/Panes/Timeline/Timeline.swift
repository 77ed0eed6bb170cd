import ClientEvents

/// What the Timeline pane shows: every exchange sent from the TUI with its attempts, validator
/// decisions, retries (with a live countdown), alternate requests, tasks and final outcome,
/// built from ClientCore's events (SPEC §3) in the words of SPEC §6. Pure: the app passes the
/// monotonic clock in (`now`, seconds), so rows and countdowns are testable exactly.
/// Bounded: the last `maxExchanges` exchanges and about `maxRows` rows stay.
public struct Timeline: Sendable, Equatable {
    public static let maxExchanges = 100
    public static let maxRows = 5000

    /// A retry wait in progress: the app redraws while it lasts (the countdown moves) and
    /// may cut it short (`markWaitSkipped`) or cancel it (`Esc`).
    public struct PendingWait: Sendable, Equatable {
        public var exchange: ExchangeID
        /// The app's clock (`now`) when the wait ends.
        public var endsAt: Double

        public init(exchange: ExchangeID, endsAt: Double) {
            self.exchange = exchange
            self.endsAt = endsAt
        }
    }

    var logs: [ExchangeLog] = []
    /// Exchanges begun so far: the `#n` of the next header.
    private(set) var begun = 0
    /// Rows removed from the top to keep the timeline bounded; the pane uses it (with
    /// `rowCount`) to keep a scrolled-up view still while rows come in.
    private(set) var discardedRows = 0

    public init() {}

    public var isEmpty: Bool { logs.isEmpty }

    /// Rows `rows(now:)` returns, without building them.
    public var rowCount: Int { logs.reduce(0) { $0 + $1.rowCount } }

    /// A new exchange sent by the app: its header goes below the earlier ones. `now` is the
    /// app's monotonic clock in seconds.
    public mutating func begin(exchange: ExchangeID, method: String, url: String, at now: Double) {
        begun += 1
        logs.append(ExchangeLog(id: exchange, number: begun, method: method, url: url, startedAt: now))
        enforceBounds()
    }

    /// The user asked to cancel (Esc): the exchange in flight shows `cancelling…` until its
    /// `exchange.failed` arrives.
    public mutating func markCancelRequested(at now: Double) {
        guard let index = logs.lastIndex(where: { !$0.isFinished }), logs[index].cancelRequestedAt == nil else { return }
        logs[index].cancelRequestedAt = now
        enforceBounds()
    }

    /// The latest retry wait still counting down, if any.
    public var pendingWait: PendingWait? {
        for log in logs.reversed() where !log.isFinished {
            if let last = log.entries.last, case .retry(let retry) = last.item, retry.state == .waiting {
                return PendingWait(exchange: log.id, endsAt: retry.endsAt)
            }
        }
        return nil
    }

    /// The user skipped the current wait: its row settles as `retry (wait skipped)`, or as an
    /// ordinary `retry after …` when the wait had already run out.
    public mutating func markWaitSkipped(at now: Double) {
        guard let wait = pendingWait, let index = logs.lastIndex(where: { $0.id == wait.exchange && !$0.isFinished }),
              let last = logs[index].entries.indices.last, case .retry(var retry) = logs[index].entries[last].item
        else { return }
        retry.state = now < retry.endsAt ? .skipped : .elapsed
        logs[index].entries[last].item = .retry(retry)
    }

    /// Drops the oldest exchanges past the limits; a single exchange longer than `maxRows`
    /// loses its oldest rows (a note says how many).
    mutating func enforceBounds() {
        while logs.count > Self.maxExchanges {
            discardedRows += logs.removeFirst().rowCount
        }
        var total = rowCount
        while total > Self.maxRows, logs.count > 1 {
            let removed = logs.removeFirst().rowCount
            discardedRows += removed
            total -= removed
        }
        if total > Self.maxRows, !logs.isEmpty {
            let hadNote = logs[0].droppedEntries > 0
            // Room for the note row when it is new.
            let excess = min(logs[0].entries.count, total - Self.maxRows + (hadNote ? 0 : 1))
            logs[0].entries.removeFirst(excess)
            logs[0].droppedEntries += excess
            discardedRows += excess - (hadNote ? 0 : 1)
        }
    }
}

/// One exchange's rows as data; `Timeline+Rows` turns them into text.
struct ExchangeLog: Sendable, Equatable {
    var id: ExchangeID
    /// `#n` on the header: the order of sending in this timeline (exchange ids skip numbers
    /// the alternate requests take, and start over with a new client).
    var number: Int
    var method: String
    var url: String
    /// The app's clock when the exchange began.
    var startedAt: Double
    var entries: [Entry] = []
    /// Rows dropped from the top of a very long exchange.
    var droppedEntries = 0
    var cancelRequestedAt: Double?
    /// When explorer last pinged the server (`t_ms`): the pong that answers it shows the round trip.
    var pingSentAt: Double?
    var isFinished = false

    var rowCount: Int {
        1 + (droppedEntries > 0 ? 1 : 0) + entries.count + (isCancelling ? 1 : 0)
    }

    var isCancelling: Bool { cancelRequestedAt != nil && !isFinished }
}

/// One event's row, some filled in by a later event (a response on its attempt's row).
struct Entry: Sendable, Equatable {
    var tMs: Double
    var indent: Int
    var item: Item

    enum Item: Sendable, Equatable {
        case attempt(number: Int, method: String, url: String, outcome: Outcome?)
        /// A redirect hop, with the next hop's response when it came.
        case redirect(to: String, outcome: Outcome?)
        case decision(validator: String, decision: ClientEvent.Decision, reason: String)
        case retry(Retry)
        case retrySkipped(reason: String)
        /// Credentials left out of a request to another origin (names only).
        case withheld(origin: String, headers: [String])
        case alternate(method: String, url: String, result: Outcome?)
        case task(result: TaskResult?)
        /// A step already said in words: an OAuth 2.0 one (SPEC §11: what the user must do, a token
        /// obtained — never the token —, a grant that failed) or a WebSocket's (SPEC §12: opened,
        /// a ping or pong, closed); `kind` is `.auth` or `.webSocket`.
        case said(kind: TimelineRow.Kind, text: String, failed: Bool)
        /// A request file's capture (its value already masked when secret).
        case capture(name: String, value: String)
        /// A request file's assert, judged: `$.name equals "ann"` and, failed, what was found.
        case assertion(passed: Bool, claim: String, found: String)
        /// A streamed body: one row for all its events, updated as they come (10,000 a second
        /// must not flood the timeline).
        case stream(Stream)
        case completed(status: Int, attempts: Int)
        case failed(attempts: Int, kind: String, message: String, status: Int?)
        case cancelled
    }

    enum Outcome: Sendable, Equatable {
        /// `elapsedMs` is nil for an alternate request (its timing is not in the event).
        /// `encoded` for a body that came gzip, deflate or br: its decoded size, the coding and the size on the wire.
        case response(status: Int, elapsedMs: Double?, encoded: EncodedSize? = nil)
        case transport(kind: String, message: String)
        /// An alternate request that failed (`alt.finished` with an error).
        case error(status: Int?, message: String)
    }

    struct EncodedSize: Sendable, Equatable {
        var bytes: Int
        var encoding: ClientEvent.BodyEncoding
    }

    enum TaskResult: Sendable, Equatable {
        case finished
        case failed(message: String)
    }

    struct Stream: Sendable, Equatable {
        var contentType: String
        var events = 0
        var bytes = 0
        /// The latest event or record, as one short line.
        var latest = ""
        var ending: StreamEndReason?
    }

    struct Retry: Sendable, Equatable {
        enum State: Sendable, Equatable { case waiting, elapsed, skipped, cancelled }
        var strategy: String
        var delayMs: Double
        var source: ClientEvent.DelaySource
        var endsAt: Double
        var state: State
    }
}
