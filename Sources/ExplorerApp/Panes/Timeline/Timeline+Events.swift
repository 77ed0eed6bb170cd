import ClientEvents

extension Timeline {
    /// Adds one ClientCore event to its exchange. `now` (the app's monotonic clock, seconds)
    /// starts a retry's countdown; the row's `+…ms` comes from the event's own `t_ms`.
    public mutating func apply(_ event: ClientEvent, receivedAt now: Double) {
        let index = logIndex(for: event, now: now)
        logs[index].record(event, receivedAt: now)
        enforceBounds()
    }

    /// The exchange an event belongs to: the latest one with its id. An event of an exchange
    /// the app did not `begin` (or a first attempt under an id a finished exchange used, as
    /// after a switch to a new client) opens a new exchange.
    private mutating func logIndex(for event: ClientEvent, now: Double) -> Int {
        let existing = logs.lastIndex { $0.id == event.exchange }
        if let existing {
            let restarts = logs[existing].isFinished && { if case .attemptStarted(1, _, _) = event.kind { true } else { false } }()
            if !restarts { return existing }
        }
        var method = "", url = ""
        if case let .attemptStarted(_, attemptMethod, attemptURL) = event.kind {
            method = attemptMethod
            url = attemptURL
        }
        begin(exchange: event.exchange, method: method, url: url, at: now - max(0, event.tMs) / 1000)
        return logs.count - 1
    }
}

extension ExchangeLog {
    mutating func record(_ event: ClientEvent, receivedAt now: Double) {
        let t = event.tMs
        switch event.kind {
        case let .attemptStarted(attempt, method, url):
            settleWait(as: .elapsed)
            if self.method.isEmpty, self.url.isEmpty {
                self.method = method
                self.url = url
            }
            append(t, 1, .attempt(number: attempt, method: method, url: url, outcome: nil))
        case let .responseReceived(_, status, bytes, elapsedMs, _, encoding):
            attach(.response(status: status, elapsedMs: elapsedMs, encoded: encoding.map { Entry.EncodedSize(bytes: bytes, encoding: $0) }), t)
        case let .transportFailed(_, kind, message):
            attach(.transport(kind: kind.rawValue, message: message), t)
        case let .validatorDecided(_, validator, decision, reason):
            append(t, 2, .decision(validator: validator, decision: decision, reason: reason))
        case let .retryScheduled(_, strategy, delayMs, source):
            settleWait(as: .elapsed)
            let delay = max(0, delayMs.isFinite ? delayMs : 0)
            let retry = Entry.Retry(strategy: strategy, delayMs: delay, source: source, endsAt: now + delay / 1000,
                                    state: delay > 0 ? .waiting : .elapsed)
            append(t, 2, .retry(retry))
        case let .retrySkipped(_, reason):
            append(t, 2, .retrySkipped(reason: reason))
        case let .credentialsWithheld(_, origin, headers):
            append(t, 2, .withheld(origin: origin, headers: headers))
        case let .redirectFollowed(_, _, _, to):
            append(t, 2, .redirect(to: to, outcome: nil))
        case let .altStarted(_, method, url):
            append(t, 2, .alternate(method: method, url: url, result: nil))
        case let .altFinished(_, status, error):
            let result: Entry.Outcome = error.map { .error(status: status, message: $0) }
                ?? .response(status: status ?? 0, elapsedMs: nil)
            if let last = entries.indices.last, case .alternate(let method, let url, nil) = entries[last].item {
                entries[last].item = .alternate(method: method, url: url, result: result)
            } else {
                append(t, 2, .alternate(method: "", url: "", result: result))
            }
        case .taskStarted:
            append(t, 2, .task(result: nil))
        case .taskFinished:
            finishTask(.finished, t)
        case let .taskFailed(_, message):
            finishTask(.failed(message: message), t)
        case .authAuthorize, .authDevice, .authToken, .authFailed:
            append(t, 2, .said(kind: .auth, text: event.kind.authSentence ?? "", failed: { if case .authFailed = event.kind { true } else { false } }()))
        case .wsMessage:
            // Messages are the Response pane's log: a flood of them must not flood the timeline.
            break
        case .wsPing(.outgoing, _):
            pingSentAt = t
            append(t, 2, .said(kind: .webSocket, text: event.kind.webSocketSentence ?? "", failed: false))
        case .wsPong(.incoming, _) where pingSentAt != nil:
            // The round trip of the ping it answers.
            let roundTrip = TimelineFormat.duration(ms: t - (pingSentAt ?? t))
            pingSentAt = nil
            append(t, 2, .said(kind: .webSocket, text: "pong from the server in " + roundTrip, failed: false))
        case .wsOpened, .wsPing, .wsPong, .wsClosed:
            let failed = if case .wsClosed(let closed) = event.kind { !(closed.code == 1000 || closed.code == 1001) } else { false }
            append(t, 2, .said(kind: .webSocket, text: event.kind.webSocketSentence ?? "", failed: failed))
        case let .captureSet(name, _, value):
            append(t, 1, .capture(name: name, value: value))
        case let .assertPassed(report):
            append(t, 1, .assertion(passed: true, claim: report.claim, found: report.found))
        case let .assertFailed(report):
            append(t, 1, .assertion(passed: false, claim: report.claim, found: report.found))
        case let .streamOpened(_, contentType):
            append(t, 2, .stream(Entry.Stream(contentType: contentType)))
        case let .streamEvent(event):
            updateStream { $0.events = event.index; $0.latest = (event.type == "message" ? "" : event.type + ": ") + event.data }
        case let .streamRecord(index, bytes, data):
            updateStream { $0.events = index; $0.bytes += bytes; $0.latest = data }
        case let .streamClosed(events, bytes, reason):
            updateStream { $0.events = events; $0.bytes = bytes; $0.ending = reason }
        case let .exchangeCompleted(status, attempts):
            settleWait(as: .elapsed)
            append(t, 1, .completed(status: status, attempts: attempts))
            isFinished = true
        case let .exchangeFailed(attempts, error):
            if error.kind == "cancelled" {
                settleWait(as: .cancelled)
                append(t, 1, .cancelled)
            } else {
                settleWait(as: .elapsed)
                append(t, 1, .failed(attempts: attempts, kind: error.kind, message: error.message, status: error.status))
            }
            isFinished = true
        }
    }

