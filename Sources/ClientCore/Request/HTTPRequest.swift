import Foundation

/// A request as the user edits it: plain `var` fields and chainable setters.
/// The client turns it into a `PreparedRequest` (checked once) for every attempt.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// A route relative to the client's base URL, or an absolute URL that bypasses it.
    public var route: String
    public var headers: HTTPHeaders
    /// Query items in order; repeated names are kept.
    public var query: [QueryItem]
    /// Typed query parameters (`query([String: Any])`), written after `query` with `queryStyle`.
    public var parameters: [QueryEntry] = []
    public var queryStyle = QueryEncodingStyle()
    /// Credentials for this request only; nil uses the client's.
    public var auth: HTTPAuth?
    public var body: RequestBody
    /// Seconds per attempt: the wait for the response head and every idle gap in the body.
    public var timeout: TimeInterval?
    /// Retries after the first attempt; attempts = maxRetries + 1. Nil takes the client's.
    public var maxRetries: Int?
    /// Seconds for all attempts and waits together. Nil takes the client's.
    public var deadline: TimeInterval?
    /// Allows retrying methods that are not idempotent (POST, PATCH).
    public var retryNonIdempotent = false
    /// A request file's captures, asserts and poll, run as part of the exchange (SPEC §8).
    public var checks: ResponseChecks?
    /// Where an event stream or line-format body ends of itself (SPEC §10).
    public var streamLimits = StreamLimits()
    /// Sends `Accept-Encoding: gzip, deflate, br` unless `headers` has one (SPEC §10); false for a
    /// curl line without `--compressed`, which asks for nothing, as curl does.
    public var acceptsEncodings = true
    /// Decodes a gzip, deflate or br body; false keeps the encoded bytes as they came (`send --raw`).
    public var decodesContent = true
    /// The largest (decoded) body accepted, in bytes (`send --max-body`); nil takes the client's `SpoolPolicy.maxBytes`.
    public var maxBody: Int?
    /// Opens a WebSocket on its URL even when that URL is `http(s)` (`--websocket`, a saved
    /// request's `websocket: true`): preparing it makes the URL `ws(s)` (SPEC §12).
    public var opensWebSocket = false
    /// A GraphQL request (SPEC §13): its response is judged by the `graphql` validator after the
    /// client's, so `errors` without `data` fail the exchange.
    public var expectsGraphQL = false

    /// How many retries came before the attempt a validator is judging (0 on the first).
    public internal(set) var currentRetry = 0
    /// The client's header generation this attempt was built with.
    public internal(set) var headersGeneration = 0
    /// Alternate requests already run for this exchange.
    public internal(set) var altRequestsMade = 0
    /// True for an alternate request itself, which never triggers another.
    public internal(set) var isAlternate = false

    /// Whether the client's OAuth token may go with it: it has no auth or `Authorization` header
    /// of its own (the user's choice wins) and is not itself a token request (SPEC §11).
    var mayCarryOAuthToken: Bool { auth == nil && !isAlternate && !headers.contains("Authorization") }

    /// What `acceptsEncodings` sends: the codings `ContentDecoder` decodes.
    public static let defaultAcceptEncoding = "gzip, deflate, br"

    public init(_ method: HTTPMethod = .get, _ route: String = "") {
        self.method = method
        self.route = route
        self.headers = HTTPHeaders()
        self.query = []
        self.body = .empty
    }
}

/// One `name=value` pair of a URL query.
public struct QueryItem: Hashable, Sendable {
    public var name: String
    public var value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
}

// MARK: - Chainable configuration (as in the IndomioHTTP document)

extension HTTPRequest {
    public func method(_ method: HTTPMethod) -> Self { with { $0.method = method } }
    public func route(_ route: String) -> Self { with { $0.route = route } }
    public func timeout(_ seconds: TimeInterval) -> Self { with { $0.timeout = seconds } }
    public func maxRetries(_ count: Int) -> Self { with { $0.maxRetries = count } }
    public func deadline(_ seconds: TimeInterval) -> Self { with { $0.deadline = seconds } }
    public func retryNonIdempotent(_ allowed: Bool = true) -> Self { with { $0.retryNonIdempotent = allowed } }
    public func header(_ name: String, _ value: String) -> Self { with { $0.headers[name] = value } }
    public func headers(_ build: (inout HTTPHeaders) -> Void) -> Self { with { build(&$0.headers) } }
    public func query(_ name: String, _ value: String?) -> Self { with { $0.query.append(QueryItem(name, value)) } }
    public func body(_ body: RequestBody) -> Self { with { $0.body = body } }
    public func body(_ data: Data, contentType: String? = nil) -> Self { with { $0.body = .data(data, contentType: contentType) } }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}
