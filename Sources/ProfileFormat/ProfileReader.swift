import Foundation
import Yams

/// Reads a profile file (SPEC §4) into a `Profile`, refusing with a `ProfileProblem` that names
/// the file, the line and the key: bad YAML, a value of the wrong kind, an unknown key.
public enum ProfileReader {
    static let topKeys = ["baseURL", "headers", "auth", "timeout", "deadline", "maxRetries", "redirects", "tls", "proxy",
                          "cookies", "validators"]

    public static func read(_ text: String, name: String, file: String) throws(ProfileProblem) -> Profile {
        let root = try compose(text, file: file)
        var profile = Profile(name: name)
        for (key, value) in try ProfileNode(node: root, path: "", file: file).mapping(allowed: topKeys) {
            switch key {
            case "baseURL": profile.baseURL = try url(value, what: "a base URL")
            case "headers": profile.headers = try value.headers()
            case "auth": profile.auth = try auth(value)
            case "timeout": profile.timeout = try value.seconds()
            case "deadline": profile.deadline = try value.seconds()
            case "maxRetries": profile.maxRetries = try value.int(in: 0...100)
            case "redirects": profile.redirects = try redirects(value)
            case "tls": profile.tls = try tls(value)
            case "proxy": profile.proxy = try url(value, what: "a proxy URL")
            case "cookies": profile.cookies = try value.bool()
            default: profile.validators = try value.sequence().map { (item) throws(ProfileProblem) in try validator(item) }
            }
        }
        return profile
    }

    /// The YAML document of `text`; bad YAML is a problem with its line (the last line when
    /// the file ends before a value is closed, as a truncated file does).
    static func compose(_ text: String, file: String) throws(ProfileProblem) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ProfileProblem(file: file, line: nil, key: nil, message: "the file is empty")
            }
            return node
        } catch let problem as ProfileProblem {
            throw problem
        } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _) {
            let lines = max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0))
            let early = mark.line > lines ? " (the file ends before it is complete)" : ""
            throw ProfileProblem(file: file, line: min(mark.line, lines), key: nil, message: "not valid YAML: \(problem)\(early)")
        } catch {
            throw ProfileProblem(file: file, line: nil, key: nil, message: "not valid YAML: \(error)")
        }
    }

    static func auth(_ node: ProfileNode) throws(ProfileProblem) -> Profile.Auth {
        let entries = try node.mapping(allowed: ["bearer", "basic", "header"])
        guard entries.count == 1, let (kind, value) = entries.first else {
            throw node.problem("give exactly one of bearer, basic or header")
        }
        switch kind {
        case "bearer": return .bearer(try value.referencing())
        case "basic":
            let fields = try value.mapping(allowed: ["username", "password"])
            return .basic(username: try required("username", in: fields, of: value).referencing(),
                          password: try required("password", in: fields, of: value).referencing())
        default:
            let fields = try value.mapping(allowed: ["name", "value"])
            return .header(name: try required("name", in: fields, of: value).string(),
                           value: try required("value", in: fields, of: value).referencing())
        }
    }

    static func redirects(_ node: ProfileNode) throws(ProfileProblem) -> Profile.Redirects {
        var redirects = Profile.Redirects()
        for (key, value) in try node.mapping(allowed: ["follow", "max"]) {
            if key == "follow" { redirects.follow = try value.bool() } else { redirects.max = try value.int(in: 0...100) }
        }
        return redirects
    }

    static func tls(_ node: ProfileNode) throws(ProfileProblem) -> Profile.TLS {
        var tls = Profile.TLS()
        for (key, value) in try node.mapping(allowed: ["insecure", "caFile"]) {
            if key == "insecure" { tls.insecure = try value.bool() } else { tls.caFile = try value.referencing() }
        }
        return tls
    }

    /// An http(s) URL with a host; one that refers to the environment is checked when it is read.
    static func url(_ node: ProfileNode, what: String) throws(ProfileProblem) -> String {
        let text = try node.referencing()
        guard EnvironmentReference.names(in: text).isEmpty else { return text }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { throw node.problem("\(QuotedValue.quoted(text)) is not \(what): it needs http:// or https:// and a host") }
        return text
    }

    static func required(_ key: String, in entries: [(key: String, value: ProfileNode)], of node: ProfileNode) throws(ProfileProblem) -> ProfileNode {
        guard let value = entries.first(where: { $0.key == key })?.value else { throw node.problem("\(key) is missing") }
        return value
    }
}
