/// A GraphQL request (SPEC §13): the document, its variables as JSON text as written (it may hold
/// `{{templates}}`, filled like any body), and the operation to run when the document has several.
public struct GraphQLBody: Sendable, Equatable {
    public var query: String
    /// A JSON object, as text; nil when there are none.
    public var variables: String?
    public var operationName: String?

    public init(query: String, variables: String? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// GraphQL over HTTP's `Accept`: the GraphQL response type first, plain JSON for older servers.
    public static let accept = "application/graphql-response+json, application/json"

    /// The JSON body as text for another client's file (SPEC §9: `.http` writes it as JSON): the
    /// variables as written, so `{{templates}}` in them stay for that client to fill.
    public var jsonText: String {
        var members = ["\"query\": " + JSONNode.string(query).compactText]
        if let variables, !variables.allSatisfy(\.isWhitespace) { members.append("\"variables\": " + variables) }
        if let operationName, !operationName.isEmpty { members.append("\"operationName\": " + JSONNode.string(operationName).compactText) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// What goes out: `{"query", "variables", "operationName"}`, absent keys left out. Throws when
    /// the variables are not a JSON object, naming where.
    public func json() throws(JSONProblem) -> JSONNode {
        var members = [JSONNode.Member("query", .string(query))]
        if let variables, !variables.allSatisfy(\.isWhitespace) {
            let node = try JSONNode.parsing(variables)
            guard case .object = node else {
                throw JSONProblem(offset: 0, line: 1, column: 1, message: "the variables must be a JSON object, not \(node.kindName)")
            }
            members.append(JSONNode.Member("variables", node))
        }
        if let operationName, !operationName.isEmpty { members.append(JSONNode.Member("operationName", .string(operationName))) }
        return .object(members)
    }
}
