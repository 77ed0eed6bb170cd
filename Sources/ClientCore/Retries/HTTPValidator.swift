import Foundation

/// Judges each attempt's response, in the client's order (the seed's HTTPValidator).
public protocol HTTPValidator: Sendable {
    /// The name the timeline and `validator.decided` show.
    var name: String { get }
    /// `response.error` is set (and `status` is 0) when the attempt got no response.
    func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult
}

/// A validator's decision and the sentence that explains it.
public struct HTTPValidatorResult: Sendable {
    public enum Decision: Sendable {
        /// The response is fine; the next validator judges it.
        case nextValidator
        /// Replaces the response; the next validator judges the new one.
        case nextValidatorWithResponse(HTTPResponse)
        /// Fails the exchange with this error.
        case failChain(any Error)
        /// Retries with this strategy while the budget allows, under these rules.
        case retry(HTTPRetryStrategy, RetryRules)
    }

    public var decision: Decision
    public var reason: String

    public init(_ decision: Decision, reason: String) {
        self.decision = decision
        self.reason = reason
    }

    public static var nextValidator: Self { .nextValidator(reason: "approved") }
    public static func nextValidator(reason: String) -> Self { Self(.nextValidator, reason: reason) }
    public static func nextValidatorWithResponse(_ response: HTTPResponse, reason: String = "replaced the response") -> Self {
        Self(.nextValidatorWithResponse(response), reason: reason)
    }
    public static func failChain(_ error: any Error, reason: String? = nil) -> Self {
        Self(.failChain(error), reason: reason ?? String(describing: error))
    }
    public static func retry(_ strategy: HTTPRetryStrategy, rules: RetryRules = RetryRules(), reason: String? = nil) -> Self {
        Self(.retry(strategy, rules), reason: reason ?? "asked for a retry (\(strategy.name))")
    }

    var eventDecision: ClientEvent.Decision {
        switch decision {
        case .nextValidator: .next
        case .nextValidatorWithResponse: .nextWithResponse
        case .failChain: .fail
        case .retry: .retry
        }
    }
}

/// What a retry may do: which methods may be repeated and how `Retry-After` counts.
public struct RetryRules: Sendable, Hashable {
    /// Methods that may be retried; nil allows any (the request was refused before it was processed).
    public var retryMethods: Set<HTTPMethod>?
    /// A `Retry-After` on 429/503 sets the delay when it is longer than the strategy's.
    public var respectRetryAfter: Bool
    /// The longest `Retry-After` honoured, in seconds.
    public var maxRetryAfter: TimeInterval

    public init(retryMethods: Set<HTTPMethod>? = HTTPMethod.idempotent, respectRetryAfter: Bool = true,
                maxRetryAfter: TimeInterval = 120) {
        self.retryMethods = retryMethods
        self.respectRetryAfter = respectRetryAfter
        self.maxRetryAfter = maxRetryAfter
    }

    /// For a request the server refused (401) before doing anything: any method may be retried.
    public static let anyMethod = RetryRules(retryMethods: nil)
}

/// A validator made of a closure (the seed's `CallbackValidator`).
public struct CallbackValidator: HTTPValidator {
    public let name: String
    private let body: @Sendable (HTTPResponse, HTTPRequest) async -> HTTPValidatorResult

    public init(name: String = "callback", _ body: @escaping @Sendable (_ response: HTTPResponse, _ request: HTTPRequest) async -> HTTPValidatorResult) {
        self.name = name
        self.body = body
    }

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        await body(response, request)
    }
}
