import Foundation
import HTTPParsing
import LocatedYAML

/// Reads a profile file (SPEC §4) into a `Profile`, refusing with a `ProfileProblem` that names
/// the file, the line, the column and the key: bad YAML, a value of the wrong kind, an unknown key.
public enum ProfileReader {
    static let topKeys = ["baseURL", "headers", "auth", "timeout", "deadline", "maxRetries", "maxBody", "redirects", "tls", "proxy",
                          "cookies", "vars", "validators", "graphql"]

    public static func read(_ text: String, name: String, file: String) throws(ProfileProblem) -> Profile {
        let root = try LocatedNode.document(text, file: file, valueLimit: valueLimit)
        var profile = Profile(name: name)
        let entries = try root.mapping(allowed: topKeys)
        for (key, value) in entries {
            switch key {
            case "baseURL": profile.baseURL = try url(value, what: "a base URL")
            case "headers": profile.headers = try value.headers()
            case "auth": profile.auth = try auth(value)
            case "timeout": profile.timeout = try value.seconds()
            case "deadline": profile.deadline = try value.seconds()
            case "maxRetries": profile.maxRetries = try value.int(in: 0...100)
            case "maxBody": profile.maxBody = try size(value)
            case "redirects": profile.redirects = try redirects(value)
            case "tls": profile.tls = try tls(value)
            case "proxy": profile.proxy = try url(value, what: "a proxy URL")
            case "cookies": profile.cookies = try value.bool()
            case "vars": profile.vars = try RequestSpecReader.vars(value)
            case "graphql": profile.graphQLSchema = try value.mapping(allowed: ["schema"], required: ["schema"]).required("schema").string()
            default: profile.validators = try value.sequence().map { (item) throws(ProfileProblem) in try validator(item) }
            }
        }
        if case .oauth2? = profile.auth, profile.baseURL == nil, let node = entries["auth"] {
            throw node.problem("oauth2 needs a baseURL: the token is sent only to its origin")
        }
        return profile
    }

    /// A profile names no more JSON values than this (its request bodies), aliases expanded.
    static let valueLimit = 100_000

    /// `maxBody: 2G`, `500M`, `1024`: see `ByteSize`.
    static func size(_ node: LocatedNode) throws(ProfileProblem) -> Int {
        let text = try node.string()
        guard let bytes = ByteSize.parse(text) else {
            throw node.problem("\(text.debugDescription) is not a size: give bytes, or a number with K, M, G or T (e.g. 2G, 500M)")
        }
        return bytes
    }

    static func auth(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Auth {
        let entries = try node.mapping(allowed: ["bearer", "basic", "header", "oauth2"])
        guard entries.count == 1, let (kind, value) = entries.first else {
            throw node.problem("give exactly one of bearer, basic, header or oauth2")
        }
        switch kind {
        case "bearer": return .bearer(try value.referencing())
        case "oauth2": return .oauth2(try oauth2(value))
        case "basic":
            let fields = try value.mapping(allowed: ["username", "password"], required: ["username", "password"])
            return .basic(username: try fields.required("username").referencing(), password: try fields.required("password").referencing())
        default:
            let fields = try value.mapping(allowed: ["name", "value"], required: ["name", "value"])
            return .header(name: try fields.required("name").string(), value: try fields.required("value").referencing())
        }
    }

    static func redirects(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Redirects {
        var redirects = Profile.Redirects()
        for (key, value) in try node.mapping(allowed: ["follow", "max"]) {
            if key == "follow" { redirects.follow = try value.bool() } else { redirects.max = try value.int(in: 0...100) }
        }
        return redirects
    }

    static func tls(_ node: LocatedNode) throws(ProfileProblem) -> Profile.TLS {
        var tls = Profile.TLS()
        for (key, value) in try node.mapping(allowed: ["insecure", "caFile"]) {
            if key == "insecure" { tls.insecure = try value.bool() } else { tls.caFile = try value.referencing() }
        }
        return tls
    }

    /// An http(s) URL with a host; one that refers to the environment is checked when it is read.
    static func url(_ node: LocatedNode, what: String) throws(ProfileProblem) -> String {
        let text = try node.referencing()
        guard EnvironmentReference.names(in: text).isEmpty else { return text }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { throw node.problem("\(QuotedValue.quoted(text)) is not \(what): it needs http:// or https:// and a host") }
        return text
    }
}
