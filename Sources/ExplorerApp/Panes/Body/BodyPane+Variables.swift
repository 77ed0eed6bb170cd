import RequestModel
import TUICore

/// A GraphQL body's variables editor (SPEC §13): Ctrl+V swaps the pane between the query and its
/// variables (a JSON object, checked as it is typed); the one not shown is kept as it was.
extension BodyPane {
    /// Ctrl+V in a GraphQL body: the variables in place of the query, or the query back.
    mutating func toggleVariables() {
        guard kind == .graphql else { return }
        let shown = editor.text
        if showsVariables {
            graphQLVariables = shown.allSatisfy(\.isWhitespace) ? nil : shown
            editor.text = hiddenQuery
        } else {
            hiddenQuery = shown
            editor.text = graphQLVariables ?? "{\n  \n}"
        }
        showsVariables.toggle()
        recheck(force: true)
    }

    /// The query, wherever it is now (the editor or put aside while the variables are edited).
    var graphQLQuery: String { showsVariables ? hiddenQuery : editor.text }

    /// The variables, wherever they are now.
    var graphQLVariablesText: String? {
        guard showsVariables else { return graphQLVariables }
        return editor.text.allSatisfy(\.isWhitespace) ? nil : editor.text
    }

    /// Why the variables cannot be sent: not JSON, or not an object.
    var variablesProblem: String? {
        guard let text = graphQLVariablesText else { return nil }
        do throws(JSONProblem) {
            _ = try GraphQLBody(query: "", variables: text).json()
            return nil
        } catch {
            return "GraphQL variables \(error.line):\(error.column): \(error.message)"
        }
    }
}
