/// What the loopback redirect brings back (RFC 6749 §4.1.2, RFC 8252; SPEC §11): the code for
/// the grant's own `state`, the server's error, or a request that is not the grant's (a wrong or
/// missing `state`), which is answered 400 while the wait goes on.
public enum AuthorizationCallback: Sendable, Equatable {
    case code(String)
    case failed(OAuthError)
    case notOurs

    public init(query: [QueryItem], state: String) {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard value("state") == state else {
            self = .notOurs
            return
        }
        if let error = value("error") {
            self = .failed(OAuthError(error, detail: value("error_description"), uri: value("error_uri")))
        } else if let code = value("code"), !code.isEmpty {
            self = .code(code)
        } else {
            self = .failed(OAuthError("invalid_response", detail: "the redirect carried neither a code nor an error"))
        }
    }
}
