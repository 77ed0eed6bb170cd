import GraphQLTools
import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

/// GraphQL in the TUI (SPEC §13): the profile's schema reaches the Body pane, whose GraphQL body
/// is then checked against it, and a body with errors is not sent.
@Suite struct AppStateGraphQLTests {
    typealias F = AppFixture

    @Test func theProfilesSchemaChecksTheBodyAndAnInvalidOneIsNotSent() throws {
        var state = F.state()
        let schema = try GraphQLSchemaFile(sdl: "type Query { users: [User!]! }\ntype User { name: String! }")
        _ = state.update(.graphQLSchema(profile: "elsewhere", schema), now: 0)
        #expect(state.body.graphQLSchema == nil, "another profile's schema is not this one's")
        _ = state.update(.graphQLSchema(profile: "demo", schema), now: 0)
        #expect(state.body.graphQLSchema == schema)
        state.body.load(.graphql(GraphQLBody(query: "{ users { nope } }")))
        #expect(state.body.problems == ["GraphQL 1:11: Cannot query field \"nope\" on type \"User\". Did you mean \"name\"?"])
        let effects = F.press(.control("r"), into: &state)
        #expect(!effects.contains { if case .send = $0 { true } else { false } }, "an invalid query is not sent")
        state.body.load(.graphql(GraphQLBody(query: "{ users { name } }")))
        #expect(state.body.problems.isEmpty)
    }

    @Test func tabCompletesFromTheSchemaAndOtherwiseMovesOn() throws {
        var state = F.state()
        _ = state.update(.graphQLSchema(profile: "demo", try GraphQLSchemaFile(sdl: "type Query { users: [User!]!, user(id: ID!): User }\ntype User { name: String!, nickname: String }")), now: 0)
        state.body.load(.graphql(GraphQLBody(query: "")))
        F.press(.tab, .tab, into: &state)
        #expect(state.focus == .body)
        F.type("{ users { n", into: &state)
        F.press(.tab, into: &state)
        #expect(state.body.text == "{ users { n", "name and nickname share nothing more")
        #expect(state.message?.text == "name · nickname")
        #expect(state.focus == .body)
        F.type("i", into: &state)
        F.press(.tab, into: &state)
        #expect(state.body.text == "{ users { nickname")
        F.type(" } ", into: &state)
        F.press(.tab, into: &state)
        #expect(state.focus == .response, "no word begun: Tab moves on")
    }

    /// A response's errors point into the query sent: their rows marked, the cursor at the first,
    /// the status line saying so; the marks go once the query is edited.
    @Test func aResponsesErrorsAreMarkedWhereTheyPointInTheQuery() {
        var state = F.state()
        state.focus = .request
        state.body.load(.graphql(GraphQLBody(query: "{\n  users { name }\n  flaky { name }\n}")))
        state.request.url.text = "graphql"
        let effects = F.press(.enter, into: &state)
        guard case .send(_, let id, _)? = effects.first else { Issue.record("not sent: \(effects)"); return }
        let answer = #"{"data": {"users": [{"name": "Ann"}], "flaky": null}, "errors": [{"message": "the flaky resolver failed", "locations": [{"line": 3, "column": 3}], "path": ["flaky"]}]}"#
        _ = state.update(.responseReceived(id, F.summary(bytes: answer.utf8.count), F.document(answer)), now: 2)
        #expect(state.body.serverErrors == [2: "the flaky resolver failed"])
        #expect(state.body.editor.cursor == TextBuffer.Position(row: 2, column: 2))
        #expect(state.message?.text == "GraphQL: 1 error with partial data — the first at 3:3: the flaky resolver failed")
        state.focus = .body
        F.type("x", into: &state)
        #expect(state.body.serverErrors.isEmpty)
    }

    /// F10: the schema, searchable, descriptions and deprecations beside each entry.
    @Test func f10ListsTheSchemaSearchably() throws {
        var state = F.state(width: 120, height: 40)
        F.press(.function(10), into: &state)
        #expect(state.message?.text.contains("explorer graphql schema --profile demo") == true, "no schema yet")
        _ = state.update(.graphQLSchema(profile: "demo", try GraphQLSchemaFile(sdl: """
            type Query { "Everyone" users(first: Int = 10): [User!]! }
            "Someone with an account"
            type User { name: String!, email: String @deprecated(reason: "use contact") }
            """)), now: 0)
        F.press(.function(10), into: &state)
        var lines = F.lines(state).joined(separator: "\n")
        #expect(lines.contains("GraphQL schema of demo (5)"), "\(lines)")
        #expect(lines.contains("users(first: Int = 10): [User!]!"), "\(lines)")
        #expect(lines.contains("deprecated: use contact"), "\(lines)")
        F.type("emai", into: &state)
        lines = F.lines(state).joined(separator: "\n")
        #expect(lines.contains("GraphQL schema of demo (2 of 5)"), "\(lines)")
        F.press(.enter, into: &state)
        lines = F.lines(state).joined(separator: "\n")
        #expect(lines.contains("User.email") && lines.contains("email: String"), "\(lines)")
    }
}
