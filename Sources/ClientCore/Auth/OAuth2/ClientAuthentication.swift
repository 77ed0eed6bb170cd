import Foundation

/// How a client proves who it is to the token endpoint (RFC 6749 §2.3.1, SPEC §11): `basic`
/// sends `Authorization: Basic` of the form-urlencoded id and secret, `post` puts them in the
/// body; a public client (no secret) sends only its `client_id`.
public struct ClientAuthentication: Sendable, Equatable {
    public enum Method: String, Sendable, CaseIterable {
        case basic, post
    }

    public var clientId: String
    public var clientSecret: String?
    public var method: Method

    public init(clientId: String, clientSecret: String?, method: Method = .basic) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.method = method
    }

    /// The token request's own basic auth, for `basic` with a secret: the id and secret each
    /// form-urlencoded first, as §2.3.1 asks.
    public var auth: HTTPAuth? {
        guard method == .basic, let clientSecret else { return nil }
        return .basic(username: PercentEncoding.encodeFormComponent(clientId), password: PercentEncoding.encodeFormComponent(clientSecret))
    }

    /// The body parameters it adds to a token request.
    public var parameters: [(name: String, value: String)] {
        switch (method, clientSecret) {
        case (.post, let secret?): [("client_id", clientId), ("client_secret", secret)]
        case (.basic, _?): []
        case (_, nil): [("client_id", clientId)]
        }
    }
}
