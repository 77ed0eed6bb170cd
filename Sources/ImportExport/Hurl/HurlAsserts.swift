import RequestModel

/// `[Asserts]` as SPEC §8's asserts: status, header, cookie, jsonpath, body, duration, version
/// and `bytes count` subjects; Hurl's predicates where one of ours means the same, `not` where
/// its negation is one of ours, `count` as `count`. Anything else has no equivalent.
enum HurlAsserts {
    static func assert(_ assert: HurlAssert) -> Result<RequestSpec.Assert, Refusal> {
        let counted = assert.filters.map(\.name) == ["count"] && assert.filters[0].arguments.isEmpty
        // What the query reads first: a certificate query is skipped for being one, whatever its filters.
        let subject: RequestSpec.Assert.Subject
        switch Self.subject(assert.query, counted: counted) {
        case .success(let found): subject = found
        case .failure(let refusal): return .failure(refusal)
        }
        if !counted, let filter = assert.filters.first { return .failure(Refusal("the filter \(filter.name) has no equivalent")) }
        let predicate: Result<AssertPredicate, Refusal>
        if counted, subject != .bytes {
            predicate = count(assert)
        } else {
            predicate = self.predicate(assert, subject: subject)
        }
        return predicate.map { RequestSpec.Assert(subject, $0) }
    }

    static func subject(_ query: HurlQuery, counted: Bool) -> Result<RequestSpec.Assert.Subject, Refusal> {
        let argument = query.argument?.text ?? ""
        switch query.kind {
        case "status": return .success(.status)
        case "header":
            // One header value is a string, whose count is its characters, not Hurl's count of values.
            if counted { return .failure(Refusal("count of a header's values has no equivalent")) }
            return .success(.header(argument))
        case "cookie": return HurlQueries.cookie(argument).map { .cookie($0) }
        case "jsonpath": return HurlQueries.path(argument).map { .json($0) }
        case "body": return counted ? .failure(Refusal("count of the body has no equivalent")) : .success(.body)
        case "duration": return .success(.duration)
        case "version": return .success(.httpVersion)
        case "bytes":
            return counted ? .success(.bytes) : .failure(Refusal("the body's bytes compared as bytes have no equivalent (bytes count is the size)"))
        case "regex": return .failure(Refusal("a regex query compares a captured group, which an assert cannot"))
        default: return .failure(Refusal(HurlQueries.whyNot(query.kind)))
        }
    }

    /// `count == N` (or `not != N`) is `count: N`; no other comparison of a count is one of ours.
    static func count(_ assert: HurlAssert) -> Result<AssertPredicate, Refusal> {
        let equality = assert.negated ? ["!=", "notEquals"] : ["==", "equals"]
        guard equality.contains(assert.predicate), let value = assert.value, value.kind == .number, let count = Int(value.text) else {
            return .failure(Refusal("count \(assert.negated ? "not " : "")\(assert.predicate) has no equivalent (count only equals a number)"))
        }
        return .success(.count(count))
    }

    static func predicate(_ assert: HurlAssert, subject: RequestSpec.Assert.Subject) -> Result<AssertPredicate, Refusal> {
        let name = assert.negated ? "not \(assert.predicate)" : assert.predicate
        let value: JSONNode?
        switch assert.value.map({ self.value($0, subject: subject) }) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let node): value = node
        case nil: value = nil
        }
        func text(_ make: (String) -> AssertPredicate) -> Result<AssertPredicate, Refusal> {
            guard case .string(let text) = value else { return .failure(Refusal("\(name) takes a string here")) }
            return .success(make(text))
        }
        let refused = Result<AssertPredicate, Refusal>.failure(Refusal("\(name) has no equivalent"))
        if assert.negated {
            guard let value else { return assert.predicate == "exists" ? .success(.exists(false)) : refused }
            switch assert.predicate {
            case "==", "equals": return .success(.notEquals(value))
            case "!=", "notEquals": return .success(.equals(value))
            case ">", "greaterThan": return .success(.lessOrEqual(value))
            case ">=", "greaterThanOrEquals": return .success(.lessThan(value))
            case "<", "lessThan": return .success(.greaterOrEqual(value))
            case "<=", "lessThanOrEquals": return .success(.greaterThan(value))
            default: return refused
            }
        }
        if let value {
            switch assert.predicate {
            case "==", "equals": return .success(.equals(value))
            case "!=", "notEquals": return .success(.notEquals(value))
            case ">", "greaterThan": return .success(.greaterThan(value))
            case ">=", "greaterThanOrEquals": return .success(.greaterOrEqual(value))
            case "<", "lessThan": return .success(.lessThan(value))
            case "<=", "lessThanOrEquals": return .success(.lessOrEqual(value))
            case "contains", "includes": return .success(.contains(value))
            case "startsWith": return text { .startsWith($0) }
            case "endsWith": return text { .endsWith($0) }
            case "matches":
                guard let token = assert.value else { return refused }
                return HurlQueries.regex(token).map { .matches($0) }
            default: return refused
            }
        }
        switch assert.predicate {
        case "exists": return .success(.exists(true))
        case "isString": return .success(.isString)
        case "isNumber": return .success(.isNumber)
        case "isBoolean": return .success(.isBool)
        case "isList": return .success(.isArray)
        case "isObject": return .success(.isObject)
        case "isEmpty":
            switch subject {
            case .json: return .success(.count(0))
            case .body: return .success(.equals(.string("")))
            default: return refused
            }
        default: return refused
        }
    }

    /// An expected value as JSON: strings (a `{{template}}` as its text), numbers, booleans,
    /// null; the version as explorer spells it (`HTTP/2`). Bytes have no equivalent.
    static func value(_ token: HurlToken, subject: RequestSpec.Assert.Subject) -> Result<JSONNode, Refusal> {
        switch token.kind {
        case .string(let language):
            if subject == .httpVersion, !token.text.hasPrefix("HTTP") { return .success(.string("HTTP/" + token.text)) }
            return .success(.string(language == "graphql" ? HurlBodies.graphQL(token.text) : token.text))
        case .regex: return .success(.string(token.text))
        case .template: return .success(.string(token.text))
        case .number: return .success(.number(token.text))
        case .word:
            switch token.text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            case "null": return .success(.null)
            default: return .failure(Refusal("\(token.text) is not a value"))
            }
        case .bytes(let kind): return .failure(Refusal("\(kind) bytes as an expected value have no equivalent"))
        }
    }
}
