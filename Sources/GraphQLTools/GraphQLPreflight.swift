import GraphQL

/// What is checked before a GraphQL request is sent (SPEC §13): the document parses, names the
/// operation to run when it has several, does not run a subscription (those come over WebSocket,
/// later), and — when a schema is known — passes every validation rule.
public enum GraphQLPreflight {
    public enum Verdict: Sendable, Equatable {
        /// Send it; the warnings (a deprecated field used) are said first.
        case send(warnings: [GraphQLDiagnostic])
        /// Not sent, and why: each line `LINE:COLUMN: message` or a sentence.
        case refuse([String])
    }

    public static func check(query: String, operationName: String?, schema: GraphQLSchemaFile?) -> Verdict {
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "query"))
        } catch let error as GraphQLError {
            return .refuse(["the query does not parse: \(GraphQLDocumentCheck.diagnostic(error, syntax: true))"])
        } catch {
            return .refuse(["the query does not parse: \(error)"])
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let names = operations.compactMap { $0.name?.value }
        let chosen: OperationDefinition
        if let operationName, !operationName.isEmpty {
            guard let named = operations.first(where: { $0.name?.value == operationName }) else {
                return .refuse(["the document has no operation named \(operationName)" + (names.isEmpty ? "" : " (it has \(names.joined(separator: ", ")))")])
            }
            chosen = named
        } else if operations.count > 1 {
            return .refuse(["the document has \(operations.count) operations (\(names.joined(separator: ", "))): name the one to run (--operation NAME)"])
        } else if let only = operations.first {
            chosen = only
        } else {
            return .refuse(["the document has no operation to run, only fragments"])
        }
        if chosen.operation == .subscription {
            return .refuse(["\(chosen.name.map { "\($0.value) is a subscription" } ?? "the operation is a subscription"): "
                + "subscriptions are not sent (they need a WebSocket, which comes later); send a query or a mutation"])
        }
        guard let schema else { return .send(warnings: []) }
        let found = GraphQLDocumentCheck.check(query, against: schema)
        let errors = found.errors
        return errors.isEmpty ? .send(warnings: found.warnings) : .refuse(errors.map(\.description))
    }
}
