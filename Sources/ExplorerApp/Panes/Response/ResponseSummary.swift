/// What the Response pane shows above a body: the final response's status line and headers.
public struct ResponseSummary: Sendable, Equatable {
    /// A header as the server sent it (the same name/value pair the Request side edits).
    public typealias Header = RequestDraft.Header

    public var status: Int
    /// "HTTP/1.1", "HTTP/2".
    public var httpVersion: String
    /// From the send key to the final response's head, all attempts included.
    public var elapsedMs: Double
    public var bytes: Int
    public var contentType: String?
    public var headers: [Header]

    public init(status: Int, httpVersion: String, elapsedMs: Double, bytes: Int, contentType: String?, headers: [Header]) {
        self.status = status
        self.httpVersion = httpVersion
        self.elapsedMs = elapsedMs
        self.bytes = bytes
        self.contentType = contentType
        self.headers = headers
    }
}
