import ClientCore
import Foundation
import RequestModel
import Testing
@testable import Profiles

/// The one preparation of a request to send (SPEC §8), used by `run`, `replay` and the TUI.
@Suite struct OnePreparationTests {
    static func scope() -> VariableScope {
        var scope = VariableScope(environment: ["PW": "pw-from-env"])
        scope.profile = ["apiKey": TemplateValue("the-users-key"), "user": TemplateValue("profile-user")]
        scope.file = ["user": TemplateValue("ann")]
        // What a server answered, captured: it reads like templates.
        scope.captures = ["token": TemplateValue("{{apiKey}}"), "home": TemplateValue("${env:PW}", secret: true)]
        return scope
    }

    @Test func everyPlaceholderIsFilledOnceAndAValuePutInStaysAsItIs() throws {
        let spec = RequestSpec(method: "POST", url: "users/{{user}}?t={{token}}",
                               headers: [NamedValue("X-Token", "{{token}}"), NamedValue("X-Home", "{{home}}"), NamedValue("X-Pw", "${env:PW}")],
                               body: .json(#"{"token": "{{token}}", "own": "{ {x} }"}"#))
        let request = try RequestRendering(Self.scope()).prepare(spec, name: "me").get()
        #expect(request.route == "users/ann?t={{apiKey}}")
        #expect(request.headers["X-Token"] == "{{apiKey}}")
        #expect(request.headers["X-Home"] == "${env:PW}")
        #expect(request.headers["X-Pw"] == "pw-from-env")
        guard case .data(let body, _) = request.body else { Issue.record("the body is \(request.body)"); return }
        #expect(String(decoding: body, as: UTF8.self) == #"{"token": "{{apiKey}}", "own": "{ {x} }"}"#)
        #expect(request.checks == nil, "no checks: none attached")
    }

    /// SPEC §13: a GraphQL body goes out as JSON with GraphQL's Accept, its variables filled once.
    @Test func aGraphQLBodyGoesOutAsJSONWithItsVariablesFilled() throws {
        let spec = RequestSpec(method: "POST", url: "graphql",
                               body: .graphql(GraphQLBody(query: "query U($u: String) { user(name: $u) { id } }", variables: #"{"u": "{{user}}", "t": "{{token}}"}"#,
                                                          operationName: "U")))
        let request = try RequestRendering(Self.scope()).prepare(spec, name: "u").get()
        #expect(request.expectsGraphQL)
        #expect(request.headers["Accept"] == "application/graphql-response+json, application/json")
        guard case .data(let body, let type) = request.body else { Issue.record("the body is \(request.body)"); return }
        #expect(type == "application/json")
        #expect(JSONNode.parse(body) == JSONNode.parse(#"{"query": "query U($u: String) { user(name: $u) { id } }", "variables": {"u": "ann", "t": "{{apiKey}}"}, "operationName": "U"}"#))
        let broken = RequestSpec(method: "POST", url: "graphql", body: .graphql(GraphQLBody(query: "{ a }", variables: "[1]")))
        guard case .failure(.unbuildable(let kind, let message)) = RequestRendering(Self.scope()).prepare(broken, name: "b") else {
            Issue.record("variables that are not an object were sent")
            return
        }
        #expect(kind == .invalidBody && message.contains("must be a JSON object"), "\(message)")
    }

    @Test func aRequestsOwnVarsSitAboveTheFilesAndMayUseTheLayersBelow() throws {
        var spec = RequestSpec(url: "a/{{who}}")
        spec.vars = [NamedValue("user", "bob"), NamedValue("who", "{{user}}-{{apiKey}}")]
        let request = try RequestRendering(Self.scope()).prepare(spec, name: "r").get()
        #expect(request.route == "a/ann-the-users-key", "a var is filled from the layers below it, when it is read")
    }

    @Test func anUndefinedPlaceholderIsRefusedNamingIt() {
        let refused = RequestRendering(Self.scope()).prepare(RequestSpec(url: "a", headers: [NamedValue("X", "{{nope}}")]), name: "r")
        #expect(refused.failure == .undefined("{{nope}}"))
        let unset = RequestRendering(Self.scope()).prepare(RequestSpec(url: "a/${env:UNSET}"), name: "r")
        #expect(unset.failure == .undefined("${env:UNSET}"))
    }

    /// The TUI's edited panes: their request goes out with the recorded request's vars and checks.
    @Test func anEditedRequestKeepsTheChecksAndMasksTheSecretsItPutIn() throws {
        var spec = RequestSpec(name: "me", url: "users/me")
        spec.asserts = [RequestSpec.Assert(.json(try JSONPath("$.name")), .equals(.string("{{user}}")))]
        let sent = RequestSpec(name: "me", method: "PUT", url: "users/{{user}}", headers: [NamedValue("X-Pw", "${env:PW}")])
        let request = try RequestRendering(Self.scope()).prepare(spec, sending: sent, name: "me").get()
        #expect(request.method == .put && request.route == "users/ann")
        let checks = try #require(request.checks)
        #expect(checks.request == "me" && checks.asserts == spec.asserts)
        #expect(checks.secrets.masking(in: "pw-from-env") == "•••")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
