import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Yams

/// An API description's text read once, as its tree of plain JSON: members in file order (the
/// order every list of the import follows), examples as written, and what OpenAPIKit decodes.
struct OpenAPIText {
    /// The most values one file may build: YAML aliases can make a few lines stand for billions.
    static let valueLimit = 4_000_000

    /// A file without aliases has fewer values than bytes; a few aliases repeating small parts
    /// stay under that too, and a file of a few lines that repeats itself a million times is
    /// refused at once, not after building it.
    static func valueLimit(bytes: Int) -> Int { min(valueLimit, max(100_000, bytes)) }

    let file: URL
    let text: String
    let tree: JSONNode
    /// Written as YAML, whose plain scalars the tree reads as numbers where they look like one.
    let isYAML: Bool

    /// JSON when the text starts with `{` (past whitespace and a BOM), else YAML. A file that is
    /// neither is refused at the line and column where it stops being one.
    init(_ data: Data, file: URL) throws(FileProblem) {
        self.file = file
        text = String(decoding: data, as: UTF8.self)
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        if start == "{" {
            do {
                tree = try JSONNode.parsing(data)
            } catch {
                throw FileProblem(file: file.path, line: error.line, column: error.column, key: nil, message: "not valid JSON: \(error.message)")
            }
            isYAML = false
        } else {
            let node: Yams.Node?
            do {
                node = try Yams.compose(yaml: text, Self.resolver)
            } catch {
                // Read again by the reader that knows where YAML goes wrong, for the line and column.
                _ = try LocatedNode.document(text, file: file.path, valueLimit: Self.valueLimit)
                throw FileProblem(file: file.path, line: nil, key: nil, message: "not valid YAML: \(error)")
            }
            guard let node else { throw FileProblem(file: file.path, line: nil, key: nil, message: "the file is empty") }
            let limit = Self.valueLimit(bytes: data.count)
            var budget = limit
            guard let tree = Self.json(node, depth: JSONNode.maxDepth, budget: &budget) else {
                throw FileProblem(file: file.path, line: nil, key: nil, message:
                    "more than \(limit) values or nested deeper than \(JSONNode.maxDepth) levels (YAML aliases that repeat too much?): refused")
            }
            self.tree = tree
            isYAML = true
        }
    }

    /// No tags resolved by pattern: the tree reads plain scalars itself (and it is faster).
    static let resolver = Resolver.basic

    /// The YAML node as JSON, its scalars read as `LocatedNode.json` reads them
    /// (`JSONNode.yamlScalar`). Nil past the budget or the depth.
    private static func json(_ node: Yams.Node, depth: Int, budget: inout Int) -> JSONNode? {
        budget -= 1
        guard depth > 0, budget >= 0 else { return nil }
        switch node {
        case .mapping(let mapping):
            var members: [JSONNode.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard let value = json(value, depth: depth - 1, budget: &budget) else { return nil }
                members.append(JSONNode.Member(key.string ?? "", value))
            }
            return .object(members)
        case .sequence(let sequence):
            var items: [JSONNode] = []
            items.reserveCapacity(sequence.count)
            for value in sequence {
                guard let item = json(value, depth: depth - 1, budget: &budget) else { return nil }
                items.append(item)
            }
            return .array(items)
        case .scalar(let scalar):
            return JSONNode.yamlScalar(scalar.string, plain: scalar.style == .plain)
        case .alias:
            return nil
        }
    }
}
