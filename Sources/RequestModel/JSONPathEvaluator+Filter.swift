/// Filter expressions (RFC 9535 §2.3.5, §2.4): tests, comparisons with Nothing, and the five
/// function extensions. Queries inside a filter are evaluated untracked: only their values count.
extension JSONPathEvaluator {
    mutating func test(_ expression: FilterExpression, current: JSONNode) -> Bool {
        switch expression {
        case .or(let items):
            for item in items where test(item, current: current) { return true }
            return false
        case .and(let items):
            for item in items where !test(item, current: current) { return false }
            return true
        case .not(let inner):
            return !test(inner, current: current)
        case .comparison(let left, let comparison, let right):
            return Self.compare(value(of: left, current: current), comparison, value(of: right, current: current))
        case .exists(let query):
            return !nodes(of: query, current: current).isEmpty
        case .test(let call):
            return logicalResult(of: call, current: current)
        }
    }

    /// A comparable's value, nil for Nothing.
    private mutating func value(of comparable: FilterComparable, current: JSONNode) -> JSONNode? {
        switch comparable {
        case .literal(let node): return node
        // A singular query selects at most one node, unless an object repeats the name: the
        // last one counts, as it does for JSON parsers.
        case .query(let query): return nodes(of: query, current: current).last?.value
        case .function(let call): return valueResult(of: call, current: current)
        }
    }

    private mutating func nodes(of query: FilterQuery, current: JSONNode) -> [Located] {
        select(query.segments, from: Located(value: query.relative ? current : root, link: Self.untracked))
    }

    private mutating func valueResult(of call: FunctionCall, current: JSONNode) -> JSONNode? {
        switch (call.function, call.arguments.first) {
        case (.length, .value(let argument)?):
            switch value(of: argument, current: current) {
            case .string(let text)?: return .number(String(text.unicodeScalars.count))
            case .array(let items)?: return .number(String(items.count))
            case .object(let members)?: return .number(String(members.count))
            default: return nil
            }
        case (.count, .nodes(let query)?):
            return .number(String(nodes(of: query, current: current).count))
        case (.value, .nodes(let query)?):
            let found = nodes(of: query, current: current)
            return found.count == 1 ? found[0].value : nil
        default:
            return nil
        }
    }

    private mutating func logicalResult(of call: FunctionCall, current: JSONNode) -> Bool {
        guard call.function == .match || call.function == .search, call.arguments.count == 2,
              case .value(let subject) = call.arguments[0], case .value(let pattern) = call.arguments[1],
              case .string(let text)? = value(of: subject, current: current),
              case .string(let regex)? = value(of: pattern, current: current) else { return false }
        return regexes.matches(regex, text, whole: call.function == .match)
    }

    /// RFC 9535 §2.3.5.2.2; nil is Nothing.
    static func compare(_ left: JSONNode?, _ comparison: ComparisonOperator, _ right: JSONNode?) -> Bool {
        switch comparison {
        case .equal: equal(left, right)
        case .notEqual: !equal(left, right)
        case .less: less(left, right)
        case .lessOrEqual: less(left, right) || equal(left, right)
        case .greater: less(right, left)
        case .greaterOrEqual: less(right, left) || equal(left, right)
        }
    }

    private static func equal(_ left: JSONNode?, _ right: JSONNode?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let a?, let b?): a.equalsInJSONPath(b)
        default: false
        }
    }

    /// Only numbers with numbers and strings with strings (by scalar values) are ordered.
    private static func less(_ left: JSONNode?, _ right: JSONNode?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?): JSONNode.compareNumbers(a, b) == -1
        case (.string(let a)?, .string(let b)?): a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: false
        }
    }
}
