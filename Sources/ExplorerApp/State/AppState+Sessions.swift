import Foundation
import ClientEvents
import SessionFormat
import TUICore

/// Sessions in the TUI: a session opened with `--session` browsed in its own list (F4), the
/// profile's history (F3), an exchange loaded back into the panes with its recorded response,
/// re-sent alone (`r`) or all in order (`R`), and this run saved as a session (F6).
extension AppState {
    static let sessionHint = "Enter load · r re-send · R re-send all · Esc"
    static let historyHint = "Enter load · r re-send · Esc close"

    /// `GET json/2` with `200 · 3 attempts` (or how it failed) beside it.
    static func row(for exchange: Session.Exchange) -> ListOverlay.Row {
        var detail: String
        if let outcome = exchange.outcome {
            if let error = outcome.error {
                detail = outcome.status.map { "\($0) · " } ?? ""
                detail += "✗ \(error.kind)"
            } else {
                detail = outcome.status.map(String.init) ?? "no status"
            }
            detail += " · \(outcome.attempts) attempt\(outcome.attempts == 1 ? "" : "s")"
        } else {
            detail = "not recorded"
        }
        if let startedAt = exchange.startedAt { detail += " · " + Self.when(startedAt) }
        let style = exchange.outcome?.error != nil ? PaneFrame.error : Style()
        return ListOverlay.Row(exchange.request.summary, detail: detail, style: style)
    }

    /// `11-22 00:40`, in the local time zone: enough to tell one day's exchanges from another's.
    static func when(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "??" }
        return "\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    /// Opens `session` (read by the loop before the terminal was taken) in the browser, once
    /// the profile is ready: the first frame shows the five panes, and the browser's `r` can send.
    public mutating func open(_ session: SessionState.Opened) {
        sessions.opened = session
        if case .ready = profiles.active { openSessionBrowser() } else { sessions.browseWhenReady = true }
    }

    mutating func openSessionBrowser() {
        guard let opened = sessions.opened else { return }
        let name = URL(fileURLWithPath: opened.file).lastPathComponent
        let count = opened.exchanges.count
        let title = "Session \(name) — \(count) exchange\(count == 1 ? "" : "s")"
        overlay = .list(.session, ListOverlay(title: title, hint: Self.sessionHint, rows: opened.exchanges.map(Self.row),
                                              empty: "this session has no exchanges").fitted(overlayBounds))
    }

    mutating func openHistory() -> [Effect] {
        overlay = .list(.history, historyList())
        return [.loadHistory(profiles.name)]
    }

    func historyList() -> ListOverlay {
        ListOverlay(title: "History of \(profiles.name) — newest first", hint: Self.historyHint,
                    rows: sessions.history.map(Self.row), empty: "nothing sent with this profile yet").fitted(overlayBounds)
    }

    mutating func handleExchanges(_ kind: ListKind, _ outcome: ListOverlay.Outcome, now: Double) -> [Effect] {
        let exchanges = kind == .session ? sessions.opened?.exchanges ?? [] : sessions.history
        // History is a session with the default check.
        let check = kind == .session ? sessions.opened?.check ?? Session.Check() : Session.Check()
        switch outcome {
        case .choose(let index):
            guard exchanges.indices.contains(index) else { return [] }
            overlay = nil
            load(exchanges[index], sessionCheck: check, now: now)
        case .key(.character("r"), let index?):
            // The list closes so the timeline and the response are in view; F4 or F3 reopens it.
            guard exchanges.indices.contains(index) else { return [] }
            overlay = nil
            return resend([exchanges[index]], sessionCheck: check, now: now)
        case .key(.character("R"), _) where kind == .session:
            overlay = nil
            return resend(exchanges, sessionCheck: check, now: now)
        case .key(.character("q"), _): overlay = nil
        case .key, .handled, .close, .filterChanged: break
        }
        return []
    }

