/// The parsed form of an RFC 9535 query: segments of selectors, filters as typed expressions.
/// Built only by `JSONPathParser`, which has already checked the RFC's well-typedness rules,
/// so the evaluator never meets an ill-typed expression.
enum JSONPathSegment: Sendable, Hashable {
    /// `[…]`, `.name`, `.*`: the selectors applied to each input node.
    case child([JSONPathSelector])
    /// `..[…]`, `..name`, `..*`: the selectors applied to each input node and every descendant.
    case descendant([JSONPathSelector])
}

enum JSONPathSelector: Sendable, Hashable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(FilterExpression)
}

/// `@…` or `$…` inside a filter.
struct FilterQuery: Sendable, Hashable {
    var relative: Bool
    var segments: [JSONPathSegment]
    /// RFC 9535's `singular-query`: only `.name`, `['name']` and `[index]` segments, written
    /// without blank space inside the brackets. Only these may be compared.
    var isSingular: Bool

    /// Whether the segments select at most one node: names and indices only.
    static func selectsAtMostOne(_ segments: [JSONPathSegment]) -> Bool {
        segments.allSatisfy { segment in
            guard case .child(let selectors) = segment, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A logical expression (LogicalType).
indirect enum FilterExpression: Sendable, Hashable {
    case or([FilterExpression])
    case and([FilterExpression])
    case not(FilterExpression)
    case comparison(FilterComparable, ComparisonOperator, FilterComparable)
    /// A query as a test: true when it selects at least one node.
    case exists(FilterQuery)
    /// A function of LogicalType or NodesType result as a test.
    case test(FunctionCall)
}

/// Something with a value or Nothing (ValueType).
indirect enum FilterComparable: Sendable, Hashable {
    case literal(JSONNode)
    /// A singular query.
    case query(FilterQuery)
    /// A function of ValueType result.
    case function(FunctionCall)
}

enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
}

struct FunctionCall: Sendable, Hashable {
    var function: JSONPathFunction
    var arguments: [FunctionArgument]
}

indirect enum FunctionArgument: Sendable, Hashable {
    case value(FilterComparable)
    case nodes(FilterQuery)
    case logical(FilterExpression)
}
