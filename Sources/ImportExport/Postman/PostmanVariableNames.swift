import LocatedYAML
import RequestModel

/// Postman lets a variable be called anything (`base url`, `api.key`, `1st`); explorer's `{{name}}`
/// cannot (`VariableName`). Before the collection is read, each variable it defines under such a
/// name gets a valid one, in its definition and in every `{{…}}` of the collection that uses it,
/// and the report says so: one odd name never sinks an import. `{{…}}` naming no variable the
/// collection defines (mustache in a body, `{{$guid}}`) is left as written.
enum PostmanVariableNames {
    static func renamed(_ root: JSONNode) -> (JSONNode, [ImportedAPI.Skipped]) {
        var defined: [String] = []
        collectDefinitions(root, into: &defined)
        var taken = Set(defined.filter(VariableName.isValid))
        var renames: [String: String] = [:]
        var notes: [ImportedAPI.Skipped] = []
        for name in defined where !VariableName.isValid(name) && renames[name] == nil {
            let valid = VariableName.valid(from: name, avoiding: taken)
            taken.insert(valid)
            renames[name] = valid
            notes.append(.init("variable \(QuotedValue.quoted(name))", "imported as {{\(valid)}} (a variable name is \(VariableName.rule))"))
        }
        guard !renames.isEmpty else { return (root, []) }
        return (rewritten(root, renames), notes)
    }

    /// The `key` (old collections: `id`) of every entry of a `variable` list, at any depth.
    private static func collectDefinitions(_ node: JSONNode, into names: inout [String]) {
        switch node {
        case .object(let members):
            for member in members {
                if member.key == "variable" || member.key == "variables" {
                    for entry in PostmanJSON.array(member.value) {
                        if let name = PostmanJSON.text(entry["key"] ?? entry["id"]), !names.contains(name) { names.append(name) }
                    }
                }
                collectDefinitions(member.value, into: &names)
            }
        case .array(let items):
            for item in items { collectDefinitions(item, into: &names) }
        default:
            break
        }
    }

    private static func rewritten(_ node: JSONNode, _ renames: [String: String], inVariableList: Bool = false) -> JSONNode {
        switch node {
        case .string(let text):
            return .string(text.contains("{{") ? placeholdersRenamed(text, renames) : text)
        case .array(let items):
            return .array(items.map { rewritten($0, renames, inVariableList: inVariableList) })
        case .object(let members):
            return .object(members.map { member in
                var member = member
                if inVariableList, member.key == "key" || member.key == "id", case .string(let name) = member.value, let valid = renames[name] {
                    member.value = .string(valid)
                } else {
                    member.value = rewritten(member.value, renames, inVariableList: member.key == "variable" || member.key == "variables")
                }
                return member
            })
        default:
            return node
        }
    }

    private static func placeholdersRenamed(_ text: String, _ renames: [String: String]) -> String {
        text.replacing(/\{\{\s*([^{}]+?)\s*\}\}/) { match in
            renames[String(match.1)].map { "{{\($0)}}" } ?? String(match.0)
        }
    }
}
