import ClientEvents
import GraphQLTools
import RequestModel
import SessionFormat
import TUICore

/// Everything `update` reacts to: the user's keys, the terminal's size, time passing, and what
/// the background work (the profile's client, body indexing, the editor) posts back.
public enum AppEvent: Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    /// Time passed (countdowns, message expiry); `now` is passed to update with every event.
    case tick
    case profileReady(name: String, baseURL: String)
    case profileFailed(String)
    /// Switching to profile `name` failed (a file that does not parse, a client that cannot be
    /// made): the profile that was active stays active.
    case profileSwitchFailed(name: String, problem: String)
    /// The profiles on disk, by name (the loop lists the store).
    case profilesListed([String])
    /// A profile file was written by the form (`created`) or as a copy, or deleted; the list refreshes.
    case profileCreated(String)
    case profileDuplicated(from: String, to: String)
    case profileDeleted(String)
    /// `$EDITOR` closed on a profile file and it parses: an active profile restarts with it.
    case profileEdited(String)
    /// Something the loop was asked to do failed (a file that does not parse, names
    /// file:line:key; a write refused): shown in red, nothing else changes.
    case problem(String)
    /// The schema the profile's GraphQL bodies are checked against as they are typed (SPEC §13); nil when it has none.
    case graphQLSchema(profile: String, GraphQLSchemaFile?)
    /// Something done, worth a word on the status bar.
    case notice(String)
    /// Profile `profile`'s history, oldest first (as the file holds it).
    case historyLoaded(profile: String, [Session.Exchange])
    /// Profile `profile`'s saved requests, in the file's order.
    case savedRequestsListed(profile: String, [SavedRequestsState.Entry])
    /// Several outcomes of one piece of work (a fresh listing and a word about it), in order.
    case batch([AppEvent])
    /// A longer message (a profile's parse problem naming file:line:key) in a box of its own.
    case report(title: String, lines: [String])
    case client(ClientEvent)
    /// The body so far, while it arrives.
    case bodyArriving(ExchangeID, BodyArrival)
    case responseReceived(ExchangeID, ResponseSummary, BodyDocument)
    case bodyIndexing(ExchangeID, fraction: Double)
    case bodyIndexed(ExchangeID, BodyDocument)
    /// The exchange is over: `failure` is nil when a response was accepted.
    case exchangeEnded(ExchangeID, failure: String?, cancelled: Bool)
    /// A filter run's result (a stale one, of an earlier run, is dropped).
    case filterEvaluated(FilterResult)
    case editorFinished(String)
    case editorFailed(String)
    case clipboardWritten(label: String)
    case clipboardRefused(label: String, reason: String)
    case curlReady(String)
    /// Tab in the Open prompt: the path completed, and the candidates when several remain.
    case pathCompleted(String, alternatives: [String])
    /// An import would replace profile(s) that exist (`message` says which): ask before merging.
    case importWouldReplace(path: String, message: String)
    /// A file was imported into `profile` (and more for its environments): the report to show.
    case imported(profile: String, lines: [String])
    /// A request file was opened (Ctrl+O on one): its requests, in order, and the profile it
    /// names (`profile:`), which it runs on.
    case requestFileOpened(path: String, requests: [RequestSpec], profile: String?)
    /// The variables in the request file's scope, as they are now.
    case variablesListed([RequestFileState.Variable])
    /// A request sent from the request file ended: why it failed (nothing when it passed).
    /// Posted before its `exchangeEnded`.
    case fileRequestFinished(ExchangeID, failures: [String])
    /// The terminal went away (hang-up) or the process was asked to stop (SIGTERM, SIGHUP):
    /// quit at once, without asking.
    case terminate
}

/// What `update` asks the world to do. The loop runs the terminal ones itself and hands the
/// rest to the exchange runner.
public enum Effect: Sendable, Equatable {
    /// Open profile `name`'s client, then shut the active one down (it stays when the new one
    /// fails to open).
    case switchProfile(String)
    case listProfiles
    case createProfile(name: String, baseURL: String)
    /// `$EDITOR` on the profile's file, then read it back.
    case editProfile(String)
    case duplicateProfile(from: String, to: String)
    case deleteProfile(String)
    /// Write what was sent in this run as `sessions/NAME.yaml` (secrets redacted unless kept).
    case saveSession(name: String, keepSecrets: Bool)
    case listSavedRequests(String)
    /// Complete the Open prompt's path from its directory's entries.
    case completePath(String)
    /// Import an API description, a collection or a .http file (SPEC §9); `merge` adds to profiles that exist.
    case importFile(path: String, merge: Bool)
    /// Save (or replace) `name` in `profile`'s collection.
    case saveRequest(profile: String, name: String, draft: RequestDraft)
    case renameRequest(profile: String, from: String, to: String)
    case deleteRequest(profile: String, name: String)
    /// The user's "keep secrets in this session" choice, for what the loop writes from now on.
    case keepSecrets(Bool)
    /// Read profile `name`'s history.
    case loadHistory(String)
    /// Diff exchange `id`'s response against `against` (a recording), or when nil against the
    /// previous exchange of the same method and URL, looking at what `check` says (the recording's
    /// session `check`, refined by the exchange's); the loop posts a report.
    case compare(ExchangeID, against: Session.Outcome?, check: Session.Check)
    /// Send the panes' request; `chain` is the recorded request they were loaded from, whose
    /// name, vars and checks go with it.
    case send(RequestDraft, ExchangeID, chain: RequestSpec? = nil)
    /// Send request `index` of the open request file with its checks, its variables filled;
    /// `edited`: the panes' URL, headers and body instead of the file's.
    case sendFromFile(index: Int, draft: RequestDraft, edited: Bool, ExchangeID)
    /// List the request file's variables (posted as `variablesListed`).
    case listVariables
    /// Set a variable as a `--var` for the request file's next sends.
    case setVariable(name: String, value: String)
    case cancel(ExchangeID)
    /// The composer's message, on the WebSocket exchange `id` opened (SPEC §12).
    case sendWebSocketMessage(WebSocketReport.Message.Content, ExchangeID)
    case skipWait
    case openEditor(String)
    case copy(String, label: String)
    /// Forget the active profile's OAuth 2.0 token (F9), before the sends that follow.
    case forgetToken
    case makeCurl(RequestDraft)
    /// Run the Response pane's filter path on its body, off the UI thread, cancelling the run before.
    case evaluateFilter(FilterEvaluation)
    /// The filter closed: a run under way is not wanted.
    case cancelFilter
    case quit
}
