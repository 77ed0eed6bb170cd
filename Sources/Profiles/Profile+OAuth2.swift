import ClientCore
import Foundation
import ProfileFormat
import RequestModel

/// What an OAuth 2.0 login on this machine uses (SPEC §11): where tokens are kept and how the
/// authorization URL reaches a browser.
public struct OAuthLogin: Sendable {
    public var store: TokenStore
    /// Hands the authorization URL to a browser (`Browser.open`); the URL is told on the event
    /// stream as well, so a user without one can copy it.
    public var openBrowser: @Sendable (String) -> Void

    public init(store: TokenStore = TokenStore(), openBrowser: @escaping @Sendable (String) -> Void = { Browser.open($0) }) {
        self.store = store
        self.openBrowser = openBrowser
    }
}

extension Profile.OAuth2 {
    /// The ClientCore settings, `${env:NAME}` read now; a URL that is not https off a loopback
    /// host is a problem naming its key.
    func settings(context: ProfileContext) throws(ProfileProblem) -> OAuthSettings {
        func resolved(_ text: String?, _ key: String) throws(ProfileProblem) -> String? {
            guard let text else { return nil }
            return try context.fill(text, key: "auth.oauth2.\(key)")
        }
        for (key, value) in endpoints {
            if let value = try resolved(value, key), let problem = AuthorizationServer.problem(with: value) {
                throw context.problem("auth.oauth2.\(key)", problem)
            }
        }
        let server = AuthorizationServer(issuer: try resolved(issuer, "issuer"), authorizationEndpoint: try resolved(authorizationURL, "authorizationURL"),
                                         tokenEndpoint: try resolved(tokenURL, "tokenURL"),
                                         deviceAuthorizationEndpoint: try resolved(deviceAuthorizationURL, "deviceAuthorizationURL"),
                                         revocationEndpoint: try resolved(revocationURL, "revocationURL"))
        let client = ClientAuthentication(clientId: try resolved(clientId, "clientId") ?? clientId, clientSecret: try resolved(clientSecret, "clientSecret"),
                                          method: clientAuth == "post" ? .post : .basic)
        let params = try self.params.map { (param) throws(ProfileProblem) in QueryItem(param.name, try resolved(param.value, "params.\(param.name)")) }
        return OAuthSettings(server: server, client: client, scope: scope, params: params)
    }

    func grant(login: OAuthLogin) -> OAuthGrant {
        switch grant {
        case .clientCredentials: .clientCredentials
        case .deviceCode: .deviceCode
        case .authorizationCode: .authorizationCode(redirectPort: redirectPort ?? 0, open: login.openBrowser)
        }
    }

    /// The profile's tokens: obtained, stored under `profile`'s name and refreshed as SPEC §11 says.
    func tokens(profile: String, context: ProfileContext, login: OAuthLogin) throws(ProfileProblem) -> OAuthTokens {
        OAuthTokens(settings: try settings(context: context), grant: grant(login: login), storage: login.store.storage(for: profile))
    }
}
