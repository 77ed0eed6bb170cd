import HTTPParsing
import LocatedYAML

/// `check`: a condition on one field of the response's JSON that fails or retries the exchange,
/// so the seed's custom validator is a few lines of YAML:
///
/// ```yaml
/// - check:
///     json: code                      # a dotted path: data.items.0.id
///     failWhen: { notEquals: 0 }      # or equals, oneOf: [..], or the words exists / missing
///     message: "server error {{json.message}}"
/// - check:
///     json: retriable
///     retryWhen: { equals: true }
///     retry: { strategy: fibonacci, unit: 0.5, maxDelay: 10 }
/// ```
extension ProfileReader {
    static let checkKeys = ["json", "failWhen", "retryWhen", "message", "retry", "retryMethods", "name"]
    static let conditionWords = ["equals", "notEquals", "oneOf", "exists", "missing"]

    static func check(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Check {
        let entries = try node.mapping(allowed: checkKeys, required: ["json"])
        func value(_ key: String) -> LocatedNode? { entries[key] }
        let fieldNode = entries.required("json")
        let field = try fieldNode.string()
        if let problem = ResponseJSON.problem(withPath: field) { throw fieldNode.problem(problem) }

        let fail = value("failWhen"), retry = value("retryWhen")
        guard (fail == nil) != (retry == nil), let conditionNode = fail ?? retry else {
            throw node.problem("give exactly one of failWhen or retryWhen")
        }
        var check = Profile.Check(field: field, condition: try condition(conditionNode), action: .fail)
        if fail != nil {
            for key in ["retry", "retryMethods"] {
                if let misplaced = value(key) { throw misplaced.problem("only a retryWhen check retries") }
            }
            if let message = value("message") {
                check.message = try message.string()
                try checkPlaceholders(in: check.message ?? "", prefix: "json", at: message)
            }
        } else {
            if let misplaced = value("message") { throw misplaced.problem("only a failWhen check has a message") }
            check.action = .retry(try value("retry").map { (node) throws(ProfileProblem) in try self.retry(node) })
            check.retryMethods = try value("retryMethods").map { (node) throws(ProfileProblem) in
                try node.sequence().map { (item) throws(ProfileProblem) in try item.method() }
            }
        }
        check.name = try value("name")?.string()
        return check
    }

    /// `{ equals: 0 }`, `{ notEquals: "ok" }`, `{ oneOf: [1, 2] }`, or the words `exists` / `missing`.
    static func condition(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Check.Condition {
        if let word = node.text {
            switch word {
            case "exists": return .exists
            case "missing": return .missing
            default: throw node.problem("expected exists, missing, or one of { equals: V }, { notEquals: V }, { oneOf: [V, …] }")
            }
        }
        let entries = try node.mapping(allowed: conditionWords)
        guard entries.count == 1, let (kind, value) = entries.first else {
            throw node.problem("give exactly one condition: \(conditionWords.joined(separator: ", "))")
        }
        switch kind {
        case "equals": return .equals(try value.json().compactText)
        case "notEquals": return .notEquals(try value.json().compactText)
        case "oneOf": return .oneOf(try value.sequence().map { (item) throws(ProfileProblem) in try item.json().compactText })
        default:
            guard try value.bool() else { throw value.problem("write \(kind): true, or the other condition") }
            return kind == "exists" ? .exists : .missing
        }
    }

    /// Every `{{…}}` in `text` must be `{{PREFIX.path}}` with a path that can name a field.
    static func checkPlaceholders(in text: String, prefix: String, at node: LocatedNode) throws(ProfileProblem) {
        for placeholder in ResponseJSONTemplate.placeholders(in: text) {
            guard let path = ResponseJSONTemplate.path(of: placeholder, prefix: prefix) else {
                throw node.problem("unknown placeholder {{\(placeholder)}}: write {{\(prefix).FIELD}}, e.g. {{\(prefix).token}}")
            }
            if let problem = ResponseJSON.problem(withPath: path) { throw node.problem(problem) }
        }
    }
}
