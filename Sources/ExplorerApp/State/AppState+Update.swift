import ClientEvents
import TUICore

extension AppState {
    /// The one place the state changes: an event in, effects out. `now` is monotonic seconds.
    public mutating func update(_ event: AppEvent, now: Double) -> [Effect] {
        if let message, message.until <= now { self.message = nil }
        switch event {
        case .key(let key): return handle(key, now: now)
        case .resize(let width, let height):
            self.width = width
            self.height = height
            fitPanes()
            if case .help(var help) = overlay {
                help.fit(overlayBounds)
                overlay = .help(help)
            }
            if case .list(let kind, let list) = overlay { overlay = .list(kind, list.fitted(overlayBounds)) }
        case .tick: break
        case .profileReady(let name, let baseURL):
            // A late answer for a profile the user has since switched away from is dropped.
            guard name == profiles.name else { break }
            profiles.settle(.ready(name: name, baseURL: baseURL))
            tokenExpiresAt = nil
            refreshProfilesList()
            if sessions.browseWhenReady, overlay == nil {
                sessions.browseWhenReady = false
                openSessionBrowser()
            }
            return [.listSavedRequests(name)] + sendPending(readyProfile: name, now: now)
        case .graphQLSchema(let name, let schema):
            guard name == profiles.name else { break }
            body.graphQLSchema = schema
        case .profileFailed(let problem):
            profiles.settle(.failed(name: profiles.name, problem: problem))
            show(problem, isError: true, now: now, for: 10)
            dropPendingSend(because: "profile \(profiles.name) failed: \(problem)", now: now)
        case .profilesListed, .profileSwitchFailed, .profileCreated, .profileDuplicated, .profileDeleted, .profileEdited:
            return profileEvent(event, now: now)
        case .problem(let text):
            show(text, isError: true, now: now, for: 10)
        case .notice(let text):
            show(text, isError: false, now: now, for: 4)
        case .historyLoaded(let name, let exchanges):
            historyLoaded(profile: name, exchanges)
        case .batch(let events):
            return events.flatMap { update($0, now: now) }
        case .savedRequestsListed(let name, let entries):
            savedRequestsListed(profile: name, entries)
        case .report(let title, let lines):
            openReport(title: title, lines: lines)
        case .pathCompleted(let text, let alternatives):
            pathCompleted(text, alternatives: alternatives, now: now)
        case .importWouldReplace(let path, let message):
            overlay = .confirm(.mergeImport(path: path, message: message))
        case .imported(let profile, let lines):
            imported(profile: profile, lines: lines)
            return [.listProfiles]
        case .client(let event):
            timeline.apply(event, receivedAt: now)
            if event.exchange == exchanges.shown { response.apply(event.kind, at: event.tMs) }
            followWebSocket(event)
            authStep(event.kind, now: now)
        case .requestFileOpened(let path, let requests, let profile):
            overlay = nil
            openRequestFile(path: path, requests: requests, now: now)
            // The file runs on the profile it names.
            let switching = profile.map { $0 == profiles.name ? [] : switchProfile(to: $0, now: now) } ?? []
            return switching + [.listVariables]
        case .variablesListed(let variables):
            variablesListed(variables)
        case .fileRequestFinished(let id, let failures):
            fileRequestFinished(id, failures: failures, now: now)
        case .bodyArriving(let id, let arrival):
            guard id == exchanges.shown else { break }
            response.showArrival(arrival)
        case .responseReceived(let id, let summary, let document):
            guard id == exchanges.shown else { break }
            response.show(summary, document: document)
            showGraphQLErrors(in: document, now: now)
        case .bodyIndexing(let id, let fraction):
            guard id == exchanges.shown else { break }
            response.indexingProgress(fraction)
        case .bodyIndexed(let id, let document):
            guard id == exchanges.shown else { break }
            response.replaceDocument(document)
        case .exchangeEnded(let id, let failure, let cancelled):
            guard exchanges.inFlight?.id == id else { break }
            exchanges.inFlight = nil
            if webSocket?.exchange == id { webSocket = nil }
            if case .auth = overlay { overlay = nil }
            if cancelled {
                sessions.resendQueue = []
                requestFile?.stopRun()
                if !response.stopArrival() { response.showFailure("cancelled") }
            } else if let failure {
                if response.document == nil { response.showFailure(failure) }
                show(failure, isError: true, now: now, for: 6)
            }
            if !cancelled, !sessions.resendQueue.isEmpty { return sendNextQueued(now: now) }
            if !cancelled, requestFile?.runQueue.isEmpty == false { return sendNextFileRequest(now: now) }
        case .filterEvaluated(let result):
            response.showFilterResult(result)
        case .editorFinished(let text):
            body.replaceText(text)
        case .editorFailed(let problem):
            show(problem, isError: true, now: now, for: 6)
        case .clipboardWritten(let label):
            show("\(label) copied to the clipboard (OSC 52)", isError: false, now: now)
        case .clipboardRefused(let label, let reason):
            show("\(label) not copied: \(reason)", isError: true, now: now, for: 6)
        case .curlReady(let command):
            return [.copy(command, label: "curl command")]
        case .terminate:
            wantsQuit = true
            return [.quit]
        }
        return []
    }

