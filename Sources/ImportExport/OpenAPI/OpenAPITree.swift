import Foundation
import RequestModel

/// Small reads of a description's plain tree, kept in one namespace (other importers share the
/// module and may want their own).
enum OpenAPITree {
    static func members(_ node: JSONNode?) -> [JSONNode.Member] {
        if case .object(let members)? = node { return members }
        return []
    }

    static func items(_ node: JSONNode?) -> [JSONNode] {
        if case .array(let items)? = node { return items }
        return []
    }

    static func string(_ node: JSONNode?) -> String? {
        switch node {
        case .string(let text)?: text
        case .number(let text)?: text
        case .bool(let value)?: String(value)
        default: nil
        }
    }

    /// A value as a form field, a header or an enum choice writes it: text as it is, anything
    /// else as JSON.
    static func fieldText(_ node: JSONNode) -> String {
        if case .string(let text) = node { return text }
        return node.compactText
    }

    /// The node a JSON pointer's tokens (already unescaped) lead to.
    static func node(_ root: JSONNode, at pointer: some Sequence<String>) -> JSONNode? {
        var node = root
        for token in pointer {
            switch node {
            case .object: guard let next = node[token] else { return nil }; node = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                node = items[index]
            default: return nil
            }
        }
        return node
    }

    /// `#/components/schemas/Pet` → `["components", "schemas", "Pet"]`: the fragment's tokens,
    /// percent-decoded and with `~1` and `~0` unescaped.
    static func pointer(_ fragment: Substring) -> [String] {
        let decoded = String(fragment).removingPercentEncoding ?? String(fragment)
        return decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// An object from members that may be absent, in order.
    static func object(_ members: [(String, JSONNode?)]) -> JSONNode {
        .object(members.compactMap { key, value in value.map { JSONNode.Member(key, $0) } })
    }
}
