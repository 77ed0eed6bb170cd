import SessionFormat

/// Sessions in the TUI: the one opened with `--session`, the profile's history, the recording
/// the panes were loaded from, the exchanges still to re-send, and whether saving keeps secrets.
public struct SessionState: Sendable, Equatable {
    /// A session file opened with `--session`.
    public struct Opened: Sendable, Equatable {
        public var file: String
        public var exchanges: [Session.Exchange]
        /// The session's `check` (what a compare looks at and ignores), refined per exchange.
        public var check: Session.Check

        public init(file: String, exchanges: [Session.Exchange], check: Session.Check = Session.Check()) {
            self.file = file
            self.exchanges = exchanges
            self.check = check
        }
    }

    /// The session opened with `--session`, browsed with F4.
    public var opened: Opened?
    /// The opened session's browser shows once the profile is ready.
    var browseWhenReady = false
    /// The active profile's history, newest first, as last read.
    public var history: [Session.Exchange] = []
    /// "Keep secrets in this session": saved sessions and history keep secret values.
    public var keepSecrets = false
    /// The recorded outcome of the request in the panes (loaded from a session or history):
    /// `c` compares the next response with it.
    public var recording: Session.Outcome?
    /// What comparing with `recording` checks: its session's `check`, refined by the exchange's.
    public var recordingCheck = Session.Check()
    /// Exchanges still to re-send after the one in flight (`R`).
    var resendQueue: [Session.Exchange] = []
    /// The `check` of the session the queue comes from.
    var resendCheck = Session.Check()
}
