/// On a listed status (401 and 403 by default), runs an alternate request such as a
/// token refresh, lets `onReceiveAltResponse` apply it (usually by setting the client's
/// headers), then retries the original (the seed's HTTPAltRequestValidator).
///
/// Refreshes are single-flight: exchanges that hit the status together share one
/// alternate request, and an attempt sent before the latest refresh simply retries with
/// the new credentials. Each exchange may run `maxAltRequests` of them, apart from `maxRetries`.
public struct HTTPAltRequestValidator: HTTPValidator {
    /// Put this in `statusCodes` to also run the alternate request when no response came.
    public static let noResponse = 0

    public var name = "altRequest"
    public var statusCodes: Set<Int>
    public var maxAltRequests = 1
    private let altRequest: @Sendable (HTTPRequest, HTTPResponse) async -> HTTPRequest?
    private let onReceiveAltResponse: @Sendable (HTTPResponse, HTTPClient) async throws -> Void
    private let refresh = CredentialRefresh()

    public init(statusCodes: Set<Int> = [401, 403],
                _ altRequest: @escaping @Sendable (_ request: HTTPRequest, _ response: HTTPResponse) async -> HTTPRequest?,
                onReceiveAltResponse: @escaping @Sendable (_ altResponse: HTTPResponse, _ client: HTTPClient) async throws -> Void) {
        self.statusCodes = statusCodes
        self.altRequest = altRequest
        self.onReceiveAltResponse = onReceiveAltResponse
    }

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        let status = response.error == nil ? response.status : Self.noResponse
        guard statusCodes.contains(status) else {
            return .nextValidator(reason: status == Self.noResponse ? "no response" : "\(status) needs no alternate request")
        }
        guard !request.isAlternate else {
            return .nextValidator(reason: "an alternate request does not trigger another")
        }
        guard let alt = await altRequest(request, response) else {
            return .nextValidator(reason: "no alternate request for this one")
        }
        let onReceive = onReceiveAltResponse
        let plan = AltRequestPlan(request: alt, delay: 0, errorCatcher: nil, refresh: refresh) { _, altResponse, client in
            try await onReceive(altResponse, client)
        }
        let trigger = status == Self.noResponse ? "no response" : String(status)
        // Sent with credentials that a later refresh replaced: retrying with the new ones costs no budget.
        if await refresh.refreshedGeneration > request.headersGeneration {
            return .retry(.alternate(plan), rules: .anyMethod, reason: "\(trigger): credentials were refreshed after this attempt was sent; retry with them")
        }
        guard request.altRequestsMade < maxAltRequests else {
            return .nextValidator(reason: "alternate request already made \(request.altRequestsMade) time(s) for this exchange")
        }
        return .retry(.alternate(plan), rules: .anyMethod, reason: "\(trigger): run \(alt.method) \(alt.route), then retry")
    }
}
