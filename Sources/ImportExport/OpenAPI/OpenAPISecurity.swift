import Foundation
import OpenAPIKit
import ProfileFormat
import RequestModel

/// The description's security as the profile's: the first scheme of the first top-level
/// `security` requirement (else the first scheme defined), its secrets `${env:NAME}` named after
/// the scheme (`petstore_auth` → `PETSTORE_AUTH_TOKEN`); nothing secret is written. http bearer,
/// OAuth2 and OpenID Connect are bearer auth; http basic is basic auth (`NAME_USERNAME`,
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
    init(_ document: OpenAPI.Document, tree: JSONNode) {
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
        case .oauth2, .openIdConnect:
            auth = .bearer("${env:\(Self.suffixed(env, "TOKEN"))}")
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
