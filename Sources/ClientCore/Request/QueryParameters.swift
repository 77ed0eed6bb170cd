import Foundation

/// A query parameter's value before encoding: what `query([String: Any])` accepts,
/// converted at once so a request stays `Sendable`.
public indirect enum QueryValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case array([QueryValue])
    /// Keys in the order given (`k[a]=1&k[b]=2`).
    case object([QueryEntry])
    /// A name without a value (`?flag`).
    case none

    /// Converts what callers pass as `Any`; dictionaries are ordered by key so output is stable.
    public init(any value: Any?) {
        switch value {
        case nil, is NSNull: self = .none
        case let value as QueryValue: self = value
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .int(value)
        case let value as Double: self = .double(value)
        case let value as Float: self = .double(Double(value))
        case let value as Date: self = .date(value)
        case let value as [Any?]: self = .array(value.map(QueryValue.init(any:)))
        case let value as [(String, Any?)]: self = .object(value.map { QueryEntry($0.0, QueryValue(any: $0.1)) })
        case let value as [String: Any?]:
            self = .object(value.keys.sorted().map { QueryEntry($0, QueryValue(any: value[$0] ?? nil)) })
        case let value?: self = .string(String(describing: value))
        }
    }
}

/// One `name → value` of a query, in order.
public struct QueryEntry: Sendable, Hashable {
    public var name: String
    public var value: QueryValue

    public init(_ name: String, _ value: QueryValue) {
        self.name = name
        self.value = value
    }
}

/// How arrays and booleans become text (the IndomioHTTP `queryEncodingStyle`).
public struct QueryEncodingStyle: Sendable, Hashable {
    public enum ArrayStyle: Sendable, Hashable {
        /// `k[]=1&k[]=2`
        case brackets
        /// `k=1&k=2`
        case noBrackets
    }

    public enum BoolStyle: Sendable, Hashable {
        /// `1` / `0`
        case asNumbers
        /// `true` / `false`
        case asLiterals
    }

    public var array: ArrayStyle
    public var bool: BoolStyle
    /// Dates as ISO 8601 by default.
    public var date: @Sendable (Date) -> String

    public init(array: ArrayStyle = .brackets, bool: BoolStyle = .asNumbers,
                date: @escaping @Sendable (Date) -> String = { $0.formatted(.iso8601) }) {
        self.array = array
        self.bool = bool
        self.date = date
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.array == rhs.array && lhs.bool == rhs.bool }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(array)
        hasher.combine(bool)
    }

    /// Flattens entries into `name=value` items: nested objects as `k[sub]`, arrays per `array`.
    public func items(_ entries: [QueryEntry]) -> [QueryItem] {
        var items: [QueryItem] = []
        for entry in entries { flatten(entry.value, name: entry.name, into: &items) }
        return items
    }

    private func flatten(_ value: QueryValue, name: String, into items: inout [QueryItem]) {
        switch value {
        case .none: items.append(QueryItem(name, nil))
        case .string(let text): items.append(QueryItem(name, text))
        case .int(let number): items.append(QueryItem(name, String(number)))
        case .double(let number):
            let integral = number == number.rounded() && abs(number) < 1e15
            items.append(QueryItem(name, integral ? String(Int(number)) : String(number)))
        case .bool(let flag):
            items.append(QueryItem(name, bool == .asNumbers ? (flag ? "1" : "0") : (flag ? "true" : "false")))
        case .date(let moment): items.append(QueryItem(name, date(moment)))
        case .array(let values):
            let key = array == .brackets ? name + "[]" : name
            for element in values { flatten(element, name: key, into: &items) }
        case .object(let entries):
            for entry in entries { flatten(entry.value, name: "\(name)[\(entry.name)]", into: &items) }
        }
    }
}
