import RequestModel

/// What a Hurl query reads, as a capture's source or an assert's subject, or why explorer has
/// no equivalent.
enum HurlQueries {
    /// Why a query kind explorer does not read has no equivalent.
    static func whyNot(_ kind: String) -> String {
        switch kind {
        case "xpath": "XPath has no equivalent (explorer reads JSON paths)"
        case "certificate": "certificate queries have no equivalent"
        case "sha256", "md5": "\(kind) of the body has no equivalent"
        case "variable": "variable queries have no equivalent (asserts read the response)"
        case "url": "the last URL after redirects has no equivalent"
        case "redirects": "redirect queries have no equivalent"
        case "ip": "the server's IP address has no equivalent"
        default: "the query \(kind) has no equivalent"
        }
    }

    /// A JSONPath explorer reads, or why not (RFC 9535 as SPEC §7 has it; no `{{templates}}`).
    static func path(_ text: String) -> Result<JSONPath, Refusal> {
        if text.contains("{{") { return .failure(Refusal("a {{template}} inside a JSONPath has no equivalent")) }
        do throws(JSONPathProblem) {
            return .success(try JSONPath(text.isEmpty ? "$" : text))
        } catch {
            return .failure(Refusal("not an RFC 9535 JSONPath: \(error.message)"))
        }
    }

    /// A cookie by name; `name[Attribute]` reads an attribute, which explorer cannot.
    static func cookie(_ name: String) -> Result<String, Refusal> {
        name.contains("[") ? .failure(Refusal("cookie attributes (\(name)) have no equivalent")) : .success(name)
    }

    /// A regular expression explorer can run, or why not.
    static func regex(_ token: HurlToken) -> Result<String, Refusal> {
        switch token.kind {
        case .string, .regex:
            if let problem = AssertPredicate.problem(withPattern: token.text) { return .failure(Refusal(problem)) }
            return .success(token.text)
        default:
            return .failure(Refusal("a regex given as \(token.text) has no equivalent"))
        }
    }
}

/// Why something of a Hurl file is not imported.
struct Refusal: Error, Equatable {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
