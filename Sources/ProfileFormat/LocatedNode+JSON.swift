import LocatedYAML
import RequestModel

extension LocatedNode {
    /// The node as JSON (a body written in YAML): quoted scalars are strings; plain ones true,
    /// false, null, a number as written, or (written by hand) a string.
    public func json() throws(FileProblem) -> JSONNode {
        try tree(maxDepth: JSONNode.maxDepth) { (tree: Tree<JSONNode>) in
            switch tree {
            case .mapping(let members): return .object(members.map { JSONNode.Member($0.key, $0.value) })
            case .sequence(let items): return .array(items)
            case .scalar(let text, plain: false): return .string(text)
            case .scalar(let text, plain: true):
                switch text {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "~", "": return .null
                default:
                    if case .number(let number)? = JSONNode.parse(text) { return .number(number) }
                    return .string(text)
                }
            }
        }
    }
}
