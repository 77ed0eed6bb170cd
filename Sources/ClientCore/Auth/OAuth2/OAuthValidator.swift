/// SPEC §11: a `401` to a request that carried the OAuth token replaces the token once and
/// retries the request. First in the chain of a client with OAuth tokens.
struct OAuthValidator: HTTPValidator {
    var name: String { "oauth2" }

    func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        guard response.error == nil, response.status == 401 else { return .nextValidator(reason: "not a 401") }
        guard request.oauthTokenSent != nil else { return .nextValidator(reason: "401 to a request that carried no OAuth token") }
        guard !request.oauthTokenReplaced else { return .nextValidator(reason: "401 again: the token was already replaced once") }
        return .retry(.oauthRefresh, rules: .anyMethod, reason: "401 to the OAuth token: replace it once and retry")
    }
}
