import RequestModel
import Testing

/// GraphQL over HTTP's request body and response errors (SPEC §13).
@Suite struct GraphQLBodyTests {
    @Test func absentKeysAreLeftOutOfTheBody() throws {
        #expect(try GraphQLBody(query: "{ a }").json() == JSONNode.parse(#"{"query": "{ a }"}"#))
        #expect(try GraphQLBody(query: "{ a }", variables: " \n", operationName: "").json() == JSONNode.parse(#"{"query": "{ a }"}"#))
        #expect(try GraphQLBody(query: "query A { a }", variables: #"{"x": [1]}"#, operationName: "A").json()
            == JSONNode.parse(#"{"query": "query A { a }", "variables": {"x": [1]}, "operationName": "A"}"#))
        #expect(throws: JSONProblem.self) { try GraphQLBody(query: "{ a }", variables: "1").json() }
        #expect(throws: JSONProblem.self) { try GraphQLBody(query: "{ a }", variables: "{").json() }
    }

    @Test func theTextForAnotherClientKeepsTemplatesInTheVariables() {
        let body = GraphQLBody(query: "query($id: ID) { user(id: $id) { \"name\" } }", variables: #"{"id": {{id}}}"#, operationName: "U")
        #expect(body.jsonText == #"{"query": "query($id: ID) { user(id: $id) { \"name\" } }", "variables": {"id": {{id}}}, "operationName": "U"}"#)
    }

    static func node(_ text: String) throws -> JSONNode { try JSONNode.parsing(text) }

    @Test func errorsAreReadWithTheirLocationsAndPaths() throws {
        let document = try #require(JSONNode.parse("""
            {"data": {"users": [{"name": "Ann"}], "flaky": null},
             "errors": [{"message": "the flaky resolver failed", "locations": [{"line": 3, "column": 3}], "path": ["flaky", 0, "name"]},
                        {"no": "message"}]}
            """))
        let response = try #require(GraphQLResponse(document))
        #expect(response.hasData && !response.failed)
        #expect(response.errors.first?.description == "the flaky resolver failed (line 3, column 3) at flaky.0.name")
        #expect(response.errors.last?.description == "an error without a message")
        #expect(GraphQLResponse(try Self.node(#"{"data": null, "errors": [{"message": "no"}]}"#))?.failed == true)
        #expect(GraphQLResponse(try Self.node(#"{"users": []}"#)) == nil, "not a GraphQL response")
        #expect(GraphQLResponse(try Self.node(#"{"errors": [{"message": "bad"}]}"#))?.failed == true)
    }
}
