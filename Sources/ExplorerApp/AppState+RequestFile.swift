import ClientEvents
import RequestModel
import TUICore

/// A request file (SPEC §8) open in the TUI (`explorer tui FILE`, or Ctrl+O on one): Ctrl+F
/// lists its requests, Enter loads one into the panes, sending it goes with its checks (the
/// loop fills its variables and keeps its captures), F7 sends them all in order, live, until
/// one is cancelled (Esc stops the rest).
extension AppState {
    static let fileHint = "Enter open · F7 run all · F8 variables · Esc"

    /// The file's requests are the picker's from now on; the first one is loaded.
    public mutating func openRequestFile(path: String, requests: [RequestSpec], now: Double) {
        requestFile = RequestFileState(path: path, requests: requests)
        if !requests.isEmpty { loadFileRequest(0) }
        let count = requests.count == 1 ? "1 request" : "\(requests.count) requests"
        show("opened \(path): \(count) · Ctrl+F picks one · F7 runs all · F8 variables", isError: false, now: now, for: 6)
    }

    /// File request `index` into the panes; sending it keeps its checks.
    mutating func loadFileRequest(_ index: Int) {
        guard let spec = requestFile?.requests[index] else { return }
        loadIntoPanes(RequestDraft(spec))
        requestFile?.current = index
        savedRequests.current = nil
        sessions.recording = nil
    }

    func fileList(_ file: RequestFileState) -> ListOverlay {
        let rows = file.requests.indices.map { index in
            let spec = file.requests[index]
            var notes: [String] = []
            if !spec.asserts.isEmpty { notes.append("\(spec.asserts.count) asserts") }
            if !spec.captures.isEmpty { notes.append("captures " + spec.captures.map(\.name).joined(separator: ", ")) }
            if let poll = spec.poll { notes.append("polls up to \(poll.max) times") }
            return ListOverlay.Row(file.name(index), detail: "\(spec.method) \(spec.url)", marked: index == file.current,
                                   note: notes.joined(separator: " · "))
        }
        return ListOverlay(title: "Requests of \(file.fileName) (\(rows.count))", hint: Self.fileHint, rows: rows,
                           empty: "the file has no requests", selection: file.current ?? 0).fitted(overlayBounds)
    }

    mutating func openFileRequests(_ file: RequestFileState) {
        overlay = .list(.fileRequests, fileList(file))
    }

    mutating func handleFileRequests(_ outcome: ListOverlay.Outcome, now: Double) -> [Effect] {
        switch outcome {
        case .handled, .close, .filterChanged, .key: break
        case .choose(let row):
            overlay = nil
            loadFileRequest(row)
            show("opened \(requestFile?.name(row) ?? "")", isError: false, now: now)
        }
        return []
    }

    /// The panes' request goes as file request `index`: with its checks, filled by the loop;
    /// edited, the panes' URL, headers and body are sent instead of the file's.
    mutating func startFileRequest(_ index: Int, draft: RequestDraft, now: Double) -> [Effect] {
        guard let spec = requestFile?.requests[index] else { return [] }
        let id = exchanges.begin(at: now)
        requestFile?.sent[id] = index
        timeline.begin(exchange: id, method: draft.method, url: profiles.resolved(draft.url), at: now)
        let checked = !(spec.captures.isEmpty && spec.asserts.isEmpty && spec.poll == nil)
        response.beginExchange(checks: checked ? ChecksView(pollMax: spec.poll?.max) : nil)
        return [.sendFromFile(index: index, draft: draft, edited: draft != RequestDraft(spec), id)]
    }

    /// F7: every request of the file, in order.
    mutating func runAllFileRequests(now: Double) -> [Effect] {
        guard let file = requestFile else {
            show("no request file open: explorer tui FILE.yaml, or Ctrl+O on one", isError: true, now: now, for: 5)
            return []
        }
        if exchanges.inFlight != nil {
            show("an exchange is in flight: Esc cancels it", isError: true, now: now)
            return []
        }
        requestFile?.runQueue = Array(file.requests.indices)
        requestFile?.runOutcomes = []
        requestFile?.isRunning = true
        return sendNextFileRequest(now: now)
    }

    /// The next request of a run, loaded into the panes and sent.
    mutating func sendNextFileRequest(now: Double) -> [Effect] {
        guard var file = requestFile, !file.runQueue.isEmpty else { return [] }
        let index = file.runQueue.removeFirst()
        requestFile = file
        loadFileRequest(index)
        return send(now: now)
    }

    /// What file request sent as `id` came to (the loop's `RequestOutcome`).
    mutating func fileRequestFinished(_ id: ExchangeID, failures: [String], now: Double) {
        if id == exchanges.shown { response.finishChecks(failures: failures) }
        if let index = requestFile?.sent[id], !failures.isEmpty, let name = requestFile?.name(index) {
            show("✗ \(name): " + failures.joined(separator: "; "), isError: true, now: now, for: 6)
        }
        guard let file = requestFile, file.sent[id] != nil, file.isRunning else { return }
        requestFile?.runOutcomes.append(failures.isEmpty)
        guard var run = requestFile, run.runQueue.isEmpty else { return }
        run.isRunning = false
        requestFile = run
        show("run of \(file.fileName): \(run.runSummary)", isError: run.runFailed > 0, now: now, for: 8)
    }
}
