import Foundation
import GraphQLTools
import RequestModel

/// GraphQL at the size of a large API (issue 28): a generated schema of `types` object types,
/// ten fields each (scalars, a list and a link to the next type, arguments, a deprecated field).
/// - introspection to SDL: the introspection result (JSON text, as `graphql schema` receives it)
///   parsed, written as SDL and the SDL built into a schema — target ≤ 1 s;
/// - `graphql check` of a generated 1,000-line document (fragments, variables, aliases, nesting)
///   against that schema: parse and every validation rule — target ≤ 20 ms;
/// - completion at the end of that document (the text before the cursor read, the schema asked)
///   — target ≤ 16 ms a keystroke.
struct GraphQLBenchmark {
    let types: Int
    let runs: Int

    func run() {
        do {
            let introspection = Self.introspection(types: types).compactText
            var toSDL: [Double] = []
            var sdl = ""
            for _ in 0..<runs {
                let start = ContinuousClock.now
                guard let json = JSONNode.parse(introspection) else { throw BenchFailure("the generated introspection is not JSON") }
                sdl = try IntrospectionSDL.sdl(from: json)
                _ = try GraphQLSchemaFile(sdl: sdl)
                toSDL.append((ContinuousClock.now - start).milliseconds)
            }
            let schema = try GraphQLSchemaFile(sdl: sdl)
            let document = Self.document(lines: 1_000, types: types)
            var checks: [Double] = []
            var errors = 0
            for _ in 0..<max(runs, 10) {
                let start = ContinuousClock.now
                let outcome = GraphQLDocumentCheck.check(document, against: schema)
                checks.append((ContinuousClock.now - start).milliseconds)
                errors = outcome.errors.count
            }
            // Completion at the end of the document, where a new field of the last type is begun.
            let typed = document + "query More { t0 { items(first: 1) { next { la"
            var completions: [Double] = []
            var candidates: [String] = []
            for _ in 0..<max(runs, 10) {
                let start = ContinuousClock.now
                candidates = GraphQLCompletion.complete(typed, at: typed.count, schema: schema).candidates
                completions.append((ContinuousClock.now - start).milliseconds)
            }
            let lines = document.split(separator: "\n").count
            print("graphql_schema_types=\(types) introspection_bytes=\(introspection.utf8.count) sdl_lines=\(sdl.split(separator: "\n").count)")
            print("graphql_introspection_to_sdl_ms_p50=\(format(Sample(toSDL).median)) max=\(format(Sample(toSDL).percentile(100))) (target <= 1000)")
            print("graphql_check_\(lines)_lines_ms_p50=\(format(Sample(checks).median)) max=\(format(Sample(checks).percentile(100))) errors=\(errors) (target <= 20)")
            print("graphql_completion_after_\(lines)_lines_ms_p50=\(format(Sample(completions).median)) max=\(format(Sample(completions).percentile(100))) candidates=\(candidates) (target <= 16)")
            guard candidates == ["label"] else { throw BenchFailure("completion offered \(candidates), not [label]") }
            guard errors == 0 else { throw BenchFailure("the generated document should be valid, and has \(errors) errors") }
        } catch {
            FileHandle.standardError.write(Data("explorer-bench graphql: \(error)\n".utf8))
            exit(1)
        }
    }

    /// `{"data": {"__schema": …}}` for `types` object types `T0`…: each with an id, a name, a
    /// count, a deprecated code, tags, `next` (the next type) and `items(first:)` (a list of it).
    static func introspection(types: Int) -> JSONNode {
        func named(_ kind: String, _ name: String) -> JSONNode { ["kind": .string(kind), "name": .string(name), "ofType": .null] }
        func required(_ type: JSONNode) -> JSONNode { ["kind": "NON_NULL", "name": .null, "ofType": type] }
        func list(_ type: JSONNode) -> JSONNode { ["kind": "LIST", "name": .null, "ofType": type] }
        func field(_ name: String, _ type: JSONNode, args: [JSONNode] = [], deprecated: String? = nil) -> JSONNode {
            ["name": .string(name), "description": .string("The \(name)."), "args": .array(args), "type": type,
             "isDeprecated": .bool(deprecated != nil), "deprecationReason": deprecated.map(JSONNode.string) ?? .null]
        }
        let first: JSONNode = ["name": "first", "description": .null, "type": named("SCALAR", "Int"), "defaultValue": "10"]
        var all: [JSONNode] = ["String", "Int", "Boolean", "ID", "Float"].map { name in
            ["kind": "SCALAR", "name": .string(name), "description": .null, "fields": .null, "inputFields": .null,
             "interfaces": .null, "enumValues": .null, "possibleTypes": .null]
        }
        for index in 0..<types {
            let next = named("OBJECT", "T\((index + 1) % types)")
            let fields: [JSONNode] = [
                field("id", required(named("SCALAR", "ID"))), field("name", required(named("SCALAR", "String"))),
                field("count", named("SCALAR", "Int")), field("score", named("SCALAR", "Float")), field("active", named("SCALAR", "Boolean")),
                field("code", named("SCALAR", "String"), deprecated: "use id"), field("tags", list(required(named("SCALAR", "String")))),
                field("next", next), field("items", required(list(required(next))), args: [first]), field("label", named("SCALAR", "String")),
            ]
            all.append(["kind": "OBJECT", "name": .string("T\(index)"), "description": .string("Generated type \(index)."),
                        "fields": .array(fields), "inputFields": .null, "interfaces": .array([]), "enumValues": .null, "possibleTypes": .null])
        }
        let roots: [JSONNode] = (0..<min(types, 50)).map { field("t\($0)", named("OBJECT", "T\($0)"), args: [first]) }
        all.append(["kind": "OBJECT", "name": "Query", "description": .null, "fields": .array(roots), "inputFields": .null,
                    "interfaces": .array([]), "enumValues": .null, "possibleTypes": .null])
        let schema: JSONNode = ["queryType": ["name": "Query"], "mutationType": .null, "subscriptionType": .null,
                                "types": .array(all), "directives": .array([])]
        return ["data": ["__schema": schema]]
    }

    /// A valid document of about `lines` lines: an operation per root field, each with variables,
    /// aliases and nested selections through fragments.
    static func document(lines: Int, types: Int) -> String {
        var text: [String] = []
        var operation = 0
        while text.count < lines {
            let type = operation % min(types, 50)
            text += [
                "query Q\(operation)($first: Int = 5) {",
                "  root: t\(type)(first: $first) {",
                "    ...F\(operation)",
                "    again: next { id name ...G\(operation) }",
                "    items(first: $first) {",
                "      id",
                "      label",
                "      next { next { id tags } }",
                "    }",
                "  }",
                "}",
                "fragment F\(operation) on T\(type) {",
                "  id",
                "  name",
                "  count",
                "  score",
                "  active",
                "  tags",
                "}",
                "fragment G\(operation) on T\((type + 1) % types) {",
                "  label",
                "  items(first: 2) { id }",
                "}",
            ]
            operation += 1
        }
        return text.joined(separator: "\n") + "\n"
    }
}
