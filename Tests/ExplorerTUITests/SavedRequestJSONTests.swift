import RequestModel
import Testing
@testable import ExplorerTUI

/// SPEC §2's `requests list --json` body of kind `graphql`: `{"query", "variables", "operationName"}`.
@Suite struct SavedRequestJSONTests {
    @Test func aGraphQLBodyListsItsQueryVariablesAndOperation() {
        let full = SavedRequestJSON.body(.graphql(GraphQLBody(query: "query U { me { id } }", variables: #"{"a": 1}"#, operationName: "U")))
        #expect(full == JSONNode.parse(#"{"kind": "graphql", "value": {"query": "query U { me { id } }", "variables": {"a": 1}, "operationName": "U"}}"#))
        let bare = SavedRequestJSON.body(.graphql(GraphQLBody(query: "{ me { id } }")))
        #expect(bare == JSONNode.parse(#"{"kind": "graphql", "value": {"query": "{ me { id } }", "variables": null, "operationName": null}}"#))
    }
}
