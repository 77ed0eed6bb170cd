import Foundation
import RequestModel
import Testing
@testable import ClientCore

/// The `graphql` validator (SPEC §13), after the client's, on the demo's `/graphql`: errors with
/// no data fail the exchange with the first message; partial data and data alone pass; a request
/// that is not GraphQL is never judged by it.
@Suite struct GraphQLValidatorTests {
    static func graphQL(_ query: String) throws -> HTTPRequest {
        try RequestSpec(method: "POST", url: "graphql", body: .graphql(GraphQLBody(query: query))).httpRequest()
    }

    @Test func errorsWithoutDataFailTheExchangeAsADecisionOfTheChain() async throws {
        try await withDemo { _, client in
            let error = await expectFailure { try await client.send(try Self.graphQL("{ broken }")) }
            #expect(error?.kind == .validatorFailure)
            #expect(error?.message.contains("the broken resolver failed") == true, "\(String(describing: error?.message))")
            let decided = error?.events.compactMap { event -> (String, ClientEvent.Decision, String)? in
                if case let .validatorDecided(_, validator, decision, reason) = event.kind { (validator, decision, reason) } else { nil }
            }
            #expect(decided?.last?.0 == "graphql" && decided?.last?.1 == .fail && decided?.last?.2 == "the broken resolver failed")
            #expect(decided?.first?.0 == "default", "the client's validators judge first")
        }
    }

    @Test func partialDataAndDataAlonePass() async throws {
        try await withDemo { _, client in
            let partial = try await client.send(try Self.graphQL("{ users(first: 1) { name } flaky { name } }"))
            let response = try #require(GraphQLResponse(try JSONNode.parsing(partial.body.data)))
            #expect(response.hasData && response.errors.map(\.path) == [["flaky"]])
            let reasons = partial.events.compactMap { event -> String? in
                if case let .validatorDecided(_, "graphql", _, reason) = event.kind { reason } else { nil }
            }
            #expect(reasons == ["partial data with 1 error"])
            let whole = try await client.send(try Self.graphQL(#"{ hello(name: "tests") }"#))
            #expect(String(decoding: whole.body.data, as: UTF8.self) == #"{"data":{"hello":"Hello, tests!"}}"#)
        }
    }

    @Test func aRequestThatIsNotGraphQLIsNotJudged() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.post, "graphql").body(#"{"query": "{ broken }"}"#, contentType: "application/json"))
            #expect(!response.events.contains { if case .validatorDecided(_, "graphql", _, _) = $0.kind { true } else { false } })
        }
    }
}
