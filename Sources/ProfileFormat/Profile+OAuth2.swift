import RequestModel

extension Profile {
    /// `auth: { oauth2: … }` as SPEC §11 writes it; `${env:NAME}` kept as written.
    public struct OAuth2: Sendable, Equatable {
        public enum Grant: String, Sendable, CaseIterable {
            case clientCredentials = "client_credentials"
            case authorizationCode = "authorization_code"
            case deviceCode = "device_code"
        }

        public var grant: Grant
        public var issuer: String?
        public var authorizationURL: String?
        public var tokenURL: String?
        public var deviceAuthorizationURL: String?
        public var revocationURL: String?
        public var clientId: String
        /// Absent for a public client.
        public var clientSecret: String?
        /// `basic` or `post`; nil means basic when there is a secret.
        public var clientAuth: String?
        public var scope: String?
        /// Extra token and authorization request parameters, in file order.
        public var params: [NamedValue] = []
        /// The loopback redirect's port; 0 or nil takes any free one.
        public var redirectPort: Int?

        public init(grant: Grant, clientId: String) {
            self.grant = grant
            self.clientId = clientId
        }

        /// The endpoint keys, as the file writes them, with their values.
        public var endpoints: [(key: String, value: String?)] {
            [("issuer", issuer), ("authorizationURL", authorizationURL), ("tokenURL", tokenURL),
             ("deviceAuthorizationURL", deviceAuthorizationURL), ("revocationURL", revocationURL)]
        }
    }
}
