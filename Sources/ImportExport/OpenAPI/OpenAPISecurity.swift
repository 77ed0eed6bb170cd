import Foundation
import OpenAPIKit
import ProfileFormat
import RequestModel

/// The description's security as the profile's: the first scheme of the first top-level
/// `security` requirement (else the first scheme defined), its secrets `${env:NAME}` named after
/// the scheme (`petstore_auth` → `PETSTORE_AUTH_TOKEN`); nothing secret is written. OAuth2's
/// client credentials, authorization code and device flows and OpenID Connect (as `issuer`) are
/// `auth.oauth2` (SPEC §11: `NAME_CLIENT_ID`, `NAME_CLIENT_SECRET`); http bearer, and OAuth2
/// with only a flow explorer does not run (implicit, password), are bearer auth; http basic is basic auth (`NAME_USERNAME`,
/// `NAME_PASSWORD`); an API key in a header is header auth, in a cookie a `Cookie` header, in
/// the query a profile variable that every request's URL template sends.
struct OpenAPISecurity: Equatable {
    var auth: Profile.Auth?
    var headers: [NamedValue] = []
    var vars: [NamedValue] = []
    /// The query parameter that carries an API key, added to each request's template.
    var queryKey: String?
    var skipped: [ImportedAPI.Skipped] = []

    /// `tree` is the description's, for the order its schemes are written in.
    /// - Parameter hasBaseURL: whether the profile gets a base URL, without which a token has no origin to go to.
    init(_ document: OpenAPI.Document, tree: JSONNode, hasBaseURL: Bool) {
        let defined = document.components.securitySchemes
        let names = OpenAPISchemaSample.order(defined.keys.map(\.rawValue), written: OpenAPITree.node(tree, at: ["components", "securitySchemes"]))
        let required = document.security.first { !$0.isEmpty }.map { requirement in
            names.filter { name in requirement.keys.contains { $0.name == name } }
        }
        guard let name = required?.first ?? (document.security.isEmpty ? names.first : nil),
              let key = OpenAPI.ComponentKey(rawValue: name), case .b(let scheme)? = defined[key] else { return }
        let env = Self.environmentName(name)
        switch scheme.type {
        case .http(let kind, _) where kind.lowercased() == "bearer":
            auth = .bearer("${env:\(Self.suffixed(env, "TOKEN"))}")
        case .http(let kind, _) where kind.lowercased() == "basic":
            auth = .basic(username: "${env:\(Self.suffixed(env, "USERNAME"))}", password: "${env:\(Self.suffixed(env, "PASSWORD"))}")
        case .http(let kind, _):
            skipped.append(.init("security scheme \(name)", "http \(kind) authentication is not one a profile sends (bearer, basic, header)"))
        case .oauth2(let flows, _):
            let scopes = document.security.lazy.compactMap { requirement in requirement.first { $0.key.name == name }?.value }.first ?? []
            auth = Self.oauth2(flows, env: env, scope: scopes.isEmpty ? nil : scopes.joined(separator: " "))
            if auth == nil { skipped.append(.init("security scheme \(name)", "OAuth 2.0 with only an implicit or password flow, which explorer does not run: the token is read from ${env:\(Self.suffixed(env, "TOKEN"))}")) }
        case .openIdConnect(let url):
            var oauth = Profile.OAuth2(grant: .authorizationCode, clientId: "${env:\(Self.suffixed(env, "CLIENT_ID"))}")
            let text = url.absoluteString
            oauth.issuer = text.hasSuffix("/.well-known/openid-configuration") ? String(text.dropLast("/.well-known/openid-configuration".count)) : text
            auth = .oauth2(oauth)
        case .apiKey(let parameter, let location):
            let value = "${env:\(Self.suffixed(env, "KEY"))}"
            switch location {
            case .header: auth = .header(name: parameter, value: value)
            case .cookie: headers.append(NamedValue("Cookie", "\(parameter)=\(value)"))
            case .query:
                vars.append(NamedValue(parameter, value))
                queryKey = parameter
                skipped.append(.init("security scheme \(name)", "an API key in the query: the profile's var \(parameter) (\(value)) fills `\(parameter)` in every request's URL template"))
            }
        case .mutualTLS:
            skipped.append(.init("security scheme \(name)", "mutual TLS: a client certificate is not imported"))
        }
        if case .oauth2(let oauth)? = auth, !hasBaseURL || !oauth.endpoints.allSatisfy({ $0.value.map(Self.isAbsolute) ?? true }) {
            skipped.append(.init("security scheme \(name)", "OAuth 2.0 needs a base URL and absolute endpoints: the token is read from ${env:\(Self.suffixed(env, "TOKEN"))} instead"))
            auth = .bearer("${env:\(Self.suffixed(env, "TOKEN"))}")
        }
        if auth == nil, case .oauth2 = scheme.type { auth = .bearer("${env:\(Self.suffixed(env, "TOKEN"))}") }
    }

    /// The flow explorer runs best without a user (client credentials), else the authorization
    /// code, else the device flow; nil when the scheme has none of them.
    static func oauth2(_ flows: OpenAPI.OAuthFlows, env: String, scope: String?) -> Profile.Auth? {
        let clientId = "${env:\(suffixed(env, "CLIENT_ID"))}"
        var oauth: Profile.OAuth2
        if let flow = flows.clientCredentials {
            oauth = Profile.OAuth2(grant: .clientCredentials, clientId: clientId)
            oauth.tokenURL = flow.tokenUrl.absoluteString
            oauth.clientSecret = "${env:\(suffixed(env, "CLIENT_SECRET"))}"
        } else if let flow = flows.authorizationCode {
            oauth = Profile.OAuth2(grant: .authorizationCode, clientId: clientId)
            oauth.authorizationURL = flow.authorizationUrl.absoluteString
            oauth.tokenURL = flow.tokenUrl.absoluteString
        } else if let flow = flows.deviceAuthorization {
            oauth = Profile.OAuth2(grant: .deviceCode, clientId: clientId)
            oauth.deviceAuthorizationURL = flow.deviceAuthorizationUrl.absoluteString
            oauth.tokenURL = flow.tokenUrl.absoluteString
        } else {
            return nil
        }
        oauth.scope = scope
        return .oauth2(oauth)
    }

    static func isAbsolute(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && components.host?.isEmpty == false
    }

    /// `petstore_auth` → `PETSTORE_AUTH`, `bearerAuth` → `BEARER_AUTH`.
    static func environmentName(_ scheme: String) -> String {
        var name = ""
        var previous: Character?
        for character in scheme {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name.append("_") }
            name.append(character.isLetter || character.isNumber ? Character(character.uppercased()) : "_")
            previous = character
        }
        return name.isEmpty || name.first!.isNumber ? "API_" + name : name
    }

    /// `NAME_SUFFIX`, unless the name already ends with the suffix (`API_KEY` stays).
    static func suffixed(_ name: String, _ suffix: String) -> String {
        name.hasSuffix(suffix) ? name : "\(name)_\(suffix)"
    }
}
