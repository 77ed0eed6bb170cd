import RequestModel

/// The one rule for credentials (SPEC §4): they go only to the origin they were given for.
/// It takes credentials out of a request bound elsewhere, both for a request to another origin
/// and for a redirect hop that leaves the origin; which headers are credentials is `Secrets`'
/// to say, plus the names this client was told.
struct CredentialScope: Sendable {
    /// Lower-cased names that are credentials besides `Secrets.requestHeaders`: the auth header,
    /// headers the client was told hold credentials, headers a token refresh set.
    var names: Set<String> = []

    /// Whether a header of this name (any case) carries a credential.
    func contains(_ name: String) -> Bool {
        Secrets.isRequestHeader(name) || names.contains(name.lowercased())
    }

    /// Removes every credential from `headers`; returns the names removed, as spelled, once each.
    func withhold(from headers: inout HTTPHeaders) -> [String] {
        var removed: [String] = []
        for header in headers where contains(header.name) && !removed.contains(where: { $0.caseInsensitiveEquals(header.name) }) {
            removed.append(header.name)
        }
        for name in removed { headers.remove(name) }
        return removed
    }
}
