import Foundation
import GraphQLTools
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

/// F10: the profile's GraphQL schema (SPEC §13) as a list — each type, then its fields (with their
/// arguments and types), enum values and input fields; descriptions and deprecations beside them;
/// typing filters it (fuzzy, over names and signatures), Enter shows an entry whole.
extension AppState {
    static let schemaHint = "type to filter · Enter description · Esc"

    mutating func openSchema(now: Double) {
        guard let schema = body.graphQLSchema else {
            show("no GraphQL schema for \(profiles.name): explorer graphql schema --profile \(profiles.name) fetches one", isError: true, now: now, for: 5)
            return
        }
        overlay = .list(.graphQLSchema, schemaList(schema.entries, filter: LineField()))
    }

    func schemaList(_ entries: [GraphQLSchemaFile.Entry], filter: LineField) -> ListOverlay {
        let query = filter.text
        let order = Self.schemaOrder(entries, query)
        let rows = order.map { index in
            let entry = entries[index]
            let nested = entry.path.contains(".")
            return ListOverlay.Row((nested ? "  " : "") + entry.signature,
                                   detail: entry.deprecation.map { "deprecated: \($0)" } ?? (entry.description ?? ""),
                                   style: entry.deprecation == nil ? Style() : PaneFrame.muted, note: entry.description ?? "")
        }
        let title = "GraphQL schema of \(profiles.name) (\(query.isEmpty ? "\(rows.count)" : "\(rows.count) of \(entries.count)"))"
        return ListOverlay(title: title, hint: Self.schemaHint, rows: rows, empty: "nothing in the schema matches \(query)", filter: filter)
            .fitted(overlayBounds)
    }

    /// The entries a filter shows, best match first (all, in order, without one).
    static func schemaOrder(_ entries: [GraphQLSchemaFile.Entry], _ query: String) -> [Int] {
        guard !query.isEmpty else { return Array(entries.indices) }
        return FuzzyMatch.rank(query, entries.map { FuzzyMatch.Candidate("\($0.path) \($0.signature)") }).map(\.index)
    }

    mutating func handleSchema(_ outcome: ListOverlay.Outcome, list: ListOverlay) {
        guard let schema = body.graphQLSchema else { return }
        switch outcome {
        case .filterChanged: overlay = .list(.graphQLSchema, schemaList(schema.entries, filter: list.filter ?? LineField()))
        case .choose(let row):
            let filter = list.filter ?? LineField()
            let entries = schema.entries
            let order = Self.schemaOrder(entries, filter.text)
            guard order.indices.contains(row) else { return }
            let entry = entries[order[row]]
            let lines = [entry.path, entry.signature] + (entry.deprecation.map { ["deprecated: \($0)"] } ?? [])
                + (entry.description.map { ["", $0] } ?? [])
            openReport(title: entry.path, lines: lines)
        case .handled, .close, .key: break
        }
    }
}
