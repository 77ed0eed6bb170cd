import ClientCore
import ExplorerApp
import Foundation
import Terminal
import TUICore

/// The UI thread: the only code that talks to the terminal. It blocks in `poll()` on the
/// keyboard and the inbox, applies every event that arrived, and draws once the queue is empty,
/// so a burst of client events costs one frame.
final class TUILoop: @unchecked Sendable {
    private let inbox: Inbox<AppEvent>
    private let runner: ExchangeRunner
    private let storage: TUIStorage
    private let noColor: Bool
    private let typeAhead: TypeAheadInput?
    private let origin = ContinuousClock.now
    /// The shortest time between two frames drawn for client events alone (60 a second).
    static let frameGap = 1.0 / 60
    /// Runs the effects that read or write files, serially.
    private let fileWork = DispatchQueue(label: "explorer.files", qos: .utility)
    private let filters: FilterRunner
    private var state: AppState

    init(state: AppState, inbox: Inbox<AppEvent>, runner: ExchangeRunner, storage: TUIStorage, noColor: Bool,
         typeAhead: TypeAheadInput?) {
        self.state = state
        self.inbox = inbox
        self.runner = runner
        self.storage = storage
        self.noColor = noColor
        self.typeAhead = typeAhead
        filters = FilterRunner(post: { [inbox] event in inbox.post(event) })
    }

    private func now() -> Double {
        (ContinuousClock.now - origin).seconds
    }

    /// Runs until the user quits; the terminal is restored before it returns.
    func run() throws {
        // SIGTERM and SIGHUP end the loop like Ctrl+Q, so the terminal is restored on the way out.
        // Watched before the first frame: a signal sent once the screen shows must not find the
        // default action (or, blocked by the parent and pending, be discarded when the watcher
        // sets it to ignored).
        let inbox = self.inbox
        let stopSignals = SignalWatcher([SIGTERM, SIGHUP]) { _ in inbox.post(.terminate) }
        defer { stopSignals.stop() }
        let terminal = try Terminal(noColor: noColor, typeAhead: typeAhead)
        defer { terminal.close() }
        terminal.wakeOnResize(inbox)
        let size = terminal.size
        _ = state.update(.resize(width: size.width, height: size.height), now: now())
        // The first frame goes out before anything slow (the demo API, the client) starts. Keys
        // typed ahead wait in the tty until the loop below reads them, in order; a send among
        // them waits in the state for the profile.
        terminal.draw(state.render(now: now()))
        runner.startProfile(state.profiles.name)
        background { $0.listProfiles() }
        var lastDraw = now()
        var drawOwed = false
        while !state.wantsQuit {
            // A frame owed (events came too soon after the last one) is drawn when its gap is over.
            let frameDue = drawOwed ? max(0, lastDraw + Self.frameGap - now()) : nil
            let timeout = [state.nextTick(now: now()), frameDue].compactMap { $0 }.min()
            var events = inbox.wait(timeout: timeout).events
            if inbox.isInputClosed { events.append(.terminate) }
            // Every wake-up reads the terminal: a resize only wakes the pipe, and ncurses reports
            // it as a key.
            let inputs = terminal.readInputs()
            for input in inputs {
                switch input {
                case .key(let key): events.append(.key(key))
                case .resize(let width, let height): events.append(.resize(width: width, height: height))
                }
            }
            if events.isEmpty { events = [.tick] }
            for event in events {
                for effect in state.update(event, now: now()) { perform(effect, terminal: terminal) }
                if state.wantsQuit { break }
            }
            // A key is answered at once, and so is what a user waits for (a response, a stream's
            // first row); a flood of client events (a stream's 10,000 a second) is drawn at most
            // once a frame, so drawing does not take the time the keys need.
            if !inputs.isEmpty || events.contains(where: \.drawsAtOnce) || now() - lastDraw >= Self.frameGap {
                terminal.draw(state.render(now: now()))
                lastDraw = now()
                drawOwed = false
            } else {
                drawOwed = true
            }
        }
    }

