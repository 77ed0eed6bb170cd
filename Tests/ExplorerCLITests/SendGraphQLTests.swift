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
