import RequestModel

/// The whole TUI as a value: what each pane holds, which has the focus, what is in flight.
/// Only `update` changes it; `render` draws it.
public struct AppState: Sendable {
    public struct Message: Sendable, Equatable {
        public var text: String
        public var isError: Bool
        public var until: Double
    }

    public enum Overlay: Sendable, Equatable {
        case help(HelpOverlay)
        case palette(Palette)
        case confirmQuit
        case list(ListKind, ListOverlay)
        case prompt(PromptPurpose, PromptOverlay)
        case confirm(ConfirmPurpose)
        case profileForm(ProfileForm)
        /// The path and query parameters of a request from an API description, to fill.
        case parameters(ParametersForm)
        /// What an OAuth 2.0 grant needs the user to do (SPEC §11).
        case auth(AuthOverlay)
    }

    /// What a list overlay lists, so its keys mean the right thing.
    public enum ListKind: Sendable, Equatable {
        case profiles
        /// Read-only lines (a report, a diff): any key but the arrows closes it.
        case report
        /// The exchanges of the session opened with `--session`.
        case session
        /// The active profile's history, newest first.
        case history
        /// The active profile's saved requests.
        case savedRequests
        /// The profile's GraphQL schema (SPEC §13): types and fields, searchable.
        case graphQLSchema
        /// What an import wrote: Enter switches to the profile, any other key closes.
        case imported(String)
        /// The open request file's requests.
        case fileRequests
        /// The variables in the open request file's scope (F8).
        case variables
    }

    /// What a prompt's answer is for.
    public enum PromptPurpose: Sendable, Equatable {
        case duplicateProfile(from: String)
        case saveSession
        case saveRequest
        case renameRequest(from: String)
        /// Ctrl+O: a file to import.
        case openFile
        /// A new value for a variable of the request file's scope.
        case editVariable(String)
    }

    /// A yes/no question: `y` does it, any other key does not.
    public enum ConfirmPurpose: Sendable, Equatable {
        case deleteProfile(String)
        case overwriteRequest(String)
        case deleteRequest(String)
        /// An import would replace profiles that exist: `y` merges the requests into them.
        case mergeImport(path: String, message: String)

        public var question: String {
            switch self {
            case .mergeImport(_, let message): "\(message.split(separator: ":").first ?? ""): merge the imported requests into it?"
            case .deleteProfile(let name): "Delete profile \(name) and its file?"
            case .overwriteRequest(let name): "Replace the saved request \(name)?"
            case .deleteRequest(let name): "Delete the saved request \(name)?"
            }
        }
    }

    public var width: Int
    public var height: Int
    public var focus = Focus.request
    public var request: RequestPane
    public var headers: HeadersPane
    public var body: BodyPane
    public var response = ResponsePane()
    public var timeline = TimelinePane()
    public var overlay: Overlay?
    public var message: Message?
    /// The Request pane shows the profile: it follows every change.
    public var profiles: ProfileState { didSet { syncProfile() } }
    public var exchanges = ExchangeState()
    /// The WebSocket the in-flight exchange opened, while it is open.
    public var webSocket: OpenWebSocket?
    public var sessions = SessionState()
    public var savedRequests = SavedRequestsState()
    /// The request file opened with `explorer tui FILE` or Ctrl+O, if any.
    public var requestFile: RequestFileState?
    /// The recorded request the panes were loaded from (a history or session exchange) when it
    /// is part of a chain: its name, vars, captures, asserts and poll go with what the panes send.
    public var chain: RequestSpec?
    /// The request as it was at start or as the last ready request loaded it: Ctrl+Q asks before
    /// losing anything typed since.
    var savedWork: Work?
    public var wantsQuit = false
    /// When the OAuth 2.0 token last obtained expires (the app's clock): the status line counts down to it.
    public var tokenExpiresAt: Double?

