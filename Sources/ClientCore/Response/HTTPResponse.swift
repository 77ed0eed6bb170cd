import Foundation

/// What one attempt brought back, and, on the final response, the record of the whole exchange.
public struct HTTPResponse: Sendable {
    /// The status as its number, unknown codes too; 0 when no response came (see `error`).
    public var status: Int
    public var headers: HTTPHeaders
    public var body: ResponseBody
    /// "HTTP/1.1", "HTTP/2"; empty when no response came.
    public var httpVersion: String
    /// The URL that answered, after any redirects.
    public var url: URL?
    /// The transport failure of this attempt, when there was no response.
    public var error: HTTPError?
    /// The attempt (1-based) that produced this response.
    public var attempt: Int
    public var exchange: ExchangeID
    /// Bytes that went to a `BodySink` as they arrived instead of into `body`.
    public var streamedBytes = 0
    /// The body went to the `BodySink` (`body` is empty), even when it had no bytes.
    public var bodyWentToSink = false
    /// Every event of the exchange up to this response, in order.
    public var events: [ClientEvent]
    /// What a request file's captures and asserts found (nil when the request has none).
    public var checks: CheckResults?
    /// How the WebSocket this response opened ended (SPEC §12); nil for any other response.
    var webSocketEnding: WebSocketConversation.Ending?
    /// The close that ended the WebSocket this response opened.
    public var webSocketClosed: WebSocketReport.Closed? { webSocketEnding?.closed }

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: ResponseBody = .empty,
                httpVersion: String = "HTTP/1.1", url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
        self.url = url
        self.error = nil
        self.attempt = 1
        self.exchange = ExchangeID(0)
        self.events = []
    }

    init(failure: HTTPError, attempt: Int, exchange: ExchangeID, url: URL) {
        self.init(status: 0, httpVersion: "", url: url)
        self.error = failure
        self.attempt = attempt
        self.exchange = exchange
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The record of every attempt, read off the exchange's events.
    public var attempts: [AttemptRecord] { AttemptRecord.records(from: events) }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body.data, as: UTF8.self) }
}
