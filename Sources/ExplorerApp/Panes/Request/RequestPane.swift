import RequestModel
import TUICore

/// The top pane: method selector and URL line, with the active profile and its base URL
/// underneath. The URL line always takes typing; Enter sends.
public struct RequestPane: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case handled, ignored
        /// Enter in the URL line.
        case send
        /// Ctrl+N loaded ready request `index`'s method and URL; the app loads its headers and
        /// body into their panes.
        case loadReady(Int)
    }

    /// The order Up/Down and Ctrl+T cycle through.
    public static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Any method may be set (a ready request's); cycling goes on from the list.
    public var method: String
    public var url: LineField
    public var profileName: String
    /// The active profile's base URL; nil while it is not known yet.
    public var baseURL: String?
    /// Shown instead of the base URL while it is nil ("starting demo API…").
    public var profileStatus: String
    /// Requests prepared in advance (the demo profile's "users", "flaky", "token refresh"…):
    /// Ctrl+N steps through them so a newcomer can send one at once.
    public var readyRequests: [RequestSpec]
    /// The ready request last loaded with Ctrl+N.
    public internal(set) var readyIndex: Int?

    public init(method: String = "GET", url: String = "", profileName: String = "", baseURL: String? = nil,
                profileStatus: String = "", readyRequests: [RequestSpec] = []) {
        self.method = method
        self.url = LineField(url, width: 60)
        self.profileName = profileName
        self.baseURL = baseURL
        self.profileStatus = profileStatus
        self.readyRequests = readyRequests
    }

    public var urlText: String { url.text }

    /// The URL line takes printable keys whenever the pane has the focus.
    public var isEditingText: Bool { true }

    /// Why the URL cannot be sent: empty, or whitespace or control characters in it (a pasted
    /// line break is kept and flagged here rather than dropped).
    public var problems: [String] {
        let text = url.text
        if text.isEmpty { return ["URL is empty"] }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let code = scalar.value
            if code <= 0x20 || code == 0x7F || (0x80...0x9F).contains(code) || scalar.properties.isWhitespace {
                return ["URL: \(HeaderRules.describe(scalar)) at \(offset + 1)"]
            }
        }
        return []
    }

    /// Sizes the URL line's scrolling to the pane's area (call when the layout changes).
    public mutating func layout(_ area: Rect) {
        url.width = max(1, area.inner.width - Self.methodColumns)
        url.reveal()
    }

    /// The mouse wheel over the pane changes nothing: one line does not scroll.
    public mutating func scroll(by lines: Int) {}

    /// Columns the method takes before the URL: the longest method and a space.
    static let methodColumns = 8
}
