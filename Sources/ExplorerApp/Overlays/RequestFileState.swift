import ClientEvents
import RequestModel

/// A request file opened in the TUI (SPEC §8): its requests for the picker, the one the panes
/// hold, what "run all" has still to send, and the variables in scope as the loop last listed
/// them. Filling, checking and capturing are the loop's (`RequestFileRun`); this is what shows.
public struct RequestFileState: Sendable, Equatable {
    /// One variable in scope, as the variables overlay lists it.
    public struct Variable: Sendable, Equatable {
        public var name: String
        /// In full; `shown` masks a secret.
        public var value: String
        public var secret: Bool
        /// `--var`, `capture`, `file`, `profile` or `env`.
        public var source: String

        public init(name: String, value: String, secret: Bool, source: String) {
            self.name = name
            self.value = value
            self.secret = secret
            self.source = source
        }

        public var shown: String { secret ? Secrets.mask : value }
    }

    /// The path, as the picker's title and messages name it.
    public var path: String
    public var requests: [RequestSpec]
    /// The file request the panes were loaded from: sending it keeps its checks.
    public var current: Int?
    /// Run all: the requests still to send, in order.
    public var runQueue: [Int] = []
    /// Run all under way (until its last request ends, or one is cancelled).
    public var isRunning = false
    /// Whether each request the run sent passed, in order.
    public var runOutcomes: [Bool] = []
    public var variables: [Variable] = []
    /// Which file request each exchange sent from the file was.
    var sent: [ExchangeID: Int] = [:]
    /// Which request each row of the picker shows, best match first.
    var shown: [Int] = []

    public init(path: String, requests: [RequestSpec]) {
        self.path = path
        self.requests = requests
    }

    var runFailed: Int { runOutcomes.filter { !$0 }.count }

    /// `4 passed, 0 failed`, as `explorer run` ends.
    var runSummary: String { "\(runOutcomes.count - runFailed) passed, \(runFailed) failed" }

    /// Stops a run: the requests not sent yet stay unsent.
    mutating func stopRun() {
        runQueue = []
        isRunning = false
    }

    func name(_ index: Int) -> String { requests[index].name ?? "request \(index + 1)" }

    /// The file's name without its folders, for titles.
    var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
