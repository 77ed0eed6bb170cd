import LocatedYAML
import RequestModel

extension ProfileReader {
    static let oauth2Keys = ["grant", "issuer", "authorizationURL", "tokenURL", "deviceAuthorizationURL", "revocationURL", "clientId",
                             "clientSecret", "clientAuth", "scope", "params", "redirectPort"]

    /// SPEC §11's `oauth2` mapping. The grant must be able to find its endpoints: named, or
    /// from the issuer's metadata.
    static func oauth2(_ node: LocatedNode) throws(ProfileProblem) -> Profile.OAuth2 {
        let fields = try node.mapping(allowed: oauth2Keys, required: ["grant", "clientId"])
        let grantNode = fields.required("grant")
        let grantText = try grantNode.string()
        guard let grant = Profile.OAuth2.Grant(rawValue: grantText) else {
            throw grantNode.problem("\(QuotedValue.quoted(grantText)) is not a grant (known: \(Profile.OAuth2.Grant.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var oauth = Profile.OAuth2(grant: grant, clientId: try fields.required("clientId").referencing())
        for (key, value) in fields {
            switch key {
            case "issuer": oauth.issuer = try url(value, what: "an issuer URL")
            case "authorizationURL": oauth.authorizationURL = try url(value, what: "an authorization endpoint")
            case "tokenURL": oauth.tokenURL = try url(value, what: "a token endpoint")
            case "deviceAuthorizationURL": oauth.deviceAuthorizationURL = try url(value, what: "a device authorization endpoint")
            case "revocationURL": oauth.revocationURL = try url(value, what: "a revocation endpoint")
            case "clientSecret": oauth.clientSecret = try value.referencing()
            case "clientAuth":
                let method = try value.string()
                guard method == "basic" || method == "post" else { throw value.problem("\(QuotedValue.quoted(method)) is not basic or post") }
                oauth.clientAuth = method
            case "scope": oauth.scope = try value.string()
            case "params": oauth.params = try value.entries().map { (name, value) throws(ProfileProblem) in NamedValue(name, try value.referencing()) }
            case "redirectPort": oauth.redirectPort = try value.int(in: 0...65535)
            default: break
            }
        }
        if oauth.issuer == nil {
            let needed: (String, String?) = switch grant {
            case .clientCredentials: ("tokenURL", oauth.tokenURL)
            case .authorizationCode: (oauth.tokenURL == nil ? "tokenURL" : "authorizationURL", oauth.tokenURL == nil ? nil : oauth.authorizationURL)
            case .deviceCode: (oauth.tokenURL == nil ? "tokenURL" : "deviceAuthorizationURL", oauth.tokenURL == nil ? nil : oauth.deviceAuthorizationURL)
            }
            if needed.1 == nil { throw node.problem("\(grant.rawValue) needs \(needed.0), or an issuer whose metadata names it") }
        }
        return oauth
    }
}
