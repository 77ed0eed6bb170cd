import ClientCore
import ExplorerApp
import Foundation
import Locking
import Profiles
import RequestModel
import Sessions

/// Records every exchange the TUI sends, as a session records it: the request as sent and the
/// client's record of the exchange (its events and outcome). Each recorded exchange joins
/// this run's session (saved with F6) and the profile's history (`history/NAME.yaml`, bounded).
/// Exchanges are recorded with secrets; they are masked on the way to a file unless the user
/// chose to keep them.
final class TUIRecorder: Sendable {
    /// What the active profile records with: its base URL, its secret header names, its snapshot.
    struct ProfileContext: Sendable {
        var name: String
        var recorder: SessionRecorder
        var snapshot: Session.ProfileSnapshot
        /// The profile's client: its current credentials (a token it refreshed) are secrets too.
        var client: HTTPClient?

        /// The recorder with the client's credentials as they are now (a refreshed token), so a
        /// body that carries one is scrubbed.
        func currentRecorder() -> SessionRecorder {
            client.map { recorder.including(credentialsOf: $0) } ?? recorder
        }
    }

    struct Recorded: Sendable {
        var id: ExchangeID
        var profile: ProfileContext
        /// The profile's recorder as it was when the exchange ended (with the token it had then).
        var recorder: SessionRecorder
        var exchange: Session.Exchange
    }

    private struct Pending {
        var profile: ProfileContext
        var request: RequestSpec
    }

    private struct State {
        var pending: [ExchangeID: Pending] = [:]
        var recorded: [Recorded] = []
        var keepSecrets = false
        /// Values a request file's requests captured as `secret` in this run: masked like
        /// credentials in every exchange recorded from then on (a body that echoes a token).
        var capturedSecrets: [String] = []
    }

    let home: ExplorerHome
    /// One store for the run, so its cache spares re-reading the history after every write.
    let history: HistoryStore
    private let state = Locked(State())
    /// One history write at a time (read, append, write back).
    private let historyLock = Locked(())
    /// Recordings under way (see `finishSoon`).
    private let work = Locked<Work>(Work())

    /// Recordings under way, each after the one before it, so history keeps the order in which
    /// exchanges ended.
    private struct Work {
        var all: [Task<Void, Never>] = []
        var last: Task<Void, Never>?
    }
    private let post: @Sendable (AppEvent) -> Void

    init(home: ExplorerHome, post: @escaping @Sendable (AppEvent) -> Void) {
        self.home = home
        self.history = HistoryStore(home: home)
        self.post = post
    }

    func setKeepSecrets(_ keep: Bool) {
        state.withLock { $0.keepSecrets = keep }
    }

    /// Exchange `id` starts: `request` is what a session records of it (a request file's as
    /// written, templates and checks included).
    func begin(_ id: ExchangeID, request: RequestSpec, profile: ProfileContext) {
        state.withLock { $0.pending[id] = Pending(profile: profile, request: request) }
    }

    /// The exchange ended as `record` says (a stream's own events are not in it: an endless
    /// stream does not grow the recording). It is recorded off the caller's task: hashing a
    /// large body and writing the history must not delay the body on screen or the next event.
    /// `drain` waits for what is under way.
    func end(_ record: ExchangeRecord) {
        work.withLock { work in
            let previous = work.last
            let task = Task.detached(priority: .utility) {
                await previous?.value
                self.finish(record)
            }
            work.last = task
            work.all.append(task)
        }
    }

    /// Waits until every exchange that ended is recorded and in its history (before quitting).
    func drain() async {
        while true {
            let tasks = work.withLock { work in
                defer { work.all = [] }
                return work.all
            }
            if tasks.isEmpty { return }
            for task in tasks { await task.value }
        }
    }

    private func finish(_ record: ExchangeRecord) {
        let id = record.id
        let taken = state.withLock { state -> (Pending, Bool)? in
            guard let pending = state.pending.removeValue(forKey: id) else { return nil }
            return (pending, state.keepSecrets)
        }
        guard let (pending, keepSecrets) = taken else { return }
        var recorder = pending.profile.currentRecorder()
        let captured = (try? record.result.get())?.checks?.captured.filter(\.secret).map(\.value) ?? []
        recorder.secretValues += state.withLock { state in
            state.capturedSecrets += captured.filter { !$0.isEmpty && !state.capturedSecrets.contains($0) }
            return state.capturedSecrets
        }.filter { !recorder.secretValues.contains($0) }
        let exchange = recorder.exchange(request: pending.request, record: record)
        state.withLock { $0.recorded.append(Recorded(id: id, profile: pending.profile, recorder: recorder, exchange: exchange)) }
        appendToHistory(recorder.redacted(exchange, keepingSecrets: keepSecrets), profile: pending.profile)
    }

