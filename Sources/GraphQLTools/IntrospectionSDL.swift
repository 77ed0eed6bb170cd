import RequestModel

/// An introspection result (`{"data": {"__schema": …}}` or `{"__schema": …}`) written as SDL, the
/// form `graphql schema` saves and a profile's schema file takes (SPEC §13): every type but the
/// built-in scalars and the introspection types, the directives the specification does not
/// define, descriptions and deprecations kept.
public enum IntrospectionSDL {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    static let specifiedDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    public static func sdl(from result: JSONNode) throws(Problem) -> String {
        guard let schema = result["data"]?["__schema"] ?? result["__schema"], case .object = schema else {
            throw Problem(description: "not an introspection result: no __schema (at the top or under data)")
        }
        var blocks: [String] = []
        let roots = [("query", "Query"), ("mutation", "Mutation"), ("subscription", "Subscription")].compactMap { root, usual -> (String, String, String)? in
            text(schema["\(root)Type"]?["name"]).map { (root, $0, usual) }
        }
        if roots.contains(where: { $0.1 != $0.2 }) {
            blocks.append("schema {\n" + roots.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n}")
        }
        for directive in items(schema["directives"]) {
            guard let name = text(directive["name"]), !specifiedDirectives.contains(name) else { continue }
            let locations = items(directive["locations"]).compactMap(text).joined(separator: " | ")
            let repeatable = directive["isRepeatable"] == .bool(true) ? " repeatable" : ""
            blocks.append(described(directive) + "directive @\(name)\(arguments(directive["args"], indent: ""))\(repeatable) on \(locations)")
        }
        for type in items(schema["types"]) {
            guard let name = text(type["name"]), !name.hasPrefix("__"), !builtInScalars.contains(name) else { continue }
            blocks.append(try definition(type, name: name))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func definition(_ type: JSONNode, name: String) throws(Problem) -> String {
        let head = described(type)
        switch text(type["kind"]) {
        case "SCALAR": return head + "scalar \(name)"
        case "OBJECT", "INTERFACE":
            let keyword = text(type["kind"]) == "OBJECT" ? "type" : "interface"
            let interfaces = items(type["interfaces"]).compactMap { text($0["name"]) }
            let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
            let fields = items(type["fields"]).map { field in
                described(field, indent: "  ") + "  \(text(field["name"]) ?? "")\(arguments(field["args"], indent: "  ")): \(reference(field["type"]))"
                    + deprecation(field)
            }
            return head + "\(keyword) \(name)\(implements)" + body(fields)
        case "UNION":
            return head + "union \(name) = " + items(type["possibleTypes"]).compactMap { text($0["name"]) }.joined(separator: " | ")
        case "ENUM":
            let values = items(type["enumValues"]).map { described($0, indent: "  ") + "  \(text($0["name"]) ?? "")" + deprecation($0) }
            return head + "enum \(name)" + body(values)
        case "INPUT_OBJECT":
            return head + "input \(name)" + body(items(type["inputFields"]).map { described($0, indent: "  ") + "  " + inputValue($0) })
        case let kind:
            throw Problem(description: "type \(name) has kind \(kind ?? "none"), which is not a kind of named type")
        }
    }

    private static func body(_ lines: [String]) -> String { lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}" }

    /// `(a: Int = 1, b: String)`, or one per line when one has a description.
    private static func arguments(_ node: JSONNode?, indent: String) -> String {
        let values = items(node)
        guard !values.isEmpty else { return "" }
        if values.allSatisfy({ text($0["description"]) == nil }) { return "(" + values.map(inputValue).joined(separator: ", ") + ")" }
        return "(\n" + values.map { described($0, indent: indent + "  ") + indent + "  " + inputValue($0) }.joined(separator: "\n") + "\n\(indent))"
    }

    private static func inputValue(_ value: JSONNode) -> String {
        "\(text(value["name"]) ?? ""): \(reference(value["type"]))" + (text(value["defaultValue"]).map { " = " + $0 } ?? "") + deprecation(value)
    }

    /// `[User!]!` from nested `{kind, name, ofType}`.
    private static func reference(_ type: JSONNode?) -> String {
        switch text(type?["kind"]) {
        case "NON_NULL": reference(type?["ofType"]) + "!"
        case "LIST": "[" + reference(type?["ofType"]) + "]"
        default: text(type?["name"]) ?? "Unknown"
        }
    }

    private static func deprecation(_ node: JSONNode) -> String {
        guard node["isDeprecated"] == .bool(true) else { return "" }
        let reason = text(node["deprecationReason"])
        guard let reason, reason != "No longer supported" else { return " @deprecated" }
        return " @deprecated(reason: \(JSONNode.string(reason).compactText))"
    }

    /// The description above a definition: a block string, `"""` in it escaped.
    private static func described(_ node: JSONNode, indent: String = "") -> String {
        guard let description = text(node["description"]), !description.isEmpty else { return "" }
        let escaped = description.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
        return indent + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\"\n"
    }

    private static func text(_ node: JSONNode?) -> String? {
        if case .string(let value)? = node { value } else { nil }
    }

    private static func items(_ node: JSONNode?) -> [JSONNode] {
        if case .array(let values)? = node { values } else { [] }
    }
}
