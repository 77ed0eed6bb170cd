import LocatedYAML
import RequestModel

/// `check`: a predicate (SPEC §8's) on what an RFC 9535 path selects in the response's JSON,
/// that fails or retries the exchange, so the seed's custom validator is a few lines of YAML:
///
/// ```yaml
/// - check:
///     json: $.code                    # or the shorthand: code, data.items.0.id
///     failWhen: { notEquals: 0 }      # any predicate of SPEC §8; oneOf / missing are aliases
///     message: "server error {{json $.message}}"
/// - check:
///     json: retriable
///     retryWhen: { equals: true }
///     retry: { strategy: fibonacci, unit: 0.5, maxDelay: 10 }
/// ```
extension ProfileReader {
    static let checkKeys = ["json", "failWhen", "retryWhen", "message", "retry", "retryMethods", "name"]
    /// SPEC §8's predicates, and the older names kept as aliases: `oneOf` is `in`, `missing` is `exists: false`.
    static let predicateNames = AssertPredicate.names + ["oneOf", "missing"]
    /// Predicates that stand alone as a word: `failWhen: missing`.
    static let predicateWords = ["exists", "missing", "isString", "isNumber", "isBool", "isNull", "isArray", "isObject"]

    static func check(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Check {
        let entries = try node.mapping(allowed: checkKeys, required: ["json"])
        func value(_ key: String) -> LocatedNode? { entries[key] }
        let fieldNode = entries.required("json")
        let field = try fieldNode.string()
        _ = try path(field, at: fieldNode)

        let fail = value("failWhen"), retry = value("retryWhen")
        guard (fail == nil) != (retry == nil), let conditionNode = fail ?? retry else {
            throw node.problem("give exactly one of failWhen or retryWhen")
        }
        var check = Profile.Check(field: field, predicate: try predicate(conditionNode), action: .fail)
        if fail != nil {
            for key in ["retry", "retryMethods"] {
                if let misplaced = value(key) { throw misplaced.problem("only a retryWhen check retries") }
            }
            if let message = value("message") {
                check.message = try message.string()
                _ = try template(check.message ?? "", reading: nil, at: message)
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

    /// `{ equals: 0 }`, `{ lessThan: 10 }`, `{ in: [1, 2] }`, `{ matches: "^a" }`…, or a word: `exists`, `missing`, `isString`….
    static func predicate(_ node: LocatedNode) throws(ProfileProblem) -> AssertPredicate {
        if let word = node.text {
            guard predicateWords.contains(word) else {
                throw node.problem("expected \(predicateWords.joined(separator: ", ")), or { PREDICATE: VALUE } with one of \(predicateNames.joined(separator: ", "))")
            }
            return word == "missing" ? .exists(false) : try predicate(word, true, at: node)
        }
        let entries = try node.mapping(allowed: predicateNames)
        guard entries.count == 1, let (name, value) = entries.first else {
            throw node.problem("give exactly one predicate: \(predicateNames.joined(separator: ", "))")
        }
        return try predicate(named: name, value)
    }

    /// `name: value`, one of `predicateNames`, as a check's `failWhen` or a request's assert writes it.
    static func predicate(named name: String, _ value: LocatedNode) throws(ProfileProblem) -> AssertPredicate {
        switch name {
        case "oneOf": return try predicate("in", value.json(), at: value)
        case "missing": return .exists(!(try value.bool()))
        case "exists": return .exists(try value.bool())
        default: return try predicate(name, value.json(), at: value)
        }
    }

    /// The predicate `name` with its expected value; a value of the wrong kind is named.
    private static func predicate(_ name: String, _ value: JSONNode, at node: LocatedNode) throws(ProfileProblem) -> AssertPredicate {
        func text() throws(ProfileProblem) -> String {
            guard case .string(let text) = value else { throw node.problem("\(name) takes a string, found \(value.compactText)") }
            return text
        }
        switch name {
        case "equals": return .equals(value)
        case "notEquals": return .notEquals(value)
        case "lessThan": return .lessThan(value)
        case "lessOrEqual": return .lessOrEqual(value)
        case "greaterThan": return .greaterThan(value)
        case "greaterOrEqual": return .greaterOrEqual(value)
        case "contains": return .contains(value)
        case "startsWith": return .startsWith(try text())
        case "endsWith": return .endsWith(try text())
        case "matches":
            let pattern = try text()
            if let problem = AssertPredicate.problem(withPattern: pattern) { throw node.problem(problem) }
            return .matches(pattern)
        case "in":
            guard case .array(let values) = value else { throw node.problem("\(name) takes a list, found \(value.compactText)") }
            return .isIn(values)
        case "count":
            guard case .number(let number) = value, let count = Int(number), count >= 0 else {
                throw node.problem("count takes a whole number, found \(value.compactText)")
            }
            return .count(count)
        default:
            guard value == .bool(true) else { throw node.problem("write \(name): true (or leave the predicate out)") }
            switch name {
            case "isString": return .isString
            case "isNumber": return .isNumber
            case "isBool": return .isBool
            case "isNull": return .isNull
            case "isArray": return .isArray
            case "isObject": return .isObject
            default: return .exists(true)
            }
        }
    }

    /// An RFC 9535 path (or SPEC §7's shorthand; empty for the whole body); a bad one is refused
    /// at the column of its line where it stops being valid.
    static func path(_ text: String, at node: LocatedNode) throws(ProfileProblem) -> JSONPath {
        do throws(JSONPathProblem) {
            return try JSONPath(text.isEmpty ? "$" : text)
        } catch {
            throw node.problem("bad JSON path \(QuotedText.quote(text)): \(error.message)", atCharacter: error.column)
        }
    }

    /// A template whose only placeholders read the JSON document `document` (nil: the response
    /// at hand, `{{json PATH}}`) or the environment.
    static func template(_ text: String, reading document: String?, at node: LocatedNode) throws(ProfileProblem) -> Template {
        let template: Template
        do throws(TemplateProblem) {
            template = try Template(text)
        } catch {
            throw node.problem(error.message, atCharacter: error.column)
        }
        let example = document.map { "{{\($0).json $.token}}" } ?? "{{json $.message}}"
        for part in template.parts {
            switch part {
            case .text, .environment: continue
            case .json(let named, _) where named == document: continue
            default: throw node.problem("unknown placeholder \(part.placeholder): write \(example)")
            }
        }
        return template
    }
}
