import ClientCore
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
    case client(ClientEvent)
    case responseReceived(ExchangeID, ResponseSummary, BodyDocument)
    case bodyIndexing(ExchangeID, fraction: Double)
    case bodyIndexed(ExchangeID, BodyDocument)
    /// The exchange is over: `failure` is nil when a response was accepted.
    case exchangeEnded(ExchangeID, failure: String?, cancelled: Bool)
    case editorFinished(String)
    case editorFailed(String)
    case clipboardWritten(label: String)
    case clipboardRefused(label: String, reason: String)
    case curlReady(String)
    /// The terminal went away (hang-up) or the process was asked to stop (SIGTERM, SIGHUP):
    /// quit at once, without asking.
    case terminate
}

/// What `update` asks the world to do. The loop runs the terminal ones itself and hands the
/// rest to the exchange runner.
public enum Effect: Sendable, Equatable {
    case startProfile
    case send(RequestDraft, ExchangeID)
    case cancel(ExchangeID)
    case skipWait
    case openEditor(String)
    case copy(String, label: String)
    case makeCurl(RequestDraft)
    case quit
}
