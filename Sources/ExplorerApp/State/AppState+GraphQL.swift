import Foundation
import RequestModel
import TUICore

extension AppState {
    /// A GraphQL response's errors (SPEC §13): said in the status line, and where they point in
    /// the query sent (still in the Body pane) marked, the cursor at the first.
    mutating func showGraphQLErrors(in document: BodyDocument, now: Double) {
        guard body.kind == .graphql, !document.isSpooled, document.byteCount <= 4 << 20,
              let json = JSONNode.parse(document.bytes(upTo: 4 << 20)), let graphQL = GraphQLResponse(json), !graphQL.errors.isEmpty else { return }
        let first = body.markServerErrors(graphQL.errors) ?? graphQL.errors[0]
        let count = graphQL.errors.count
        let place = first.locations.first.map { " at \($0.line):\($0.column)" } ?? ""
        show("GraphQL: \(count) error\(count == 1 ? "" : "s")\(graphQL.hasData ? " with partial data" : ", no data") — the first\(place): \(first.message)",
             isError: !graphQL.hasData, now: now, for: 8)
    }
}
