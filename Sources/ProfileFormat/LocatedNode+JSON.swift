import LocatedYAML
import RequestModel

extension LocatedNode {
    /// The node as JSON (a body written in YAML): quoted scalars are strings; plain ones as
    /// `JSONNode.yamlScalar` reads them.
    public func json() throws(FileProblem) -> JSONNode {
        try tree(maxDepth: JSONNode.maxDepth) { (tree: Tree<JSONNode>) in
            switch tree {
            case .mapping(let members): return .object(members.map { JSONNode.Member($0.key, $0.value) })
            case .sequence(let items): return .array(items)
            case .scalar(let text, let plain): return JSONNode.yamlScalar(text, plain: plain)
            }
        }
    }
}

extension JSONNode {
    /// A YAML scalar as JSON, the one rule for every YAML file explorer reads (profiles, saved
    /// requests, API descriptions): a quoted scalar is a string; a plain one is true, false or
    /// null as YAML 1.2's core schema spells them, a number as written when it reads as one, or
    /// else a string.
    public static func yamlScalar(_ text: String, plain: Bool) -> JSONNode {
        guard plain else { return .string(text) }
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case "null", "Null", "NULL", "~", "": return .null
        default:
            // Only text that starts as a number is parsed: most plain scalars are words.
            if let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
               case .number(let number)? = JSONNode.parse(text) {
                return .number(number)
            }
            return .string(text)
        }
    }
}
