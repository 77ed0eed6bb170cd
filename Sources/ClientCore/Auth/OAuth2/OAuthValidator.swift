/// SPEC §11: a `401` to a request that carried the OAuth token replaces the token once and
/// retries the request. Judged before the client's chain, and told only when it decides: an
/// answer it lets through is the chain's alone (no row per request in the timeline).
enum OAuthRefusal {
    static let validator = "oauth2"

    /// The reason to replace the token and retry, or nil when `response` is not such a refusal.
    static func reason(_ response: HTTPResponse, tokenSent: String?, alreadyReplaced: Bool) -> String? {
        guard response.error == nil, response.status == 401, tokenSent != nil, !alreadyReplaced else { return nil }
        return "401 to the OAuth token: replace it once and retry"
    }
}
