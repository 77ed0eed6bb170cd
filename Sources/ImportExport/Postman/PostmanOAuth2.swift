import ProfileFormat
import RequestModel

/// OAuth 2.0 auth in Postman and Insomnia collections, read into SPEC §11's `auth.oauth2` and
/// written back into Postman's. Grants explorer does not run (implicit, password) are not read.
enum PostmanOAuth2 {
    /// Postman's `oauth2` attributes; Postman's default grant is the authorization code.
    static func postman(_ attribute: (String) -> String?) -> Profile.OAuth2? {
        let grant: Profile.OAuth2.Grant? = switch attribute("grant_type") ?? "authorization_code" {
        case "authorization_code", "authorization_code_with_pkce": .authorizationCode
        case "client_credentials": .clientCredentials
        default: nil
        }
        guard let grant else { return nil }
        var oauth = Profile.OAuth2(grant: grant, clientId: attribute("clientId") ?? "")
        oauth.tokenURL = attribute("accessTokenUrl").flatMap(nonEmpty)
        oauth.authorizationURL = attribute("authUrl").flatMap(nonEmpty)
        oauth.clientSecret = attribute("clientSecret").flatMap(nonEmpty)
        oauth.scope = attribute("scope").flatMap(nonEmpty)
        if attribute("client_authentication") == "body" { oauth.clientAuth = "post" }
        return oauth
    }

    /// Insomnia's `authentication` of type `oauth2`.
    static func insomnia(_ field: (String) -> String, credentialsInBody: Bool) -> Profile.OAuth2? {
        let grant: Profile.OAuth2.Grant? = switch field("grantType") {
        case "authorization_code": .authorizationCode
        case "client_credentials": .clientCredentials
        default: nil
        }
        guard let grant else { return nil }
        var oauth = Profile.OAuth2(grant: grant, clientId: field("clientId"))
        oauth.tokenURL = nonEmpty(field("accessTokenUrl"))
        oauth.authorizationURL = nonEmpty(field("authorizationUrl"))
        oauth.clientSecret = nonEmpty(field("clientSecret"))
        oauth.scope = nonEmpty(field("scope"))
        if credentialsInBody { oauth.clientAuth = "post" }
        for key in ["audience", "resource"] where !field(key).isEmpty { oauth.params.append(NamedValue(key, field(key))) }
        return oauth
    }

    /// Postman's `oauth2` auth for an export; the secret a placeholder. Nil for the device grant,
    /// which Postman does not have.
    static func auth(_ oauth: Profile.OAuth2) -> JSONNode? {
        let grant: String
        switch oauth.grant {
        case .clientCredentials: grant = "client_credentials"
        case .authorizationCode: grant = "authorization_code_with_pkce"
        case .deviceCode: return nil
        }
        func attribute(_ key: String, _ value: String) -> JSONNode { ["key": .string(key), "value": .string(value), "type": "string"] }
        var attributes = [attribute("grant_type", grant), attribute("clientId", oauth.clientId)]
        if let tokenURL = oauth.tokenURL { attributes.append(attribute("accessTokenUrl", tokenURL)) }
        if let authorizationURL = oauth.authorizationURL { attributes.append(attribute("authUrl", authorizationURL)) }
        if let secret = oauth.clientSecret { attributes.append(attribute("clientSecret", ExportSecrets.placeholder(for: secret, fallback: "clientSecret"))) }
        if let scope = oauth.scope { attributes.append(attribute("scope", scope)) }
        if oauth.grant == .authorizationCode { attributes.append(attribute("challengeAlgorithm", "S256")) }
        attributes.append(attribute("client_authentication", oauth.clientAuth == "post" ? "body" : "header"))
        attributes.append(attribute("addTokenTo", "header"))
        return ["type": "oauth2", "oauth2": .array(attributes)]
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
