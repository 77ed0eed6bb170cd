/// What the Response pane shows above a body: the final response's status line and headers.
public struct ResponseSummary: Sendable, Equatable {
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

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