    /// File work off the UI thread, one job at a time in the order asked (a save then a rename
    /// of the same file must not read-modify-write it at once); its outcome comes back as an event.
    private func background(_ work: @escaping @Sendable (TUIStorage) -> AppEvent) {
        let storage = storage, inbox = inbox
        fileWork.async { inbox.post(work(storage)) }
    }

    private func perform(_ effect: Effect, terminal: Terminal) {
        switch effect {
        case .switchProfile(let name): runner.startProfile(name)
        case .listProfiles: background { $0.listProfiles() }
        case .createProfile(let name, let baseURL): background { $0.createProfile(name: name, baseURL: baseURL) }
        case .duplicateProfile(let from, let to): background { $0.duplicateProfile(from: from, to: to) }
        case .deleteProfile(let name): background { $0.deleteProfile(name) }
        case .keepSecrets(let keep): runner.recorder.setKeepSecrets(keep)
        case .listSavedRequests(let profile): background { $0.listSavedRequests(profile) }
        case .completePath(let typed): background { $0.completePath(typed) }
        case .importFile(let path, let merge):
            let requestFile = runner.requestFile
            background { $0.importFile(path, merge: merge, requestFile: requestFile) }
        case .saveRequest(let profile, let name, let draft): background { $0.saveRequest(draft, as: name, in: profile) }
        case .renameRequest(let profile, let from, let to): background { $0.renameRequest(from, to: to, in: profile) }
        case .deleteRequest(let profile, let name): background { $0.deleteRequest(name, in: profile) }
        // Each waits for the recordings under way, so what just ended is in the file or the list.
        case .saveSession(let name, let keep):
            let recorder = runner.recorder, profile = runner.activeProfile, inbox = inbox
            Task.detached {
                await recorder.drain()
                inbox.post(recorder.saveSession(name: name, profile: profile, keepSecrets: keep))
            }
        case .loadHistory(let name):
            let recorder = runner.recorder, inbox = inbox
            Task.detached {
                await recorder.drain()
                inbox.post(recorder.loadHistory(name))
            }
        case .compare(let id, let expected, let check):
            let recorder = runner.recorder, inbox = inbox
            Task.detached {
                await recorder.drain()
                inbox.post(recorder.compare(id, against: expected, check: check))
            }
        case .editProfile(let name):
            // The editor works on a copy: a bad edit never replaces a good profile.
            let copy: URL
            switch storage.editingCopy(of: name) {
            case .success(let url): copy = url
            case .failure(let problem): return inbox.post(.problem(problem.description + "; the profile is unchanged"))
            }
            terminal.suspend()
            let outcome = ExternalEditor.editFile(copy.path)
            terminal.resume()
            switch outcome {
            case .success: background { $0.profileEdited(name, copy: copy) }
            case .failure(let problem): inbox.post(.problem(problem.description + "; " + storage.editAbandoned(name, copy: copy)))
            }
        case .send(let draft, let id, let chain): runner.send(draft, chain: chain, id: id)
        case .sendFromFile(let index, let draft, let edited, let id): runner.sendFromFile(index, draft: draft, edited: edited, id: id)
        case .listVariables: runner.listVariables()
        case .setVariable(let name, let value):
            runner.requestFile.set(name, value: value)
            runner.listVariables()
        case .cancel(let id): runner.cancel(id)
        case .sendWebSocketMessage(let message, let id): runner.sendWebSocketMessage(message, on: id)
        case .skipWait: runner.skipWait()
        case .makeCurl(let draft): runner.makeCurl(draft)
        case .evaluateFilter(let evaluation): filters.evaluate(evaluation)
        case .cancelFilter: filters.cancel()
        case .quit: break
        case .forgetToken: runner.forgetToken()
        case .copy(let text, let label):
            inbox.post(terminal.copyToClipboard(text)
                ? .clipboardWritten(label: label)
                : .clipboardRefused(label: label, reason: "too large for OSC 52 (over 100 KB) or no terminal to copy through"))
        case .openEditor(let text):
            terminal.suspend()
            let outcome = ExternalEditor.edit(text)
            terminal.resume()
            switch outcome {
            case .success(let edited): inbox.post(.editorFinished(edited))
            case .failure(let problem): inbox.post(.editorFailed(problem.description))
            }
        }
    }
}
