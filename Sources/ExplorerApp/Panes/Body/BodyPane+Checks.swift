import TUICore
import GraphQLTools
import RequestModel

/// What the body means for sending: the draft's body and the problems that block it.
extension BodyPane {
    /// Redoes the checks when the text changed since the last ones (or `force`): one pass over
    /// the text per edit, which stays well under a frame for a 1 MB body.
    mutating func recheck(force: Bool = false) {
        guard force || checkedVersion != editor.version else { return }
        if checkedVersion != editor.version { serverErrors = [:] }
        checkedVersion = editor.version
        jsonResult = kind == .json || (kind == .graphql && showsVariables) ? JSONCheck.validate(editor.text) : .empty
        switch kind {
        case .form, .multipart: lineProblems = Self.lineProblems(in: editor, multipart: kind == .multipart)
        case .graphql where showsVariables: lineProblems = [:]
        case .graphql: lineProblems = Self.graphQLProblems(in: editor.text, schema: graphQLSchema)
        case .none, .raw, .json: lineProblems = [:]
        }
    }

    public var body: RequestDraft.Body {
        switch kind {
        case .none: return .none
        case .raw: return .text(editor.text, contentType: rawContentType)
        case .json: return .json(editor.text)
        case .graphql: return .graphql(GraphQLBody(query: graphQLQuery, variables: graphQLVariablesText, operationName: graphQLOperation))
        case .form:
            return .form(Self.pairs(in: editor).map { RequestDraft.Field($0.name, $0.value) })
        case .multipart:
            return .multipart(Self.pairs(in: editor).map { pair in
                pair.value.first == "@" ? .file(name: pair.name, path: String(pair.value.dropFirst())) : .text(name: pair.name, value: pair.value)
            })
        }
    }

    /// Why the body cannot be sent: invalid or empty JSON, bad form or multipart lines.
    public var problems: [String] {
        switch kind {
        case .none, .raw: return []
        case .json:
            switch jsonResult {
            case .valid: return []
            case .empty: return ["JSON body is empty (Ctrl+T: no body)"]
            case .invalid(let line, let column, let message): return ["JSON body \(line):\(column): \(message)"]
            }
        case .form, .multipart:
            return lineProblems.keys.sorted().map { "\(kind.label) body line \($0 + 1): \(lineProblems[$0]!)" }
        case .graphql:
            if graphQLQuery.allSatisfy(\.isWhitespace) { return ["GraphQL query is empty (Ctrl+T: another body kind)"] }
            return lineProblems.keys.sorted().map { "GraphQL \(lineProblems[$0]!)" } + (variablesProblem.map { [$0] } ?? [])
        }
    }

    /// A GraphQL query's errors by row (0-based), each `LINE:COLUMN: message`: its syntax error,
    /// or with a schema every validation rule's (SPEC §13); the first error of a row is kept.
    static func graphQLProblems(in text: String, schema: GraphQLSchemaFile?) -> [Int: String] {
        guard !text.allSatisfy(\.isWhitespace) else { return [:] }
        let errors = schema.map { GraphQLDocumentCheck.check(text, against: $0).errors } ?? GraphQLDocumentCheck.syntaxError(in: text).map { [$0] } ?? []
        var problems: [Int: String] = [:]
        for error in errors where problems[error.line - 1] == nil { problems[error.line - 1] = error.description }
        return problems
    }

    /// `name=value` pairs of the non-blank lines that have them.
    static func pairs(in editor: TextBuffer) -> [(name: String, value: String)] {
        (0..<editor.lineCount).compactMap { row in
            let line = editor.characters(ofLine: row)
            guard let equals = line.firstIndex(of: "="), equals > 0 else { return nil }
            return (String(line[..<equals]), String(line[(equals + 1)...]))
        }
    }

    /// Each non-blank line must be `name=value` with a name; in multipart, `name=@path` needs
    /// a path.
    static func lineProblems(in editor: TextBuffer, multipart: Bool) -> [Int: String] {
        var problems: [Int: String] = [:]
        for row in 0..<editor.lineCount {
            let line = editor.characters(ofLine: row)
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems[row] = multipart ? "expected name=value or name=@path" : "expected name=value"
                continue
            }
            if equals == 0 {
                problems[row] = "empty name before '='"
            } else if multipart, equals + 1 < line.count, line[equals + 1] == "@", equals + 2 == line.count {
                problems[row] = "empty file path after '@'"
            }
        }
        return problems
    }
}