    /// The exchange's request into the panes and its recorded response into the Response pane.
    /// What it loads is nobody's work (as for a ready request).
    mutating func load(_ exchange: Session.Exchange, sessionCheck: Session.Check, now: Double) {
        let recorded = exchange.request.withoutRedactedHeaders
        loadIntoPanes(RequestDraft(recorded))
        chain = recorded.isChained ? recorded : nil
        sessions.recording = exchange.outcome
        sessions.recordingCheck = exchange.effectiveCheck(in: sessionCheck)
        showRecording(exchange.outcome, events: exchange.events)
        show("recorded response shown: Ctrl+R re-sends, then c in Response compares", isError: false, now: now, for: 5)
    }

    /// The recorded outcome, and a recorded stream's or WebSocket's rows from its events.
    mutating func showRecording(_ outcome: Session.Outcome?, events: [ClientEvent] = []) {
        exchanges.shown = nil
        guard let outcome else { return response.showFailure("this exchange was not recorded yet") }
        let display = outcome.display
        if let summary = display.summary, let data = display.body {
            response.beginExchange()
            for event in events { response.apply(event.kind, at: event.tMs) }
            response.show(summary, document: BodyDocument.open(data: data, contentType: summary.contentType).indexed())
        } else {
            response.showFailure(display.note ?? "nothing recorded")
        }
    }

    /// Sends `queue` one after the other, each loaded into the panes first so the user sees
    /// what goes out; the next starts when the one before ends. Esc stops the rest.
    mutating func resend(_ queue: [Session.Exchange], sessionCheck: Session.Check, now: Double) -> [Effect] {
        if exchanges.inFlight != nil {
            show("an exchange is in flight: Esc cancels it", isError: true, now: now)
            return []
        }
        guard !queue.isEmpty else { return [] }
        sessions.resendQueue = queue
        sessions.resendCheck = sessionCheck
        return sendNextQueued(now: now)
    }

    mutating func sendNextQueued(now: Double) -> [Effect] {
        guard !sessions.resendQueue.isEmpty else { return [] }
        let next = sessions.resendQueue.removeFirst()
        load(next, sessionCheck: sessions.resendCheck, now: now)
        let effects = send(now: now)
        // A send that waits for the profile keeps the queue: it goes on when that one ends.
        if effects.isEmpty, exchanges.pending == nil { sessions.resendQueue = [] }
        if !sessions.resendQueue.isEmpty { show("re-sending: \(sessions.resendQueue.count) more after this one", isError: false, now: now) }
        return effects
    }

    mutating func promptSaveSession(now: Double) {
        guard exchanges.sent > 0 else {
            show("nothing to save yet: send a request first", isError: true, now: now)
            return
        }
        let title = sessions.keepSecrets ? "Save the session (secrets kept)" : "Save the session (secrets redacted)"
        overlay = .prompt(.saveSession, PromptOverlay(title: title, label: "sessions/", text: ""))
    }

    mutating func submitSaveSession(_ name: String) -> [Effect] {
        overlay = nil
        return [.saveSession(name: name, keepSecrets: sessions.keepSecrets)]
    }

    mutating func toggleKeepSecrets(now: Double) -> [Effect] {
        sessions.keepSecrets.toggle()
        show(sessions.keepSecrets ? "this session keeps secrets when saved (and in history)" : "secrets are redacted (•••) when saved",
             isError: false, now: now, for: 5)
        return [.keepSecrets(sessions.keepSecrets)]
    }

    /// `c` in the Response pane: the response against the recording it was loaded from, else
    /// against the previous exchange of the same method and URL (the loop finds it).
    mutating func compare(now: Double) -> [Effect] {
        guard let id = exchanges.shown else {
            let text = sessions.recording != nil ? "this is the recording: Ctrl+R re-sends, then c compares" : "nothing to compare: send a request first"
            show(text, isError: true, now: now)
            return []
        }
        if exchanges.inFlight?.id == id {
            show("wait for the response, then c compares it", isError: true, now: now)
            return []
        }
        return [.compare(id, against: sessions.recording, check: sessions.recording != nil ? sessions.recordingCheck : Session.Check())]
    }

    mutating func historyLoaded(profile name: String, _ exchanges: [Session.Exchange]) {
        guard name == profiles.name else { return }
        sessions.history = exchanges.reversed()
        refresh(.history, with: historyList())
    }
}
