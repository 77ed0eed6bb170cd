import GraphQLTools

/// Tab in a GraphQL body (SPEC §13): the word at the cursor completed from the profile's schema —
/// as far as every candidate agrees — and the candidates, for the status line.
extension BodyPane {
    /// Completes the word before the cursor; nil when there is nothing to complete (no schema, not
    /// GraphQL, no word begun), which leaves Tab to move between panes.
    mutating func completeGraphQL() -> GraphQLCompletion.Result? {
        guard kind == .graphql, let schema = graphQLSchema else { return nil }
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
}