    mutating func show(_ text: String, isError: Bool, now: Double, for seconds: Double = 3) {
        message = Message(text: text, isError: isError, until: now + seconds)
    }

    // MARK: Keys

    private mutating func handle(_ key: Key, now: Double) -> [Effect] {
        if let overlay { return handle(key, over: overlay, now: now) }
        if layout.isTooSmall {
            // Only the keys that make sense without panes: quit, cancel.
            switch key {
            case .control("c") where exchanges.canCancel, .escape where exchanges.canCancel: return stop(now: now)
            case .control("q"), .control("c"): return quitOrAsk()
            default: return []
            }
        }
        if let effects = handleComposerKey(key, now: now) { return effects }
        // Esc in the Response pane's search prompt or filter path closes that, not the exchange.
        let escapeIsThePanes = focus == .response && response.isEditingText
        switch key {
        case .control("c") where exchanges.canCancel, .escape where exchanges.canCancel && !escapeIsThePanes: return stop(now: now)
        case .control("q"), .control("c"): return quitOrAsk()
        case .control("r"), .function(5): return send(now: now)
        case .control("g"): return skipWait(now: now)
        case .tab where focus == .body && body.kind == .graphql:
            if let completion = body.completeGraphQL() {
                let shown = completion.candidates.prefix(8).joined(separator: " · ") + (completion.candidates.count > 8 ? " …" : "")
                show(completion.candidates.isEmpty ? "nothing in the schema starts with \(completion.prefix)" : shown,
                     isError: completion.candidates.isEmpty, now: now)
            } else {
                focus = focus.next
            }
        case .tab: focus = focus.next
        case .backTab: focus = focus.previous
        case .function(1): overlay = .help(HelpOverlay())
        case .character("?") where !focusedPaneIsEditingText: overlay = .help(HelpOverlay())
        case .control("p"): overlay = .palette(Palette(profiles: profiles.choices))
        case .function(2): return openProfiles()
        case .function(3): return openHistory()
        case .function(4):
            if sessions.opened == nil {
                show("no session opened: explorer tui --session FILE (F6 saves this one)", isError: true, now: now, for: 5)
            } else {
                openSessionBrowser()
            }
        case .function(6): promptSaveSession(now: now)
        case .function(10): openSchema(now: now)
        case .function(9):
            show("F9: the token is forgotten; this send logs in again", isError: false, now: now, for: 4)
            return [.forgetToken] + send(now: now)
        case .control("s"): promptSaveRequest()
        case .control("f"):
            guard let file = requestFile else { return openSavedRequests() }
            openFileRequests(file)
        case .control("o"): promptOpenFile()
        case .function(7): return runAllFileRequests(now: now)
        case .function(8): return openVariables(now: now)
        case .mouse(let mouse): handle(mouse)
        default: return handleInFocusedPane(key, now: now)
        }
        return []
    }

    private var focusedPaneIsEditingText: Bool {
        switch focus {
        case .request: request.isEditingText
        case .headers: headers.isEditingText
        case .body: body.isEditingText
        case .response: response.isEditingText
        case .timeline: false
        }
    }

    private mutating func handleInFocusedPane(_ key: Key, now: Double) -> [Effect] {
        switch focus {
        case .request:
            switch request.handle(key) {
            case .send: return send(now: now)
            case .loadReady(let index):
                let kept = loadReady(index)
                if !kept.isEmpty {
                    show("kept what you typed in \(kept.joined(separator: " and ")) (the ready request's left out)", isError: false, now: now, for: 4)
                }
            case .handled, .ignored: break
            }
        case .headers:
            _ = headers.handle(key)
        case .body:
            if case .openEditor(let text) = body.handle(key) { return [.openEditor(text)] }
        case .response:
            switch response.handle(key) {
            case .ignored where key == .character("c"): return compare(now: now)
            case .evaluateFilter(let evaluation): return [.evaluateFilter(evaluation)]
            case .cancelFilter: return [.cancelFilter]
            case .handled, .ignored: break
            }
        case .timeline:
            if timeline.handle(key) == .skipWait { return skipWait(now: now) }
        }
        return []
    }

