import ClientEvents

/// The panes' exchanges: the one in flight, a send waiting for its profile, the one whose
/// response the Response pane shows, and how many were sent (the next one's id).
public struct ExchangeState: Sendable, Equatable {
    public struct InFlight: Sendable, Equatable {
        public var id: ExchangeID
        public var startedAt: Double
        public var cancelRequested = false
    }

    /// Typing ahead: a send pressed before the profile (the demo API, a client) is ready waits
    /// for it instead of being refused, and goes once when it is ready. The draft is taken when
    /// the key is pressed, so keys typed after it (already queued behind it) do not change what
    /// goes out.
    public struct Pending: Sendable, Equatable {
        /// The profile the send waits for: a switch to another one drops it.
        public var profile: String
        public var draft: RequestDraft
    }

    public var inFlight: InFlight?
    public var pending: Pending?
    /// The exchange whose response the Response pane shows (or waits for): a late body of an
    /// earlier one must not replace it.
    public var shown: ExchangeID?
    public var sent = 0

    /// Whether Esc (or Ctrl+C) has something to stop.
    var canCancel: Bool { inFlight != nil || pending != nil }

    /// What the status bar says while a send waits.
    public var pendingStatus: String? {
        guard let pending else { return nil }
        let what = ProfileNames.isBuiltIn(pending.profile) ? "the demo API" : "profile \(pending.profile)"
        return "waiting for \(what) to start… then it sends · Esc cancels"
    }

    /// A new exchange in flight, the one the Response pane shows from now on.
    mutating func begin(at now: Double) -> ExchangeID {
        sent += 1
        let id = ExchangeID(sent)
        inFlight = InFlight(id: id, startedAt: now)
        shown = id
        return id
    }
}
