import Foundation
import Yams
import RequestModel

/// A node of a session file with its place (file, line, key path), so every problem found while
/// reading names where it is.
struct SessionNode {
    let node: Node
    let path: String
    let file: String
    /// Shared by every node of one file: YAML aliases repeat a node without copying it, so a few
    /// lines can stand for billions of values; reading stops long before.
    let budget: JSONBudget

    var line: Int? { node.mark?.line }

    func problem(_ message: String) -> SessionProblem {
        SessionProblem(file: file, line: line, key: path.isEmpty ? nil : path, message: message)
    }

    func child(_ node: Node, key: String) -> SessionNode {
        SessionNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, budget: budget)
    }

    /// The entries of a mapping by key; a key outside `allowed` is reported, not ignored, and a
    /// key in `required` must be there.
    func mapping(allowed: [String], required: [String] = []) throws(SessionProblem) -> Entries {
        guard let mapping = node.mapping else { throw problem("expected a mapping of keys, found \(kind)") }
        var entries: [String: SessionNode] = [:]
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            let child = child(valueNode, key: key)
            guard allowed.contains(key) else {
                throw SessionNode(node: keyNode, path: child.path, file: file, budget: budget)
                    .problem("unknown key (known here: \(allowed.joined(separator: ", ")))")
            }
            entries[key] = child
        }
        for key in required where entries[key] == nil { throw problem("\(key) is missing") }
        return Entries(entries: entries)
    }

    struct Entries {
        let entries: [String: SessionNode]
        subscript(key: String) -> SessionNode? { entries[key] }
        /// A key `mapping(required:)` made sure of.
        func required(_ key: String) -> SessionNode { entries[key]! }
    }

    func string() throws(SessionProblem) -> String {
        guard let scalar = node.scalar else { throw problem("expected text, found \(kind)") }
        return scalar.string
    }

    func int(in range: ClosedRange<Int> = 0...Int.max) throws(SessionProblem) -> Int {
        guard node.scalar != nil, let value = node.int else { throw problem("expected a whole number, found \(describe)") }
        guard range.contains(value) else { throw problem("\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    func bool() throws(SessionProblem) -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw problem("expected true or false, found \(describe)") }
        return value
    }

    func double() throws(SessionProblem) -> Double {
        guard node.scalar != nil, let value = node.float ?? node.int.map(Double.init), value.isFinite, value >= 0 else {
            throw problem("expected a number, found \(describe)")
        }
        return value
    }

    func sequence() throws(SessionProblem) -> [SessionNode] {
        guard let sequence = node.sequence else { throw problem("expected a list, found \(kind)") }
        return sequence.enumerated().map { SessionNode(node: $1, path: "\(path)[\($0)]", file: file, budget: budget) }
    }

    func strings() throws(SessionProblem) -> [String] {
        try sequence().map { (item) throws(SessionProblem) in try item.string() }
    }

    /// `- "Name: value"` items.
    func headerLines() throws(SessionProblem) -> [Session.Field] {
        try sequence().map { (item) throws(SessionProblem) in
            let text = try item.string()
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw item.problem("expected \"Name: value\", found \(QuotedText.capped(text))")
            }
            var value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            return Session.Field(String(text[..<colon]), String(value))
        }
    }

    /// The node as JSON: quoted scalars are strings; plain ones true, false, null, a number, or
    /// (written by hand) a string.
    func json(depth: Int = 0) throws(SessionProblem) -> JSONNode {
        guard depth < JSONNode.maxDepth else { throw problem("JSON nested too deeply") }
        guard budget.take() else { throw problem("more than \(JSONBudget.limit) JSON values in one file (aliases?): refused") }
        switch node {
        case .mapping(let mapping):
            var members: [JSONNode.Member] = []
            for (key, value) in mapping {
                let name = key.string ?? ""
                members.append(JSONNode.Member(name, try child(value, key: name).json(depth: depth + 1)))
            }
            return .object(members)
        case .sequence(let sequence):
            var items: [JSONNode] = []
            for (index, value) in sequence.enumerated() {
                items.append(try SessionNode(node: value, path: "\(path)[\(index)]", file: file, budget: budget).json(depth: depth + 1))
            }
            return .array(items)
        case .scalar(let scalar):
            guard scalar.style == .plain else { return .string(scalar.string) }
            switch scalar.string {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "~", "": return .null
            default:
                if case .number(let text)? = JSONNode.parse(scalar.string) { return .number(text) }
                return .string(scalar.string)
            }
        case .alias:
            throw problem("aliases are not allowed here")
        }
    }

    private var kind: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: describe
        case .alias: "an alias"
        }
    }

    private var describe: String { node.scalar.map { QuotedText.capped($0.string) } ?? kind }
}

/// How many JSON values one file may hold in all (a full history of ordinary JSON holds about half a million).
final class JSONBudget {
    static let limit = 3_000_000
    private var remaining = JSONBudget.limit

    func take() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}