    private mutating func append(_ tMs: Double, _ indent: Int, _ item: Entry.Item) {
        entries.append(Entry(tMs: tMs.isFinite ? tMs : 0, indent: indent, item: item))
    }

    /// A response or transport failure goes on the row of the attempt (or redirect hop) it
    /// answers, past the note of credentials withheld from it; otherwise it gets a row of its own.
    private mutating func attach(_ outcome: Entry.Outcome, _ tMs: Double) {
        let answered = entries.lastIndex { if case .withheld = $0.item { false } else { true } }
        if let last = answered {
            switch entries[last].item {
            case let .attempt(number, method, url, nil):
                entries[last].item = .attempt(number: number, method: method, url: url, outcome: outcome)
                return
            case let .redirect(to, nil):
                entries[last].item = .redirect(to: to, outcome: outcome)
                return
            default:
                break
            }
        }
        append(tMs, 2, .redirect(to: "", outcome: outcome))
    }

    /// The exchange's latest stream row, changed in place.
    private mutating func updateStream(_ change: (inout Entry.Stream) -> Void) {
        guard let index = entries.lastIndex(where: { if case .stream = $0.item { true } else { false } }),
              case .stream(var stream) = entries[index].item else { return }
        change(&stream)
        entries[index].item = .stream(stream)
    }

    private mutating func finishTask(_ result: Entry.TaskResult, _ tMs: Double) {
        if let last = entries.indices.last, case .task(nil) = entries[last].item {
            entries[last].item = .task(result: result)
        } else {
            append(tMs, 2, .task(result: result))
        }
    }

    /// Ends the countdown of a wait still counting (the next attempt started, or the exchange ended).
    private mutating func settleWait(as state: Entry.Retry.State) {
        guard let last = entries.indices.last, case .retry(var retry) = entries[last].item, retry.state == .waiting else { return }
        retry.state = state
        entries[last].item = .retry(retry)
    }
}
