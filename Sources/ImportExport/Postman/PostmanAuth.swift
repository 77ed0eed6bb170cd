import ProfileFormat
import RequestModel

/// The auth a Postman (or Insomnia) collection, folder or request declares, read before it is
/// placed: on the profile when the whole collection declares it, else as the request's own header.
///
/// Values are kept as written, so `{{token}}` stays a variable. A secret written literally in the
/// file is not copied: it becomes `${env:NAME}` (NAME from what it is: `TOKEN`, `PASSWORD`, the
/// API key's header name) and the import lists it, so the user sets it in the environment.
enum PostmanAuth: Equatable {
    /// No auth of its own: the parent's applies.
    case inherit
    /// `noauth`: stops what a parent declares.
    case none
    case bearer(token: String)
    case basic(username: String, password: String)
    case apiKey(name: String, value: String, inQuery: Bool)
    /// SPEC §11; its secret is kept like any other.
    case oauth2(Profile.OAuth2)
    /// A scheme explorer does not send (digest, oauth1, hawk…): listed as skipped.
    case unsupported(String)

    /// Postman's `auth` object, v2.1 (attributes as `[{key, value}]`) or v2.0 (an object).
    static func postman(_ node: JSONNode?) -> PostmanAuth {
        guard let node, case .object = node, let type = PostmanJSON.text(node["type"]) else { return .inherit }
        let attributes = node[type]
        func attribute(_ key: String) -> String? {
            if case .array(let items) = attributes {
                return items.last { PostmanJSON.text($0["key"]) == key }.flatMap { PostmanJSON.text($0["value"]) }
            }
            return PostmanJSON.text(attributes?[key])
        }
        switch type {
        case "noauth": return .none
        case "bearer": return .bearer(token: attribute("token") ?? "")
        case "basic": return .basic(username: attribute("username") ?? "", password: attribute("password") ?? "")
        case "apikey":
            return .apiKey(name: attribute("key") ?? "", value: attribute("value") ?? "", inQuery: attribute("in") == "query")
        case "oauth2": return PostmanOAuth2.postman(attribute).map(PostmanAuth.oauth2) ?? .unsupported("oauth2 \(attribute("grant_type") ?? "")")
        default: return .unsupported(type)
        }
    }

    /// Insomnia's `authentication` object; `{}` inherits, `disabled` or type `none` stops.
    static func insomnia(_ node: JSONNode?) -> PostmanAuth {
        guard let node, let type = PostmanJSON.text(node["type"]) else { return .inherit }
        if PostmanJSON.isTrue(node["disabled"]) || type == "none" { return .none }
        if type == "inherit" { return .inherit }
        let field = { (key: String) in InsomniaText.variables(PostmanJSON.text(node[key]) ?? "") }
        switch type {
        case "bearer": return .bearer(token: field("token"))
        case "basic": return .basic(username: field("username"), password: field("password"))
        case "apikey": return .apiKey(name: field("key"), value: field("value"), inQuery: PostmanJSON.text(node["addTo"]) == "queryParams")
        case "oauth2":
            return PostmanOAuth2.insomnia(field, credentialsInBody: PostmanJSON.isTrue(node["credentialsInBody"])).map(PostmanAuth.oauth2)
                ?? .unsupported("oauth2 \(field("grantType"))")
        default: return .unsupported(type)
        }
    }

    /// Where an auth lands: the profile's auth, or a header or query item of each request it covers.
    struct Placed {
        var profileAuth: Profile.Auth?
        var header: NamedValue?
        var query: NamedValue?
        var skipped: [ImportedAPI.Skipped] = []
    }

    /// The auth placed for `scope` (the collection when `onProfile`, else a folder or request name).
    func placed(onProfile: Bool, scope: String) -> Placed {
        var placed = Placed()
        switch self {
        case .inherit, .none: break
        case .unsupported(let type):
            placed.skipped.append(.init("\(scope) auth \"\(type)\"", "explorer sends bearer, basic and API key auth only"))
        case .bearer(let token):
            let token = Self.kept(token, envName: "TOKEN", what: "bearer token", scope: scope, skipped: &placed.skipped)
            if onProfile { placed.profileAuth = .bearer(token) } else { placed.header = NamedValue("Authorization", "Bearer " + token) }
        case .basic(let username, let password):
            guard onProfile else {
                // A header would carry `user:password` unencoded; only the profile's basic auth encodes it when sent.
                placed.skipped.append(.init("\(scope) auth \"basic\"", "basic auth on a folder or request is not imported: set it on the profile (auth: basic)"))
                break
            }
            let password = Self.kept(password, envName: "PASSWORD", what: "basic password", scope: scope, skipped: &placed.skipped)
            placed.profileAuth = .basic(username: username, password: password)
        case .oauth2(var oauth):
            guard onProfile else {
                placed.skipped.append(.init("\(scope) auth \"oauth2\"", "OAuth 2.0 on a folder or request is not imported: set it on the profile (auth: oauth2)"))
                break
            }
            oauth.clientSecret = oauth.clientSecret.map { Self.kept($0, envName: "CLIENT_SECRET", what: "OAuth 2.0 client secret", scope: scope, skipped: &placed.skipped) }
            placed.profileAuth = .oauth2(oauth)
        case .apiKey(let name, let value, let inQuery):
            let envName = String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
            let value = Self.kept(value, envName: envName.isEmpty ? "API_KEY" : envName, what: "API key", scope: scope, skipped: &placed.skipped)
            if inQuery {
                placed.query = NamedValue(name, value)
            } else if onProfile {
                placed.profileAuth = .header(name: name, value: value)
            } else {
                placed.header = NamedValue(name, value)
            }
        }
        return placed
    }

    /// A value with `{{var}}` (or `${env:}`) kept; a literal secret replaced by `${env:NAME}`, and said.
    private static func kept(_ value: String, envName: String, what: String, scope: String, skipped: inout [ImportedAPI.Skipped]) -> String {
        if value.contains("{{") || value.contains("${env:") { return value }
        skipped.append(.init("\(scope) \(what)", "a secret written in the file is not imported: it is read from ${env:\(envName)}"))
        return "${env:\(envName)}"
    }
}
