/// A request prepared in advance (the demo profile's "succeeds", "flaky", "needs a token
/// refresh"): Ctrl+N in the Request pane steps through them so a newcomer can send one at once.
public struct ReadyRequest: Sendable, Equatable {
    public var name: String
    public var method: String
    public var url: String
    /// Headers and body to load with it; nil leaves those panes as they are.
    public var headers: [RequestDraft.Header]?
    public var body: RequestDraft.Body?

    public init(name: String, method: String, url: String, headers: [RequestDraft.Header]? = nil, body: RequestDraft.Body? = nil) {
        self.name = name
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
