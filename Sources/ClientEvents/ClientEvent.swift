import Foundation

/// Identifies one exchange (a request with all its attempts) within a client.
public struct ExchangeID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public var description: String { String(value) }
}

/// One step of an exchange. The exchange's own transitions produce these; the TUI's
/// timeline, `--events` and saved sessions all read the same values.
public struct ClientEvent: Sendable, Equatable {
    public var exchange: ExchangeID
    /// Milliseconds since the exchange started.
    public var tMs: Double
    public var kind: Kind

    public init(exchange: ExchangeID, tMs: Double, kind: Kind) {
        self.exchange = exchange
        self.tMs = tMs
        self.kind = kind
    }

    public enum Kind: Sendable, Equatable {
        case attemptStarted(attempt: Int, method: String, url: String)
        /// `bytes` is the decoded body's size; `encoding` is set when the body came encoded (SPEC §10).
        case responseReceived(attempt: Int, status: Int, bytes: Int, elapsedMs: Double, httpVersion: String, encoding: BodyEncoding? = nil)
        case transportFailed(attempt: Int, kind: TransportFailureKind, message: String)
        case validatorDecided(attempt: Int, validator: String, decision: Decision, reason: String)
        case retryScheduled(attempt: Int, strategy: String, delayMs: Double, source: DelaySource)
        case retrySkipped(attempt: Int, reason: String)
        /// Credentials left out of an attempt (or a redirect hop) to `origin`, which is not the
        /// origin they belong to (SPEC §4); `headers` are names only, never values.
        case credentialsWithheld(attempt: Int, origin: String, headers: [String])
        case redirectFollowed(attempt: Int, status: Int, from: String, to: String)
        case altStarted(attempt: Int, method: String, url: String)
        case altFinished(attempt: Int, status: Int?, error: String?)
        case taskStarted(attempt: Int)
        case taskFinished(attempt: Int)
        case taskFailed(attempt: Int, message: String)
        /// SPEC §11: the authorization request the user's browser opens (no code, no verifier in it).
        case authAuthorize(url: String)
        /// SPEC §11: what the user enters where, for the device grant.
        case authDevice(DeviceCodeReport)
        /// SPEC §11: a token obtained by `grant` (`refresh_token` for a refresh); never the token.
        case authToken(grant: String, expiresIn: Int?, scope: String?)
        /// SPEC §11: a grant or refresh that failed, with the server's `error` as it sent it.
        case authFailed(grant: String, error: String, description: String?)
        /// SPEC §12: the WebSocket handshake succeeded; `protocol` is `""` when none was chosen.
        case wsOpened(url: String, protocol: String, extensions: [String])
        case wsMessage(WebSocketReport.Message)
        case wsPing(direction: WebSocketReport.Direction, bytes: Int)
        case wsPong(direction: WebSocketReport.Direction, bytes: Int)
        case wsClosed(WebSocketReport.Closed)
        /// A request file's capture took a value (SPEC §8); `value` is the mask when it is secret.
        case captureSet(name: String, source: String, value: String)
        case assertPassed(AssertReport)
        case assertFailed(AssertReport)
        /// A response body read as a stream (SPEC §10): an event stream or a line format.
        case streamOpened(attempt: Int, contentType: String)
        case streamEvent(StreamEventReport)
        /// One record of a line format; `data` is its text.
        case streamRecord(index: Int, bytes: Int, data: String)
        case streamClosed(events: Int, bytes: Int, reason: StreamEndReason)
        case exchangeCompleted(status: Int, attempts: Int)
        case exchangeFailed(attempts: Int, error: ErrorSummary)
    }

    /// A device authorization as the user must act on it (RFC 8628 §3.2).
    public struct DeviceCodeReport: Sendable, Equatable {
        public var userCode: String
        public var verificationURI: String
        public var verificationURIComplete: String?
        public var expiresIn: Int
        public var interval: Int

        public init(userCode: String, verificationURI: String, verificationURIComplete: String?, expiresIn: Int, interval: Int) {
            self.userCode = userCode
            self.verificationURI = verificationURI
            self.verificationURIComplete = verificationURIComplete
            self.expiresIn = expiresIn
            self.interval = interval
        }
    }

    /// A body's `Content-Encoding` as decoded, and its size on the wire.
    public struct BodyEncoding: Sendable, Equatable {
        /// `gzip`, `deflate`, `br`.
        public var name: String
        /// The encoded bytes received.
        public var bytes: Int

        public init(name: String, bytes: Int) {
            self.name = name
            self.bytes = bytes
        }
    }

    public enum Decision: String, Sendable {
        case next, nextWithResponse, fail, retry
    }

    public enum DelaySource: String, Sendable {
        case strategy
        case retryAfter = "retry-after"
        /// A request file's `poll`: its `every`, without jitter.
        case poll
        /// An event stream's reconnect: the server's `retry`, else the validators' strategy.
        case stream
    }

    /// SPEC §3 transport failure kinds.
    public enum TransportFailureKind: String, Sendable, CaseIterable {
        case connectionRefused, unreachable, timeout, connectionReset, dns, tls, other
    }

    public struct ErrorSummary: Sendable, Equatable {
        public var kind: String
        public var message: String
        public var status: Int?

        public init(kind: String, message: String, status: Int? = nil) {
            self.kind = kind
            self.message = message
            self.status = status
        }
    }

    /// The SPEC §3 event name.
    public var name: String {
        switch kind {
        case .attemptStarted: "attempt.started"
        case .responseReceived: "response.received"
        case .transportFailed: "transport.failed"
        case .validatorDecided: "validator.decided"
        case .retryScheduled: "retry.scheduled"
        case .retrySkipped: "retry.skipped"
        case .credentialsWithheld: "credentials.withheld"
        case .redirectFollowed: "redirect.followed"
        case .altStarted: "alt.started"
        case .altFinished: "alt.finished"
        case .taskStarted: "task.started"
        case .taskFinished: "task.finished"
        case .taskFailed: "task.failed"
        case .authAuthorize: "auth.authorize"
        case .authDevice: "auth.device"
        case .authToken: "auth.token"
        case .authFailed: "auth.failed"
        case .wsOpened: "ws.opened"
        case .wsMessage: "ws.message"
        case .wsPing: "ws.ping"
        case .wsPong: "ws.pong"
        case .wsClosed: "ws.closed"
        case .captureSet: "capture.set"
        case .assertPassed: "assert.passed"
        case .assertFailed: "assert.failed"
        case .streamOpened: "stream.opened"
        case .streamEvent: "stream.event"
        case .streamRecord: "stream.record"
        case .streamClosed: "stream.closed"
        case .exchangeCompleted: "exchange.completed"
        case .exchangeFailed: "exchange.failed"
        }
    }
}
