import RequestModel

/// The request the explorer sends, gathered from the Request, Headers and Body panes. Only
/// enabled, valid headers are in it; `problems` says why it must not be sent yet (the app
/// refuses to send and shows the first one).
public struct RequestDraft: Sendable, Equatable {
    public typealias Header = NamedValue
    public typealias Field = NamedValue

    public typealias Body = RequestSpec.Body

    public var method: String
    /// As typed: absolute, or a path the active profile's base URL resolves.
    public var url: String
    public var headers: [Header]
    public var body: Body
    /// Why it cannot be sent (empty URL, an invalid header, invalid JSON, a bad form line).
    public var problems: [String]

    public init(method: String, url: String, headers: [Header] = [], body: Body = .none, problems: [String] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.problems = problems
    }

    public var canSend: Bool { problems.isEmpty }
}
