import GraphQLTools
import RequestModel
import TUICore

/// Tab in a GraphQL body (SPEC §13): the word at the cursor completed from the profile's schema —
/// as far as every candidate agrees — and the candidates, for the status line.
extension BodyPane {
    /// Completes the word before the cursor; nil when there is nothing to complete (no schema, not
    /// GraphQL, no word begun), which leaves Tab to move between panes.
    mutating func completeGraphQL() -> GraphQLCompletion.Result? {
        guard kind == .graphql, !showsVariables, let schema = graphQLSchema else { return nil }
        let cursor = editor.cursor
        let offset = (0..<cursor.row).reduce(0) { $0 + editor.characters(ofLine: $1).count + 1 } + cursor.column
        let result = GraphQLCompletion.complete(editor.text, at: offset, schema: schema)
        guard !result.prefix.isEmpty else { return nil }
        let suffix = result.commonSuffix
        if !suffix.isEmpty {
            editor.insert(text: suffix)
            recheck()
        }
        return result
    }

    /// A GraphQL response's errors (SPEC §13) on the query they came from: their rows marked and
    /// the cursor at the first location. Returns the first error with a location, for the status line.
    mutating func markServerErrors(_ errors: [GraphQLResponse.Error]) -> GraphQLResponse.Error? {
        guard kind == .graphql, !showsVariables else { return errors.first }
        serverErrors = [:]
        let located = errors.filter { !$0.locations.isEmpty }
        for error in located {
            for location in error.locations where location.line >= 1 && location.line <= editor.lineCount && serverErrors[location.line - 1] == nil {
                serverErrors[location.line - 1] = error.message
            }
        }
        guard let first = located.first, let place = first.locations.first, place.line >= 1, place.line <= editor.lineCount else { return errors.first }
        editor.moveTo(TextBuffer.Position(row: place.line - 1, column: max(0, min(place.column - 1, editor.characters(ofLine: place.line - 1).count))))
        editor.reveal()
        return first
    }
}