    private func appendToHistory(_ exchange: Session.Exchange, profile: ProfileContext) {
        do {
            let result = try historyLock.withLock { _ in try history.append(exchange, profile: profile.snapshot) }
            if let aside = result.movedAside, let problem = result.problem {
                post(.report(title: "History of \(profile.name) could not be read", lines: [
                    problem.description, "", "It was moved aside to \(aside.path); a new history starts.",
                ]))
            }
        } catch {
            post(.problem("history of \(profile.name) not written: \(error)"))
        }
    }

    // MARK: What the loop asks for

    /// Writes this run's exchanges with profile `profile` (the active one) as `sessions/NAME.yaml`;
    /// a session has one profile, so exchanges sent with another are left out (the notice says
    /// how many). An existing file is not replaced.
    func saveSession(name: String, profile: String?, keepSecrets: Bool) -> AppEvent {
        // In the order they were sent, whatever order their recordings finished in.
        let all = state.withLock { $0.recorded }.sorted { $0.id.value < $1.id.value }
        guard !all.isEmpty else { return .problem("nothing to save yet: send a request first") }
        let recorded = all.filter { $0.profile.name == profile }
        guard let last = recorded.last else {
            return .problem("nothing sent with profile \(profile ?? "?") yet: a session holds one profile's exchanges")
        }
        let file = home.sessions.appendingPathComponent("\(name).yaml")
        if FileManager.default.fileExists(atPath: file.path) {
            return .problem("sessions/\(name).yaml exists already: choose another name")
        }
        let exchanges = recorded.map { $0.recorder.redacted($0.exchange, keepingSecrets: keepSecrets) }
        let session = Session(profile: last.profile.snapshot, secrets: keepSecrets ? .kept : .redacted, exchanges: exchanges)
        do {
            try SessionFile.write(session, to: file)
        } catch {
            return .problem("session not saved: \(error)")
        }
        let secrets = keepSecrets ? "secrets kept" : "secrets redacted"
        let others = all.count - recorded.count
        let left = others == 0 ? "" : "; \(others) sent with another profile left out"
        return .notice("session saved: \(file.path) (\(exchanges.count) exchange\(exchanges.count == 1 ? "" : "s"), \(secrets)\(left))")
    }

    func loadHistory(_ profile: String) -> AppEvent {
        do throws(SessionProblem) {
            return .historyLoaded(profile: profile, try history.load(profile).exchanges)
        } catch {
            return .report(title: "History of \(profile) cannot be read", lines: [error.description])
        }
    }

    /// Exchange `id`'s outcome against `expected`, or against the last earlier exchange of the
    /// same method and URL, as `check` says. Both sides are redacted first (a recording on disk
    /// is), so a token refreshed since the recording does not count as a difference.
    func compare(_ id: ExchangeID, against expected: Session.Outcome?, check: Session.Check) -> AppEvent {
        guard let current = state.withLock({ $0.recorded.last { $0.id == id } }), let actual = current.recorder.redacted(current.exchange).outcome else {
            return .problem("this exchange was not recorded")
        }
        let title: String
        let wanted: Session.Outcome
        if let expected {
            var recording = current.exchange
            recording.outcome = expected
            wanted = current.recorder.redacted(recording).outcome ?? expected
            title = "Compared with the recording"
        } else {
            let request = current.exchange.request
            let earlier = state.withLock { state in
                state.recorded.last { $0.id.value < id.value && $0.exchange.request.method == request.method && $0.exchange.request.url == request.url }
            }
            guard let earlier, let outcome = earlier.recorder.redacted(earlier.exchange).outcome else {
                return .notice("no earlier \(request.summary) to compare with")
            }
            wanted = outcome
            title = "Compared with #\(earlier.id) \(request.summary)"
        }
        let diff = SessionDiff.compare(expected: wanted, actual: actual, check: check)
        return .report(title: title, lines: diff.isEqual ? ["no differences"] : diff.rendered.components(separatedBy: "\n"))
    }
}
