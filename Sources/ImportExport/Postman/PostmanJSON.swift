import Foundation
import LocatedYAML
import RequestModel

/// Small readers over `JSONNode` for the collection formats (Postman, Insomnia): a member's text,
/// list or flag, whatever JSON kind the exporting client chose for it.
enum PostmanJSON {
    /// A string as it is; a number or a boolean as its JSON text; nil for null, arrays and objects.
    static func text(_ node: JSONNode?) -> String? {
        switch node {
        case .string(let text): text
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }

    /// Any value as a variable's text: scalars as `text`, arrays and objects as compact JSON.
    static func valueText(_ node: JSONNode?) -> String {
        guard let node else { return "" }
        if case .null = node { return "" }
        return text(node) ?? node.compactText
    }

    static func array(_ node: JSONNode?) -> [JSONNode] {
        if case .array(let items) = node { return items }
        return []
    }

    static func isTrue(_ node: JSONNode?) -> Bool {
        if case .bool(true) = node { return true }
        return false
    }

    /// A Postman description: a string, or an object whose `content` is one; nil when empty.
    static func description(_ node: JSONNode?) -> String? {
        let text = text(node) ?? text(node?["content"])
        return text?.isEmpty == false ? text : nil
    }

    /// The file's JSON, or why it is not JSON with the line and column.
    static func parse(_ data: Data, file: URL) throws(FileProblem) -> JSONNode {
        do {
            return try JSONNode.parsing(data)
        } catch {
            throw FileProblem(file: file.path, line: error.line, column: error.column, key: nil, message: error.message)
        }
    }
}
