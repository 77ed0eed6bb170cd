import ArgumentParser
import Foundation
import Profiles
import RequestModel

/// `explorer requests list [--profile NAME] [--json]` (SPEC §2): a profile's saved requests.
struct RequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List a profile's saved requests.",
        subcommands: [List.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The saved requests of a profile in saved order: name, method, URL (the demo's are its ready requests).")

        @Option(help: "The profile (default: demo).")
        var profile: String?

        @Flag(help: "One JSON array of {name, method, url, headers, body}.")
        var json = false

        func run() async throws {
            let requests = try SavedRequestsLoading.load(profile: profile ?? ProfileName.demo)
            if json {
                Console.out(JSONNode.array(requests.map(SavedRequestJSON.node)).compactText + "\n")
            } else {
                Console.out(Console.inert(requests.map { "\($0.name ?? "")\t\($0.method)\t\($0.url)\n" }.joined()))
            }
        }
    }
}

/// A profile's saved requests for the commands that read them; the demo's are its ready requests.
enum SavedRequestsLoading {
    static func load(profile name: String) throws(CLIError) -> [RequestSpec] {
        if ProfileName.isBuiltIn(name) { return DemoProfile.readyRequests(for: name) }
        if let problem = ProfileName.problem(with: name) { throw .usage("--profile: \(problem)") }
        let store = ProfileStore()
        guard store.exists(name) else {
            throw .usage("--profile: no profile named \(name.debugDescription) (no \(store.file(for: name).path))")
        }
        do throws(ProfileProblem) {
            return try store.loadRequests(for: name).requests
        } catch {
            throw .usage(error.description)
        }
    }
}

/// SPEC §2's `requests list --json` item: `{"name", "method", "url", "headers": [[n, v]], "body"}`.
enum SavedRequestJSON {
    static func node(_ request: RequestSpec) -> JSONNode {
        .object([
            .init("name", .string(request.name ?? "")),
            .init("method", .string(request.method.uppercased())),
            .init("url", .string(request.url)),
            .init("headers", pairs(request.headers.map { ($0.name, $0.value) })),
            .init("body", body(request.body)),
        ])
    }

    static func body(_ body: RequestSpec.Body) -> JSONNode {
        func kind(_ kind: String, _ value: JSONNode) -> JSONNode { .object([.init("kind", .string(kind)), .init("value", value)]) }
        switch body {
        case .none: return .null
        // The JSON itself when it parses; as text when it does not (`{{templates}}` in place of values).
        case .json(let text): return kind("json", JSONNode.parse(text) ?? .string(text))
        case .text(let text, _): return kind("raw", .string(text))
        case .binary(let data, _): return kind("raw", .string(String(decoding: data, as: UTF8.self)))
        case .form(let fields): return kind("form", pairs(fields.map { ($0.name, $0.value) }))
        // SPEC §2: `{"query", "variables", "operationName"}`, nulls for what it has not.
        case .graphql(let graphql):
            let variables = graphql.variables.map { JSONNode.parse($0) ?? .string($0) } ?? .null
            return kind("graphql", .object([.init("query", .string(graphql.query)), .init("variables", variables),
                                            .init("operationName", graphql.operationName.map(JSONNode.string) ?? .null)]))
        case .multipart(let parts):
            return kind("multipart", pairs(parts.map { part in
                switch part.content {
                case .text(let value): (part.name, value)
                case .file(let path): (part.name, "@" + path)
                }
            }))
        }
    }

    static func pairs(_ items: [(String, String)]) -> JSONNode {
        .array(items.map { .array([.string($0.0), .string($0.1)]) })
    }
}