    /// - Parameters:
    ///   - readyRequests: the `demo` profile's ready requests (Ctrl+N).
    ///   - builtInReadyRequests: other built-in profiles' (`demo-oauth`), by name.
    public init(width: Int, height: Int, profileName: String, url: String?, readyRequests: [RequestSpec],
                builtInReadyRequests: [String: [RequestSpec]] = [:]) {
        self.width = width
        self.height = height
        profiles = ProfileState(active: .starting(name: profileName),
                                builtInReadyRequests: builtInReadyRequests.merging([ProfileNames.builtIn: readyRequests]) { _, demo in demo })
        let ready = profiles.readyRequests
        request = RequestPane(url: url ?? "", profileName: profileName, readyRequests: ready)
        headers = HeadersPane()
        body = BodyPane()
        savedWork = work
        if url == nil, !ready.isEmpty {
            request.loadReady(0)
            _ = loadReady(0)
        }
        syncProfile()
        fitPanes()
    }

    /// Panes that page by their height learn it here (render cannot store it).
    mutating func fitPanes() {
        let layout = layout
        request.layout(layout.request)
        headers.layout(layout.headers)
        body.layout(layout.body)
        timeline.viewportHeight = max(1, layout.timeline.height - 2)
        response.viewportWidth = max(1, layout.response.width - 2)
        response.viewportHeight = max(1, layout.response.height - 2)
    }

    public var layout: Layout { Layout(width: width, height: height) }

    /// The draft the panes describe now.
    public var draft: RequestDraft { RequestDraft.make(request: request, headers: headers, body: body) }

    /// A saved request or a recorded exchange into the panes: nobody's work until edited.
    mutating func loadIntoPanes(_ draft: RequestDraft) {
        requestFile?.current = nil
        chain = nil
        request.method = draft.method
        request.url.text = draft.url
        request.readyIndex = nil
        headers.load(draft.headers)
        body.load(draft.body)
        savedWork = work
    }

    /// After the Request pane loaded ready request `index`: its headers and body replace what the
    /// ready request before it loaded (nobody's work), empty panes included; a pane the user typed
    /// in keeps it. What it loads is nobody's work; a pane kept stays as unsaved as it was.
    /// Returns the names of the panes kept, for the status line.
    mutating func loadReady(_ index: Int) -> [String] {
        let ready = request.readyRequests[index]
        requestFile?.current = nil
        chain = nil
        var saved = savedWork ?? work
        let typedHeaders = headers.rows != saved.headers, typedBody = Work.Body(kind: body.kind, text: body.text) != saved.body
        if !typedHeaders {
            headers.load(ready.headers)
            saved.headers = headers.rows
        }
        if !typedBody {
            body.load(ready.body)
            saved.body = Work.Body(kind: body.kind, text: body.text)
        }
        saved.method = request.method
        saved.url = request.urlText
        savedWork = saved
        return (typedHeaders ? ["Headers"] : []) + (typedBody ? ["Body"] : [])
    }

    /// What quitting would lose: the request as the three editing panes hold it (disabled and
    /// invalid header rows included, which the draft leaves out).
    struct Work: Sendable, Equatable {
        struct Body: Sendable, Equatable {
            var kind: BodyPane.Kind
            var text: String
        }

        var method: String
        var url: String
        var headers: [HeadersPane.Row]
        var body: Body
    }

    var work: Work {
        Work(method: request.method, url: request.urlText, headers: headers.rows, body: Work.Body(kind: body.kind, text: body.text))
    }

    /// Whether anything was typed since the start or the last ready request (undone typing does
    /// not count).
    public var hasUnsavedWork: Bool { work != savedWork }

    /// Copies the profile's state into the Request pane, which shows it.
    mutating func syncProfile() {
        request.profileName = profiles.name
        if profiles.readyRequests != request.readyRequests {
            request.readyRequests = profiles.readyRequests
            request.readyIndex = nil
        }
        request.baseURL = profiles.baseURL
        request.profileStatus = profiles.status
    }

    /// Seconds until the screen should be redrawn without input, or nil to wait for input only.
    public func nextTick(now: Double) -> Double? {
        var delays: [Double] = []
        if let wait = timeline.pendingWait, wait.endsAt > now - 0.2 { delays.append(0.1) }
        if exchanges.inFlight != nil { delays.append(0.25) }
        if let message { delays.append(max(0.01, message.until - now)) }
        // The device code's and the token's countdowns move once a second.
        if case .auth = overlay { delays.append(1) }
        if let tokenExpiresAt, tokenExpiresAt > now - 60 { delays.append(1) }
        return delays.min()
    }
}
