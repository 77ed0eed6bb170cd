import Foundation

/// The one error ClientCore throws. A struct around a kind, so new kinds can be
/// added without breaking callers, and a message a person can read.
///
/// Alley's `NetworkError` cases map onto kinds: `urlError`/`generalError` → the transport
/// kinds (`connectionRefused`, `unreachable`, `timeout`, `connectionReset`, `dns`, `tls`, `transport`);
/// `noResponse` → a transport kind; `endpointError(response, data)` → `endpointError` with
/// `status` and `body`; `noResponseData` → `emptyResponse`; `inaccessible` → `retriesExhausted`.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case invalidURL
        case invalidMethod
        case invalidHeader
        case invalidBody
        case connectionRefused
        /// No route to the host or its network (`EHOSTUNREACH`, `ENETUNREACH`), or a local rule forbids it.
        case unreachable
        case timeout
        case connectionReset
        case dns
        case tls
        case transport
        case emptyResponse
        case endpointError
        case validatorFailure
        case retriesExhausted
        case deadlineExceeded
        case tooManyRedirects
        case altRequestFailed
        /// No OAuth 2.0 token could be had (SPEC §11): the grant or the refresh failed.
        case authFailed
        /// Writing a streamed body to its sink failed (a closed pipe, a full disk).
        case outputFailed
        /// The response body passed the client's size limit.
        case bodyTooLarge
        /// A WebSocket handshake answer RFC 6455 §4.1 says to fail (SPEC §12).
        case webSocket
        case cancelled
    }

    public var kind: Kind
    public var message: String
    /// The HTTP status of the response at fault, where there was one.
    public var status: Int?
    /// The body of the response at fault (endpoint errors).
    public var body: ResponseBody?
    /// For `retriesExhausted`: every attempt made.
    public var attempts: [AttemptRecord]
    /// Every event of the exchange that failed, its `exchange.failed` last (as a response
    /// carries its own); empty for an error thrown before an exchange began.
    public var events: [ClientEvent] = []
    /// The server's own words from an error body, where there were any.
    public var serverMessage: String?
    /// What lay under this error: the last transport error, the validator's own error.
    public var underlying: (any Error)?

    public init(
        _ kind: Kind, _ message: String, status: Int? = nil, body: ResponseBody? = nil,
        attempts: [AttemptRecord] = [], underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.status = status
        self.body = body
        self.attempts = attempts
        self.underlying = underlying
    }

    public var description: String { message }

    /// Kinds that say the request never reached the server, so any method may be retried.
    var provesRequestNeverLeft: Bool { kind == .connectionRefused || kind == .unreachable || kind == .dns }

    /// Transport failures that a retry may cure.
    var isRetriableTransportFailure: Bool {
        [.connectionRefused, .unreachable, .connectionReset, .timeout, .dns].contains(kind)
    }
}

extension HTTPError {
    static func endpoint(status: Int, body: ResponseBody, serverMessage: String? = nil) -> HTTPError {
        var error = HTTPError(.endpointError, "the server answered \(status)\((serverMessage ?? body.serverMessage).map { ": \($0)" } ?? "")",
                              status: status, body: body)
        error.serverMessage = serverMessage ?? body.serverMessage
        return error
    }

    static func cancelled() -> HTTPError { HTTPError(.cancelled, "cancelled") }

    /// Any error as an `HTTPError`, keeping it when it already is one.
    static func wrap(_ error: any Error) -> HTTPError {
        if let error = error as? HTTPError { return error }
        if error is CancellationError { return .cancelled() }
        return HTTPError(.validatorFailure, String(describing: error), underlying: error)
    }
}
