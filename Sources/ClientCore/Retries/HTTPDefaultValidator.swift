/// The standard checks (the seed's HTTPDefaultValidator): empty bodies, error statuses,
/// and which statuses and transport failures are worth a retry.
public struct HTTPDefaultValidator: HTTPValidator {
    public var name = "default"
    /// False fails a 2xx response with an empty body (`emptyResponse`).
    public var allowsEmptyResponses = true
    /// Statuses worth a retry, each with its strategy.
    public var retriableHTTPStatusCodes: [Int: HTTPRetryStrategy]
    /// The strategy for retriable transport failures (refused, reset, timeout, DNS).
    public var transportRetryStrategy: HTTPRetryStrategy
    public var rules: RetryRules
    /// Reads the server's own message from an error body (Decree's ErrorResponse); by default
    /// `{"message": ...}`, `{"error": ...}`, `{"detail": ...}` or `{"error_description": ...}`.
    public var errorMessage: @Sendable (ResponseBody) -> String? = { $0.serverMessage }

    public static let defaultRetriableStatuses = [408, 429, 500, 502, 503, 504]

    public init(allowsEmptyResponses: Bool = true,
                retriableStatuses: [Int] = Self.defaultRetriableStatuses,
                strategy: HTTPRetryStrategy = .exponential,
                rules: RetryRules = RetryRules()) {
        self.allowsEmptyResponses = allowsEmptyResponses
        self.retriableHTTPStatusCodes = Dictionary(uniqueKeysWithValues: retriableStatuses.map { ($0, strategy) })
        self.transportRetryStrategy = strategy
        self.rules = rules
    }

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        if let failure = response.error {
            guard failure.isRetriableTransportFailure else {
                return .failChain(failure, reason: "\(failure.kind.rawValue) is not worth a retry: \(failure.message)")
            }
            return .retry(transportRetryStrategy, rules: rules,
                          reason: "\(failure.kind.rawValue) may pass on a retry")
        }
        let status = response.status
        if request.checks?.judgesStatus == true {
            return .nextValidator(reason: "\(status) is for the request's status assert to judge")
        }
        if let strategy = retriableHTTPStatusCodes[status] {
            return .retry(strategy, rules: rules, reason: "\(status) is a retriable status")
        }
        guard (200..<400).contains(status) else {
            let error = HTTPError.endpoint(status: status, body: response.body, serverMessage: errorMessage(response.body))
            return .failChain(error, reason: "\(status) is an error status")
        }
        if !allowsEmptyResponses && response.body.isEmpty && response.streamedBytes == 0 && (200..<300).contains(status) {
            return .failChain(HTTPError(.emptyResponse, "the server answered \(status) with an empty body", status: status),
                              reason: "the body is empty and empty responses are not allowed")
        }
        return .nextValidator(reason: Self.successReason(status))
    }

    /// "200 is a success": made once per status, not formatted on every response.
    private static let successReasons = (200..<400).map { "\($0) is a success" }

    private static func successReason(_ status: Int) -> String {
        (200..<400).contains(status) ? successReasons[status - 200] : "\(status) is a success"
    }
}
