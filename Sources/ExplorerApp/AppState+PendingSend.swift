/// Typing ahead: a send pressed before the profile (the demo API, a client) is ready waits for it
/// instead of being refused, and goes once when it is ready. The draft is taken when the key is
/// pressed, so keys typed after it (already queued behind it) do not change what goes out.
extension AppState {
    public struct PendingSend: Sendable, Equatable {
        /// The profile the send waits for: a switch to another one drops it.
        public var profile: String
        public var draft: RequestDraft
    }

    /// What the status bar says while a send waits.
    public var pendingSendStatus: String? {
        guard let pendingSend else { return nil }
        let what = pendingSend.profile == ProfileNames.builtIn ? "the demo API" : "profile \(pendingSend.profile)"
        return "waiting for \(what) to start… then it sends · Esc cancels"
    }

    /// Holds `draft` until profile `name` is ready. Pressing send again while it waits replaces
    /// the draft: still one send.
    mutating func waitForProfile(_ name: String, draft: RequestDraft) {
        pendingSend = PendingSend(profile: name, draft: draft)
        // The waiting line is the status; an older message must not hide it.
        message = nil
    }

    /// Profile `name` is ready: the send that waited for it goes now.
    mutating func sendPending(readyProfile name: String, now: Double) -> [Effect] {
        guard let pending = pendingSend, pending.profile == name else { return [] }
        pendingSend = nil
        // A send is only held while nothing is in flight; never start a second exchange beside one.
        guard exchange == nil else { return [] }
        return start(pending.draft, now: now)
    }

    /// The profile the send waited for will not come (it failed, or the user switched away):
    /// the send is dropped and the status says why.
    mutating func dropPendingSend(because reason: String, now: Double) {
        guard pendingSend != nil else { return }
        pendingSend = nil
        show("not sent: \(reason)", isError: true, now: now, for: 6)
    }

    /// Esc (or Ctrl+C) while a send waits: it will not go.
    mutating func cancelPendingSend(now: Double) -> [Effect] {
        pendingSend = nil
        show("the waiting send is cancelled", isError: false, now: now)
        return []
    }
}
