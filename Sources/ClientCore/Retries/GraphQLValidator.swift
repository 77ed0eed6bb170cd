import RequestModel

/// GraphQL's verdict (SPEC §13), after the client's validators on a request that `expectsGraphQL`:
/// `errors` with no `data` (or `data: null`) fail the exchange with the first error's message;
/// partial data with errors, and data alone, pass — the errors are the reader's to list.
public struct GraphQLValidator: HTTPValidator {
    public let name = "graphql"

    public init() {}

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        guard response.error == nil, response.streamedBytes == 0 else { return .nextValidator(reason: "no response body to judge") }
        guard response.body.count <= HTTPJSONFieldValidator.maxBytes, let document = JSONNode.parse(response.body.data),
              let graphQL = GraphQLResponse(document)
        else { return .nextValidator(reason: "not a GraphQL response (no data or errors)") }
        if graphQL.failed, let first = graphQL.errors.first {
            let error = HTTPError(.validatorFailure, "GraphQL: \(first)", status: response.status, body: response.body)
            return .failChain(error, reason: first.message)
        }
        let count = graphQL.errors.count
        return .nextValidator(reason: count == 0 ? "data, no errors" : "partial data with \(count) error\(count == 1 ? "" : "s")")
    }
}
