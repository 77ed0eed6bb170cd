/// A send pressed while the profile starts waits for it (`ExchangeState.Pending`).
extension AppState {
    /// Holds `draft` until profile `name` is ready. Pressing send again while it waits replaces
    /// the draft: still one send.
    mutating func waitForProfile(_ name: String, draft: RequestDraft) {
        exchanges.pending = ExchangeState.Pending(profile: name, draft: draft)
        // The waiting line is the status; an older message must not hide it.
        message = nil
    }

    /// Profile `name` is ready: the send that waited for it goes now.
    mutating func sendPending(readyProfile name: String, now: Double) -> [Effect] {
        guard let pending = exchanges.pending, pending.profile == name else { return [] }
        exchanges.pending = nil
        // A send is only held while nothing is in flight; never start a second exchange beside one.
        guard exchanges.inFlight == nil else { return [] }
        return start(pending.draft, now: now)
    }

    /// The profile the send waited for will not come (it failed, or the user switched away):
    /// the send is dropped and the status says why.
    mutating func dropPendingSend(because reason: String, now: Double) {
        guard exchanges.pending != nil else { return }
        exchanges.pending = nil
        show("not sent: \(reason)", isError: true, now: now, for: 6)
    }
}
