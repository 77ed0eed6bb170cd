import Yams

extension LocatedNode {
    /// One level of a node as plain data (JSON's data model), its children already built.
    public enum Tree<Value> {
        case mapping([(key: String, value: Value)])
        case sequence([Value])
        /// `plain` when written without quotes or a block style: `true`, `12` or `null` may mean more than text.
        case scalar(String, plain: Bool)
    }

    /// The node as plain data, built bottom-up by `build`. YAML aliases repeat a node without
    /// copying it, so a few lines can stand for billions of values: every value built counts
    /// against the document's limit, and the walk stops there, or at `maxDepth`.
    public func tree<Value>(maxDepth: Int, _ build: (Tree<Value>) -> Value) throws(FileProblem) -> Value {
        do {
            return try Self.tree(node, depth: maxDepth, budget: budget, build)
        } catch {
            switch error {
            case .tooDeep: throw problem("nested more than \(maxDepth) levels deep")
            case .tooMany: throw problem("more than \(budget.limit) JSON values in one file (YAML aliases that repeat too much?): refused")
            case .alias: throw problem("aliases are not allowed here")
            }
        }
    }

    private enum Stop: Error { case tooDeep, tooMany, alias }

    private static func tree<Value>(_ node: Node, depth: Int, budget: ValueBudget, _ build: (Tree<Value>) -> Value) throws(Stop) -> Value {
        guard depth > 0 else { throw .tooDeep }
        guard budget.take() else { throw .tooMany }
        switch node {
        case .mapping(let mapping):
            var members: [(key: String, value: Value)] = []
            for (key, value) in mapping { members.append((key.string ?? "", try tree(value, depth: depth - 1, budget: budget, build))) }
            return build(.mapping(members))
        case .sequence(let sequence):
            var items: [Value] = []
            for value in sequence { items.append(try tree(value, depth: depth - 1, budget: budget, build)) }
            return build(.sequence(items))
        case .scalar(let scalar):
            return build(.scalar(scalar.string, plain: scalar.style == .plain))
        case .alias:
            throw .alias
        }
    }
}

/// How many values one document may still build (see `LocatedNode.tree`).
final class ValueBudget {
    let limit: Int
    private var remaining: Int

    init(limit: Int) {
        self.limit = limit
        remaining = limit
    }

    func take() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}
