import ClientEvents
import TUICore

/// The Response pane: the final response's status, version, time and size, then its body
/// (shown first) or its headers. The body is a `BodyDocument`: only the lines on screen are
/// laid out, so scrolling a 10 MB body to its end is as quick as its first screen. The app
/// shows a document as soon as it is opened, then swaps in the fully indexed one.
public struct ResponsePane: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case handled, ignored
        /// The filter's path changed: run it (off the UI thread), dropping the run before.
        case evaluateFilter(FilterEvaluation)
        /// The filter closed or its path emptied: a run under way is no longer wanted.
        case cancelFilter
    }

    public enum Tab: Sendable, Equatable {
        /// `checks` only while the exchange shown has checks (a request file's).
        case body, headers, checks
    }

    /// What the pane is showing.
    public enum Content: Sendable, Equatable {
        /// Before the first exchange.
        case empty
        /// An exchange in flight, no response yet.
        case waiting
        /// The body arriving; `stopped` once the user ended it before the end.
        case arriving(BodyArrival, stopped: Bool)
        case response(ResponseSummary)
        /// The exchange failed without a response.
        case failure(String)
    }

    public internal(set) var content: Content = .empty
    public internal(set) var document: BodyDocument?
    public internal(set) var tab: Tab = .body
    /// The first body line on screen (logical lines, wrapped or not).
    public internal(set) var topLine = 0
    /// Columns scrolled sideways (without wrap).
    public internal(set) var column = 0
    public internal(set) var headerTop = 0
    /// An event stream's or line format's rows, while and after it arrives; nil for other bodies.
    public internal(set) var stream: StreamRows?
    /// What a request file's checks came to for the exchange shown; nil without checks.
    public internal(set) var checks: ChecksView?
    public internal(set) var checksTop = 0
    public internal(set) var wrap = false
    /// The user's raw/pretty choice; it carries over to the next response.
    public internal(set) var prefersRaw = false
    /// Set by End: the view stays on the last lines as the index completes.
    public internal(set) var followsEnd = false
    /// While the document is indexed in the background, 0…1.
    public internal(set) var indexing: Double?
    /// The search prompt's text while it is open.
    public internal(set) var searchField: String?
    public internal(set) var query: String?
    public internal(set) var matchLine: Int?
    /// The JSONPath filter box while it is open (`f`).
    public internal(set) var filter: ResponseFilter?
    /// Counts the bodies shown, so the filter's runner parses each one once.
    var bodySerial = 0
    /// Counts filter runs: a result names its run, and only the latest one is shown.
    var filterRuns = 0
    /// A note in the bottom row (e.g. "not found: x") until the next key.
    public internal(set) var message: String?
    /// The inside of the pane, for paging and End: the app sets them from the layout (the pane
    /// area's size minus 2), as for the other panes. 46×9 is the pane at 80×24.
    public var viewportWidth = 46
    public var viewportHeight = 9

    public init() {}

    /// True while the search prompt or the filter line takes typed characters.
    public var isEditingText: Bool { searchField != nil || filter?.isEditing == true || stream?.rowFilter?.isEditing == true }

    // MARK: What the app tells the pane

    /// A new exchange was sent: the old response goes, "waiting for the response…" shows.
    public mutating func beginExchange(checks: ChecksView? = nil) {
        content = .waiting
        document = nil
        stream = nil
        self.checks = checks
        checksTop = 0
        resetView()
    }

    /// An event of the exchange shown (`tMs` after it started): its checks and its stream's rows follow it.
    public mutating func apply(_ event: ClientEvent.Kind, at tMs: Double = 0) {
        switch event {
        case .captureSet, .assertPassed, .assertFailed, .validatorDecided(_, "poll", _, _):
            if checks == nil { checks = ChecksView() }
            checks?.apply(event)
        case .streamOpened(_, let contentType):
            if stream == nil { stream = StreamRows(contentType: contentType) }
            stream?.apply(event, at: tMs)
        case .wsOpened(_, let chosen, _):
            // A WebSocket's messages are its rows: the log follows the newest, Enter shows one whole.
            if stream == nil { stream = StreamRows(contentType: "WebSocket" + (chosen.isEmpty ? "" : " · \(chosen)")) }
            stream?.apply(event, at: tMs)
            content = .arriving(BodyArrival(status: 101, contentType: "", received: 0, expected: nil, seconds: 0, preview: nil), stopped: false)
        case .streamEvent, .streamRecord, .streamClosed, .wsMessage, .wsClosed:
            stream?.apply(event, at: tMs)
        default: break
        }
    }

    /// The body so far: its progress, and its first screens as soon as they are in.
    public mutating func showArrival(_ arrival: BodyArrival) {
        switch content {
        case .waiting, .arriving(_, stopped: false): break
        default: return
        }
        var arrival = arrival
        if let preview = arrival.preview {
            if document == nil { bodySerial += 1 }
            document = withPreferredLayout(preview)
            topLine = min(topLine, maxTopLine())
        }
        arrival.preview = nil
        content = .arriving(arrival, stopped: false)
    }

    /// Esc while it arrived: what came stays, marked stopped; true when there was a body arriving.
    public mutating func stopArrival() -> Bool {
        guard case .arriving(let arrival, _) = content else { return false }
        content = .arriving(arrival, stopped: true)
        return true
    }

    /// The request file's request ended: its failures close the Checks view.
    public mutating func finishChecks(failures: [String]) {
        if checks == nil, !failures.isEmpty { checks = ChecksView() }
        checks?.finish(failures: failures)
    }

    /// The final response arrived with its body opened (possibly still indexing).
    public mutating func show(_ summary: ResponseSummary, document: BodyDocument) {
        // The view of a body watched as it arrived stays where the user scrolled it.
        let arrived = if case .arriving = content { true } else { false }
        let (top, follows) = (topLine, followsEnd)
        content = .response(summary)
        resetView()
        if arrived { (topLine, followsEnd) = (top, follows) }
        bodySerial += 1
        self.document = withPreferredLayout(document)
        indexing = document.isComplete ? nil : 0
    }

    /// The fully indexed document replaces the first-screen one; the view stays where it is.
    public mutating func replaceDocument(_ document: BodyDocument) {
        indexing = document.isComplete ? nil : indexing
        // While filtering, the body filtered is replaced; the matches on screen stay.
        if let filter {
            self.filter?.body = document
            guard filter.matchCount == nil else { return }
        }
        self.document = withPreferredLayout(document)
        if followsEnd { topLine = maxTopLine() }
        topLine = min(topLine, maxTopLine())
        if let line = matchLine, line >= self.document?.lineCount ?? 0 { matchLine = nil }
    }

    /// Indexing progress, 0…1.
    public mutating func indexingProgress(_ fraction: Double) {
        guard (filter?.body ?? document).map({ !$0.isComplete }) ?? false else { return }
        indexing = min(max(0, fraction), 1)
    }

    /// The exchange failed without a response: its message shows in red.
    public mutating func showFailure(_ message: String) {
        content = .failure(message)
        document = nil
        resetView()
    }

    private mutating func resetView() {
        // The Checks tab stays chosen from one exchange to the next (run all, a poll).
        if tab != .checks || checks == nil { tab = .body }
        topLine = 0
        column = 0
        headerTop = 0
        followsEnd = false
        indexing = nil
        searchField = nil
        filter = nil
        matchLine = nil
        message = nil
    }

    func withPreferredLayout(_ document: BodyDocument) -> BodyDocument {
        let wanted: BodyDocument.Layout = prefersRaw ? .raw : document.defaultLayout
        return document.switching(to: wanted)
    }

    var summary: ResponseSummary? {
        if case .response(let summary) = content { summary } else { nil }
    }
}
