import Foundation
import OpenAPIKit
import RequestModel

/// A value OpenAPIKit decoded without a type (`example`, `default`, `enum` items) as JSON. Its
/// objects come as dictionaries, so their members are sorted by key: the same on every run.
enum OpenAPIAnyValue {
    static func json(_ value: AnyCodable) -> JSONNode { json(any: value.value) }

    private static func json(any value: Any) -> JSONNode {
        switch value {
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .integer(int)
        case let uint as UInt: return .number(String(uint))
        case let double as Double: return double.isFinite ? .number(double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)) : .null
        case let string as String: return .string(string)
        case let items as [Any]: return .array(items.map { json(any: $0) })
        case let object as [String: Any]: return .object(object.keys.sorted().map { JSONNode.Member($0, json(any: object[$0]!)) })
        case let codable as AnyCodable: return json(codable)
        default: return .null
        }
    }

    /// The value as a form field or a header writes it: text as it is, anything else as JSON.
    static func text(_ node: JSONNode) -> String {
        if case .string(let text) = node { return text }
        return node.compactText
    }
}
