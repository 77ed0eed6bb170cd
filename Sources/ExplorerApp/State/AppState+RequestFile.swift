import ClientEvents
import RequestModel
import TUICore

/// A request file (SPEC §8) open in the TUI (`explorer tui FILE`, or Ctrl+O on one): Ctrl+F
/// lists its requests, Enter loads one into the panes, sending it goes with its checks (the
/// loop fills its variables and keeps its captures), F7 sends them all in order, live, until
/// one is cancelled (Esc stops the rest).
extension AppState {
    static let fileHint = "type to filter · Enter open · F7 run all · F8 variables · Esc"

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

    /// The picker for `filter`'s text: the best matches first (fuzzy, over name, method and URL,
    /// matched letters highlighted), or with no text every request in the file's order.
    mutating func fileList(_ file: RequestFileState, filter: LineField = LineField()) -> ListOverlay {
        let query = filter.text
        let ranked = FuzzyMatch.rank(query, file.requests.indices.map { FuzzyMatch.Candidate(Self.searchText(file, $0)) })
        let order = query.isEmpty ? Array(file.requests.indices) : ranked.map(\.index)
        let positions = Dictionary(uniqueKeysWithValues: ranked.map { ($0.index, $0.result.positions) })
        requestFile?.shown = order
        let rows = order.map { index in
            let spec = file.requests[index]
            let name = file.name(index)
            let matched = positions[index] ?? []
            var notes: [String] = []
            if !spec.asserts.isEmpty { notes.append("\(spec.asserts.count) asserts") }
            if !spec.captures.isEmpty { notes.append("captures " + spec.captures.map(\.name).joined(separator: ", ")) }
            if let poll = spec.poll { notes.append("polls up to \(poll.max) times") }
            return ListOverlay.Row(name, detail: "\(spec.method) \(spec.url)", marked: index == file.current,
                                   highlights: Set(matched.filter { $0 < name.count }),
                                   detailHighlights: Set(matched.filter { $0 >= name.count + 2 }.map { $0 - name.count - 2 }),
                                   note: notes.joined(separator: " · "))
        }
        let count = query.isEmpty ? "\(rows.count)" : "\(rows.count) of \(file.requests.count)"
        let selection = query.isEmpty ? (file.current ?? 0) : 0
        return ListOverlay(title: "Requests of \(file.fileName) (\(count))", hint: Self.fileHint, rows: rows,
                           empty: file.requests.isEmpty ? "the file has no requests" : "no request matches \(query)",
                           selection: selection, filter: filter).fitted(overlayBounds)
    }

    /// `login  POST auth/login`: what the filter matches, the name first as the row shows it.
    static func searchText(_ file: RequestFileState, _ index: Int) -> String {
        "\(file.name(index))  \(file.requests[index].method) \(file.requests[index].url)"
    }

    mutating func openFileRequests(_ file: RequestFileState) {
        overlay = .list(.fileRequests, fileList(file))
    }

    mutating func handleFileRequests(_ outcome: ListOverlay.Outcome, list: ListOverlay, now: Double) -> [Effect] {
        switch outcome {
        case .handled, .close, .key: break
        case .filterChanged:
            guard let file = requestFile else { break }
            overlay = .list(.fileRequests, fileList(file, filter: list.filter ?? LineField()))
        case .choose(let row):
            guard let shown = requestFile?.shown, shown.indices.contains(row) else { break }
            let index = shown[row]
            overlay = nil
            loadFileRequest(index)
            show("opened \(requestFile?.name(index) ?? "")", isError: false, now: now)
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
        response.beginExchange(checks: spec.hasChecks ? ChecksView(pollMax: spec.poll?.max) : nil)
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