    private mutating func handle(_ mouse: Mouse) {
        guard let pane = layout.pane(atRow: mouse.row, column: mouse.column) else { return }
        switch mouse.action {
        case .press: focus = pane
        case .wheelUp, .wheelDown:
            let lines = mouse.action == .wheelUp ? -3 : 3
            switch pane {
            case .request: break
            case .headers: headers.scroll(by: lines)
            case .body: body.scroll(by: lines)
            case .response: response.scroll(by: lines)
            case .timeline: timeline.scroll(by: lines)
            }
        }
    }

    private mutating func handle(_ key: Key, over overlay: Overlay, now: Double) -> [Effect] {
        switch overlay {
        case .help(var help):
            if case .control("q") = key { return quitOrAsk() }
            guard help.handle(key) == .handled else {
                self.overlay = nil
                return []
            }
            help.fit(overlayBounds)
            self.overlay = .help(help)
        case .palette(var palette):
            switch palette.handle(key) {
            case .handled: self.overlay = .palette(palette)
            case .close: self.overlay = nil
            case .run(let command):
                self.overlay = nil
                return run(command, now: now)
            }
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"):
                wantsQuit = true
                return [.quit]
            default:
                self.overlay = nil
            }
        case .list(let kind, var list):
            // The keys that open another list (or quit) leave this one for it.
            let elsewhere: [Key] = [.function(2), .function(3), .function(4), .function(7), .function(8), .control("f"), .control("o"), .control("q")]
            if elsewhere.contains(key), !(kind == .savedRequests && key == .function(2)) {
                self.overlay = nil
                return handle(key, now: now)
            }
            let outcome = list.handle(key)
            // The list stays open (moved, or with the key's outcome to act on) unless it closes.
            self.overlay = .list(kind, list)
            switch (kind, outcome) {
            case (_, .handled): break
            case (_, .close), (.report, _): self.overlay = nil
            case (.profiles, _): return handleProfiles(outcome, now: now)
            case (.session, _), (.history, _): return handleExchanges(kind, outcome, now: now)
            case (.savedRequests, _): return handleSaved(outcome, list: list, now: now)
            case (.graphQLSchema, _): handleSchema(outcome, list: list)
            case (.imported(let name), _): return handleImported(name, outcome, now: now)
            case (.fileRequests, _): return handleFileRequests(outcome, list: list, now: now)
            case (.variables, _): handleVariables(outcome)
            }
        case .prompt(let purpose, var prompt):
            if purpose == .openFile, key == .tab { return [.completePath(prompt.text)] }
            switch prompt.handle(key) {
            case .handled: self.overlay = .prompt(purpose, prompt)
            case .close: self.overlay = nil
            case .submit(let text): return submit(text, for: purpose, prompt: prompt, now: now)
            }
        case .confirm(let purpose):
            self.overlay = nil
            guard key == .character("y") || key == .character("Y") else { return [] }
            return confirmed(purpose, now: now)
        case .profileForm(var form):
            switch form.handle(key) {
            case .handled: self.overlay = .profileForm(form)
            case .close: self.overlay = nil
            case .submit(let name, let baseURL): return submitProfileForm(name: name, baseURL: baseURL)
            }
        case .parameters(var form):
            switch form.handle(key) {
            case .handled: self.overlay = .parameters(form)
            case .close: self.overlay = nil
            case .submit(let url):
                self.overlay = nil
                request.url.text = url
            }
        case .auth(var auth):
            switch auth.handle(key) {
            case .handled: self.overlay = .auth(auth)
            case .close: self.overlay = nil
            case .copy(let text, let label): return [.copy(text, label: label)]
            }
        }
        return []
    }

    private mutating func submit(_ text: String, for purpose: PromptPurpose, prompt: PromptOverlay, now: Double) -> [Effect] {
        if let problem = problem(with: text, for: purpose) {
            // The prompt stays open and says why the answer is refused.
            var prompt = prompt
            prompt.problem = problem
            overlay = .prompt(purpose, prompt)
            return []
        }
        switch purpose {
        case .duplicateProfile(let from): return submitDuplicate(from: from, to: text)
        case .saveSession: return submitSaveSession(text)
        case .saveRequest: return submitSaveRequest(text)
        case .renameRequest(let from): return submitRename(from: from, to: text)
        case .openFile: return submitOpenFile(text, now: now)
        case .editVariable(let name): return submitVariable(name, value: text)
        }
    }

    /// Why a prompt's answer cannot be taken, if it cannot.
    private func problem(with text: String, for purpose: PromptPurpose) -> String? {
        switch purpose {
        case .duplicateProfile: profiles.problem(newName: text)
        case .saveSession: ProfileNames.isBuiltIn(text) ? nil : ProfileNames.problem(text)
        case .saveRequest: SavedRequestsState.nameProblem(text)
        case .renameRequest(let from): savedRequests.problem(renaming: from, to: text)
        case .openFile: text.trimmingCharacters(in: .whitespaces).isEmpty ? "give the path of a file to import" : nil
        case .editVariable: nil
        }
    }

    private mutating func confirmed(_ purpose: ConfirmPurpose, now: Double) -> [Effect] {
        switch purpose {
        case .deleteProfile(let name):
            overlay = .list(.profiles, profilesList())
            return [.deleteProfile(name)]
        case .overwriteRequest(let name):
            return saveRequest(as: name)
        case .deleteRequest(let name):
            overlay = .list(.savedRequests, savedList())
            if savedRequests.current == name { savedRequests.current = nil }
            return [.deleteRequest(profile: profiles.name, name: name)]
        case .mergeImport(let path, _):
            show("importing \(path)…", isError: false, now: now)
            return [.importFile(path: path, merge: true)]
        }
    }

    private mutating func run(_ command: Palette.Command, now: Double) -> [Effect] {
        switch command {
        case .send: return send(now: now)
        case .cancel: return cancel(now: now)
        case .skipWait: return skipWait(now: now)
        case .togglePretty: response.togglePretty()
        case .toggleWrap: response.toggleWrap()
        case .filter:
            focus = .response
            _ = response.openFilter()
        case .copyBody:
            guard let document = response.document, document.byteCount <= 100_000 else {
                show("nothing to copy: no response body, or it is larger than 100 KB", isError: true, now: now)
                return []
            }
            // While filtering, what is on screen: the matches.
            let label = response.filter?.matchCount == nil ? "response body" : "filter matches"
            return [.copy(String(decoding: document.bytes(upTo: 100_000), as: UTF8.self), label: label)]
        case .copyAsCurl: return [.makeCurl(draft)]
        case .help: overlay = .help(HelpOverlay())
        case .quit: return quitOrAsk()
        case .switchProfile(let name): return switchProfile(to: name, now: now)
        case .profiles: return openProfiles()
        case .history: return openHistory()
        case .sessionBrowser:
            if sessions.opened == nil { show("no session opened: explorer tui --session FILE", isError: true, now: now) } else { openSessionBrowser() }
        case .saveSession: promptSaveSession(now: now)
        case .keepSecrets: return toggleKeepSecrets(now: now)
        case .compare: return compare(now: now)
        case .saveRequest: promptSaveRequest()
        case .openRequests:
            guard let file = requestFile else { return openSavedRequests() }
            openFileRequests(file)
        case .openFile: promptOpenFile()
        }
        return []
    }

    // MARK: Exchanges

    mutating func send(now: Double) -> [Effect] {
        if exchanges.inFlight != nil {
            show("an exchange is in flight: Esc cancels it", isError: true, now: now)
            return []
        }
        if case .failed(let name, let problem) = profiles.active {
            show("not sent: profile \(name) failed: \(problem)", isError: true, now: now, for: 6)
            return []
        }
        let draft = draft
        if !draft.canSend, let problem = draft.problems.first {
            show("not sent: \(problem)", isError: true, now: now, for: 6)
            return []
        }
        if case .starting(let name) = profiles.active {
            waitForProfile(name, draft: draft)
            return []
        }
        return start(draft, now: now)
    }

    /// Sends `draft` on the ready profile: a new exchange in the timeline and the Response pane.
    mutating func start(_ draft: RequestDraft, now: Double) -> [Effect] {
        if let index = requestFile?.current { return startFileRequest(index, draft: draft, now: now) }
        let id = exchanges.begin(at: now)
        timeline.begin(exchange: id, method: draft.method, url: profiles.resolved(draft.url), at: now)
        response.beginExchange(checks: chain.flatMap { $0.hasChecks ? ChecksView(pollMax: $0.poll?.max) : nil })
        return [.send(draft, id, chain: chain)]
    }

    mutating func cancel(now: Double) -> [Effect] {
        guard let id = exchanges.inFlight?.id else { return [] }
        exchanges.inFlight?.cancelRequested = true
        timeline.markCancelRequested(at: now)
        return [.cancel(id)]
    }

    /// Esc or Ctrl+C: the exchange in flight is cancelled, else the send waiting for the profile
    /// will not go.
    private mutating func stop(now: Double) -> [Effect] {
        requestFile?.stopRun()
        guard exchanges.inFlight == nil else { return cancel(now: now) }
        exchanges.pending = nil
        show("the waiting send is cancelled", isError: false, now: now)
        return []
    }

    private mutating func skipWait(now: Double) -> [Effect] {
        guard timeline.pendingWait != nil else {
            show("no retry wait to skip", isError: false, now: now)
            return []
        }
        timeline.markWaitSkipped(at: now)
        return [.skipWait]
    }

    private mutating func quitOrAsk() -> [Effect] {
        if hasUnsavedWork {
            overlay = .confirmQuit
            return []
        }
        wantsQuit = true
        return [.quit]
    }
}
