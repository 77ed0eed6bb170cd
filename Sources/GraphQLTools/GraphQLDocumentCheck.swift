import GraphQL
import Locking

/// Every validation rule of the GraphQL specification (October 2021, §5) on a query document:
/// GraphQLSwift's list and the rules it leaves out, supplied here. Deprecated fields and values
/// used are warnings. A document that does not parse has its syntax error instead.
public enum GraphQLDocumentCheck {
    public enum Outcome: Sendable, Equatable {
        /// The errors (first) and warnings found; none when the document is valid.
        case checked([GraphQLDiagnostic])
        case syntaxError(GraphQLDiagnostic)

        public var warnings: [GraphQLDiagnostic] {
            if case .checked(let found) = self { found.filter(\.isWarning) } else { [] }
        }

        public var errors: [GraphQLDiagnostic] {
            switch self {
            case .checked(let found): found.filter { !$0.isWarning }
            case .syntaxError(let error): [error]
            }
        }
    }

    /// The specification's rules: GraphQLSwift's and the two it comments out, supplied here.
    public static let rules: [@Sendable (ValidationContext) -> Visitor] = specifiedRules + [SingleFieldSubscriptionsRule, OverlappingFieldsCanBeMergedRule]

    public static func check(_ text: String, against file: GraphQLSchemaFile) -> Outcome {
        let schema = file.schema
        let document: Document
        do {
            document = try parse(source: Source(body: text, name: "document"))
        } catch let error as GraphQLError {
            return .syntaxError(diagnostic(error, syntax: true))
        } catch {
            return .syntaxError(GraphQLDiagnostic(line: 1, column: 1, message: "\(error)"))
        }
        let deprecated = Locked<[GraphQLError]>([])
        let errors = validate(schema: schema, ast: document, rules: rules + [DeprecatedUsesRule(into: deprecated)]).map { diagnostic($0) }
        let warnings = deprecated.withLock { $0 }.map { diagnostic($0, warning: true) }
        return .checked(sorted(errors) + sorted(warnings))
    }

    /// The document's syntax error, if it has one (without a schema nothing else is checked).
    public static func syntaxError(in text: String) -> GraphQLDiagnostic? {
        do {
            _ = try parse(source: Source(body: text, name: "document"))
            return nil
        } catch let error as GraphQLError {
            return diagnostic(error, syntax: true)
        } catch {
            return GraphQLDiagnostic(line: 1, column: 1, message: "\(error)")
        }
    }

    /// A GraphQLSwift error as a diagnostic at its first location. A syntax error's message loses
    /// GraphQLSwift's `Syntax Error NAME (L:C)` prefix and its source excerpt, as graphql-js says it.
    static func diagnostic(_ error: GraphQLError, syntax: Bool = false, warning: Bool = false) -> GraphQLDiagnostic {
        let location = error.locations.first
        var message = error.message
        if syntax {
            let firstLine = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
            let described = firstLine.range(of: ") ").map { String(firstLine[$0.upperBound...]) } ?? firstLine
            message = "Syntax Error: " + described
        }
        return GraphQLDiagnostic(line: location?.line ?? 1, column: location?.column ?? 1, message: message, isWarning: warning)
    }

    /// In document order, as a reader goes through them.
    private static func sorted(_ found: [GraphQLDiagnostic]) -> [GraphQLDiagnostic] {
        found.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
    }
}
