import Foundation

/// What a value must be (SPEC §8): the predicates of request-file asserts, and of profile `check`
/// validators. One type, so `check` and `assert` agree on what `equals` or `lessThan` means.
///
/// The subject is a JSON value or nothing (a path that selected no node, a header that is not
/// there). Nothing meets only `exists: false`. Numbers compare as numbers (`1.0` equals `1`);
/// a string never equals a number.
public enum AssertPredicate: Sendable, Hashable {
    case equals(JSONNode)
    case notEquals(JSONNode)
    case lessThan(JSONNode)
    case lessOrEqual(JSONNode)
    case greaterThan(JSONNode)
    case greaterOrEqual(JSONNode)
    /// A string that contains the text, or an array with an element equal to the value.
    case contains(JSONNode)
    case startsWith(String)
    case endsWith(String)
    /// A string in which the regular expression finds a match.
    case matches(String)
    /// Equal to one of the values.
    case isIn([JSONNode])
    case exists(Bool)
    /// An array's elements, an object's members, a string's characters.
    case count(Int)
    case isString, isNumber, isBool, isNull, isArray, isObject

    /// The names SPEC §8 gives the predicates, as a file writes them.
    public static let names = [
        "equals", "notEquals", "lessThan", "lessOrEqual", "greaterThan", "greaterOrEqual", "contains",
        "startsWith", "endsWith", "matches", "in", "exists", "count",
        "isString", "isNumber", "isBool", "isNull", "isArray", "isObject",
    ]

    /// The predicate's name, as written in a file.
    public var name: String {
        switch self {
        case .equals: "equals"
        case .notEquals: "notEquals"
        case .lessThan: "lessThan"
        case .lessOrEqual: "lessOrEqual"
        case .greaterThan: "greaterThan"
        case .greaterOrEqual: "greaterOrEqual"
        case .contains: "contains"
        case .startsWith: "startsWith"
        case .endsWith: "endsWith"
        case .matches: "matches"
        case .isIn: "in"
        case .exists: "exists"
        case .count: "count"
        case .isString: "isString"
        case .isNumber: "isNumber"
        case .isBool: "isBool"
        case .isNull: "isNull"
        case .isArray: "isArray"
        case .isObject: "isObject"
        }
    }

    /// The expected value as JSON, for messages and events (`isString` and its kin have none).
    public var expected: JSONNode? {
        switch self {
        case .equals(let value), .notEquals(let value), .lessThan(let value), .lessOrEqual(let value),
             .greaterThan(let value), .greaterOrEqual(let value), .contains(let value):
            value
        case .startsWith(let text), .endsWith(let text), .matches(let text): .string(text)
        case .isIn(let values): .array(values)
        case .exists(let flag): .bool(flag)
        case .count(let count): .number(String(count))
        case .isString, .isNumber, .isBool, .isNull, .isArray, .isObject: nil
        }
    }

    /// `equals 0`, `in [1,2]`, `isString`: the predicate as a sentence names it.
    public var description: String {
        guard let expected else { return name }
        return name + " " + expected.compactText
    }

    /// Whether `subject` (nil: nothing there) meets the predicate.
    public func holds(for subject: JSONNode?) -> Bool {
        if case .exists(let wanted) = self { return (subject != nil) == wanted }
        guard let subject else { return false }
        switch self {
        case .equals(let value): return subject.sameValue(as: value)
        case .notEquals(let value): return !subject.sameValue(as: value)
        case .lessThan(let value): return Self.order(subject, value).map { $0 < 0 } ?? false
        case .lessOrEqual(let value): return Self.order(subject, value).map { $0 <= 0 } ?? false
        case .greaterThan(let value): return Self.order(subject, value).map { $0 > 0 } ?? false
        case .greaterOrEqual(let value): return Self.order(subject, value).map { $0 >= 0 } ?? false
        case .contains(let value):
            switch (subject, value) {
            case (.string(let text), .string(let part)): return text.contains(part)
            case (.array(let items), _): return items.contains { $0.sameValue(as: value) }
            default: return false
            }
        case .startsWith(let prefix): return subject.stringValue?.hasPrefix(prefix) ?? false
        case .endsWith(let suffix): return subject.stringValue?.hasSuffix(suffix) ?? false
        case .matches(let pattern):
            guard let text = subject.stringValue, let regex = try? NSRegularExpression(pattern: pattern) else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .isIn(let values): return values.contains { subject.sameValue(as: $0) }
        case .count(let count): return Self.count(of: subject) == count
        case .isString: if case .string = subject { return true } else { return false }
        case .isNumber: if case .number = subject { return true } else { return false }
        case .isBool: if case .bool = subject { return true } else { return false }
        case .isNull: return subject == .null
        case .isArray: if case .array = subject { return true } else { return false }
        case .isObject: if case .object = subject { return true } else { return false }
        case .exists: return true
        }
    }

    /// Why `pattern` cannot be a `matches` regular expression; nil when it can.
    public static func problem(withPattern pattern: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern)
            return nil
        } catch {
            return "\(pattern.debugDescription) is not a regular expression"
        }
    }

    /// Numbers by value, strings by their Unicode scalars; nil for anything else.
    static func order(_ left: JSONNode, _ right: JSONNode) -> Int? {
        switch (left, right) {
        case (.number(let a), .number(let b)): return JSONNode.numberOrder(a, b)
        case (.string(let a), .string(let b)):
            if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        default: return nil
        }
    }

    static func count(of value: JSONNode) -> Int? {
        switch value {
        case .array(let items): items.count
        case .object(let members): members.count
        case .string(let text): text.count
        default: nil
        }
    }
}

extension JSONNode {
    /// A string's text; nil for every other kind.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// What a path's nodes are as one subject: nothing, the one node itself, or several as a list.
    public static func subject(of nodes: [JSONNode]) -> JSONNode? {
        switch nodes.count {
        case 0: nil
        case 1: nodes[0]
        default: .array(nodes)
        }
    }
}
