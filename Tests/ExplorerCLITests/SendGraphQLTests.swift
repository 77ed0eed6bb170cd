import DemoAPI
import Foundation
import RequestModel
import Testing
import TestSupport

/// `send --graphql` (SPEC §13) against the demo's `/graphql`: GraphQL over HTTP's request shape,
/// variables and operation, a result, partial data (errors listed, exit 0) and `data: null`
/// (the `graphql` validator fails the exchange, exit 1).
@Suite struct SendGraphQLTests {
    @Test func aQueryGoesOutAsGraphQLOverHTTP() async throws {
        try await withDemo { server, directory, _ in
            // The demo's echo shows what was sent.
            let echoed = try await ExplorerProcess.run(["send", "--graphql", "query U($id: ID!) { user(id: $id) { name } }",
                                                        "--variables", #"{"id": "2"}"#, "--operation", "U", server.baseURL + "echo"], in: directory)
            #expect(echoed.status == 0, "\(echoed.stderrText)")
            let request = try #require(JSONNode.parse(echoed.stdoutText))
            #expect(request["method"] == .string("POST"))
            #expect(request["headers"]?["Accept"] == .array([.string("application/graphql-response+json, application/json")]))
            #expect(request["headers"]?["Content-Type"] == .array([.string("application/json")]))
            guard case .string(let body)? = request["body"] else { Issue.record("no body echoed"); return }
            #expect(JSONNode.parse(body) == JSONNode.parse(#"{"query": "query U($id: ID!) { user(id: $id) { name } }", "variables": {"id": "2"}, "operationName": "U"}"#))

            let query = directory.path("user.graphql")
            try "query U($id: ID!) { user(id: $id) { name role } }".write(toFile: query, atomically: true, encoding: .utf8)
            let answered = try await ExplorerProcess.run(["send", "--graphql", "@" + query, "--variables", #"{"id": "2"}"#, server.baseURL + "graphql"],
                                                         in: directory)
            #expect(answered.status == 0, "\(answered.stderrText)")
            #expect(JSONNode.parse(answered.stdoutText) == JSONNode.parse(#"{"data": {"user": {"name": "Bob", "role": "MEMBER"}}}"#), "\(answered.stdoutText)")
            #expect(!answered.stderrText.contains("graphql error"))
        }
    }

    @Test func partialDataSucceedsWithItsErrorsListed() async throws {
        try await withDemo { server, directory, _ in
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(["send", "--graphql", "{\n  users(first: 1) { name }\n  flaky { name }\n}", "--events", events,
                                                         server.baseURL + "graphql"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText.contains(#""users":[{"name":"Ann"}]"#), "\(outcome.stdoutText)")
            #expect(outcome.stderrText.contains("graphql error: the flaky resolver failed, as it always does (line 3, column 3) at flaky"),
                    "\(outcome.stderrText)")
            let decided = try EventLines(path: events).named("validator.decided").last
            #expect(decided?["validator"] as? String == "graphql" && decided?["decision"] as? String == "next", "\(String(describing: decided))")
            #expect((decided?["reason"] as? String)?.contains("partial data with 1 error") == true)
        }
    }

    @Test func errorsWithoutDataFailTheExchange() async throws {
        try await withDemo { server, directory, _ in
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(["send", "--graphql", "{ broken }", "--events", events, server.baseURL + "graphql"], in: directory)
            #expect(outcome.status == 1, "\(outcome.stderrText)")
            #expect(outcome.stderrText.contains("the broken resolver failed"), "\(outcome.stderrText)")
            let decided = try EventLines(path: events).named("validator.decided").last
            #expect(decided?["validator"] as? String == "graphql" && decided?["decision"] as? String == "fail")
            #expect(decided?["reason"] as? String == "the broken resolver failed")
            // A document the server cannot run: errors and no data, whatever the status.
            let invalid = try await ExplorerProcess.run(["send", "--graphql", "{ nope }", server.baseURL + "graphql"], in: directory)
            #expect(invalid.status == 1)
            #expect(invalid.stderrText.contains("nope"), "\(invalid.stderrText)")
        }
    }

    /// The demo's schema as SDL, for a profile that names it.
    static let demoSchema = """
        enum Role { ADMIN MEMBER }
        type User { id: ID!, name: String!, email: String @deprecated(reason: "use contact"), contact: String, role: Role! }
        type Query { hello(name: String = "world"): String!, user(id: ID!): User, users(first: Int = 10): [User!]!, flaky: User, broken: String! }
        type Mutation { rename(id: ID!, name: String!): User! }
        """

    @Test func aQueryIsCheckedBeforeItIsSent() async throws {
        try await withDemo { server, directory, _ in
            let home = directory.path("home")
            try FileManager.default.createDirectory(atPath: home + "/profiles", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: home + "/schemas", withIntermediateDirectories: true)
            try "baseURL: \(server.baseURL)\ngraphql: { schema: schemas/demo-api.graphql }\n"
                .write(toFile: home + "/profiles/api.yaml", atomically: true, encoding: .utf8)
            try Self.demoSchema.write(toFile: home + "/schemas/demo-api.graphql", atomically: true, encoding: .utf8)
            func send(_ arguments: [String]) async throws -> ExplorerProcess.Outcome {
                try await ExplorerProcess.run(["send", "--profile", "api", "--events", directory.path("events.jsonl")] + arguments + ["graphql"],
                                              in: directory, environment: ["EXPLORER_HOME": home])
            }
            let invalid = try await send(["--graphql", "{\n  nope\n}"])
            #expect(invalid.status == 2)
            #expect(invalid.stderrText.contains("2:3: Cannot query field \"nope\" on type \"Query\"."), "\(invalid.stderrText)")
            #expect(try EventLines(path: directory.path("events.jsonl")).names.isEmpty, "nothing was sent")
            let anyway = try await send(["--graphql", "{ nope }", "--no-validate"])
            #expect(anyway.status == 1, "sent, and refused by the server: \(anyway.stderrText)")
            let deprecated = try await send(["--graphql", #"{ user(id: "1") { email } }"#])
            #expect(deprecated.status == 0, "\(deprecated.stderrText)")
            #expect(deprecated.stderrText.contains("graphql: 1:19: warning: The field User.email is deprecated. use contact"), "\(deprecated.stderrText)")
            let several = try await send(["--graphql", "query A { hello } query B { users { name } }"])
            #expect(several.status == 2 && several.stderrText.contains("the document has 2 operations (A, B): name the one to run (--operation NAME)"),
                    "\(several.stderrText)")
            let chosen = try await send(["--graphql", "query A { hello } query B { users(first: 1) { name } }", "--operation", "B"])
            #expect(chosen.status == 0 && chosen.stdoutText.contains("Ann"), "\(chosen.stderrText)")
            let subscription = try await send(["--graphql", "subscription Ticks { hello }", "--no-validate"])
            #expect(subscription.status == 1, "--no-validate sends even a subscription, which the server refuses")
            let refused = try await send(["--graphql", "subscription Ticks { hello }"])
            #expect(refused.status == 2 && refused.stderrText.contains("Ticks is a subscription"), "\(refused.stderrText)")
        }
    }

    /// `graphql schema` introspects the demo's /graphql and saves SDL where send then finds it.
    @Test func theIntrospectedSchemaIsSavedAndUsedBeforeSending() async throws {
        try await withDemo { server, directory, _ in
            let home = directory.path("home")
            try FileManager.default.createDirectory(atPath: home + "/profiles", withIntermediateDirectories: true)
            try "baseURL: \(server.baseURL)\n".write(toFile: home + "/profiles/api.yaml", atomically: true, encoding: .utf8)
            let environment = ["EXPLORER_HOME": home]
            let fetched = try await ExplorerProcess.run(["graphql", "schema", "--profile", "api"], in: directory, environment: environment)
            #expect(fetched.status == 0, "\(fetched.stderrText)")
            let sdl = try String(contentsOfFile: home + "/schemas/api.graphql", encoding: .utf8)
            #expect(sdl.contains("type Query {") && sdl.contains(#"email: String @deprecated(reason: "use contact")"#), "\(sdl)")
            #expect(sdl.contains("hello(name: String = \"world\"): String!"), "\(sdl)")
            let refused = try await ExplorerProcess.run(["send", "--profile", "api", "--graphql", "{ nope }", "graphql"], in: directory, environment: environment)
            #expect(refused.status == 2 && refused.stderrText.contains("1:3: Cannot query field \"nope\" on type \"Query\"."), "\(refused.stderrText)")
            let checked = try await ExplorerProcess.run(["graphql", "check", "--schema", home + "/schemas/api.graphql", home + "/schemas/api.graphql"],
                                                        in: directory, environment: environment)
            #expect(checked.status == 1, "SDL is not a query document: each definition is an error (\(checked.stdoutText))")
            let printed = try await ExplorerProcess.run(["graphql", "schema", server.baseURL + "graphql"], in: directory, environment: environment)
            #expect(printed.status == 0 && printed.stdoutText == sdl, "without a profile the SDL goes to stdout")
        }
    }

    /// The built-in demo profile checks against the demo API's own schema, with no file to fetch.
    @Test func theDemoProfileKnowsItsSchema() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let environment = ["EXPLORER_HOME": directory.path("home")]
        let refused = try await ExplorerProcess.run(["send", "--profile", "demo", "--graphql", "{ nope }", "graphql"], in: directory, environment: environment)
        #expect(refused.status == 2 && refused.stderrText.contains(#"1:3: Cannot query field "nope" on type "Query"."#), "\(refused.stderrText)")
        let answered = try await ExplorerProcess.run(["send", "--profile", "demo", "--graphql", "{ hello }", "graphql"], in: directory, environment: environment)
        #expect(answered.status == 0 && answered.stdoutText == #"{"data":{"hello":"Hello, world!"}}"#, "\(answered.stderrText)")
    }

    @Test func aSchemaFileThatDoesNotParseIsNamedWithItsPlace() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home + "/profiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/schemas", withIntermediateDirectories: true)
        try "baseURL: http://127.0.0.1:9/\n".write(toFile: home + "/profiles/api.yaml", atomically: true, encoding: .utf8)
        try "type Query {\n  a: String\n".write(toFile: home + "/schemas/api.graphql", atomically: true, encoding: .utf8)
        let outcome = try await ExplorerProcess.run(["send", "--profile", "api", "--graphql", "{ a }", "graphql"], in: directory,
                                                    environment: ["EXPLORER_HOME": home])
        #expect(outcome.status == 2)
        #expect(outcome.stderrText.contains("schemas/api.graphql:3:1: Syntax Error: "), "\(outcome.stderrText)")
        let check = try await ExplorerProcess.run(["graphql", "check", home + "/schemas/api.graphql", "--schema", home + "/schemas/api.graphql"], in: directory)
        #expect(check.status == 2 && check.stderrText.contains("api.graphql:3:1: Syntax Error"), "\(check.stderrText)")
    }

    @Test func theGraphQLFlagsAreChecked() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let stray = try await ExplorerProcess.run(["send", "--variables", "{}", "http://127.0.0.1:9/graphql"], in: directory)
        #expect(stray.status == 2 && stray.stderrText.contains("--variables goes with --graphql"), "\(stray.stderrText)")
        let notObject = try await ExplorerProcess.run(["send", "--graphql", "{ a }", "--variables", "[1]", "http://127.0.0.1:9/graphql"], in: directory)
        #expect(notObject.status == 2 && notObject.stderrText.contains("must be a JSON object"), "\(notObject.stderrText)")
        let both = try await ExplorerProcess.run(["send", "--graphql", "{ a }", "--json", "{}", "http://127.0.0.1:9/graphql"], in: directory)
        #expect(both.status == 2 && both.stderrText.contains("can't be combined"), "\(both.stderrText)")
    }
}
