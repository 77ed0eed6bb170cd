import Foundation
import GraphQL
import RequestModel

/// A schema as a profile or `--schema` names it (SPEC §13): SDL, or an introspection result as
/// JSON, built into the schema the checks run against. A file that does not parse or build is
/// refused at `LINE:COLUMN`.
public struct GraphQLSchemaFile: Sendable, Equatable {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var diagnostic: GraphQLDiagnostic
        public var description: String { diagnostic.description }
    }

    let schema: GraphQLSchema
    /// Equal when it is the same schema, loaded once (a schema has no equality of its own).
    private let identity = UUID()

    public static func == (left: GraphQLSchemaFile, right: GraphQLSchemaFile) -> Bool { left.identity == right.identity }

    /// SDL, or JSON (`{"data": {"__schema": …}}`, `{"__schema": …}`) from an introspection.
    public init(contents text: String) throws(Problem) {
        try self.init(sdl: try Self.sdl(of: text))
    }

    /// The SDL a file holds, or writes for its introspection result. Text that starts like JSON
    /// but is not (SDL may start with `{` only in a schema block's braces, never first) is SDL.
    static func sdl(of text: String) throws(Problem) -> String {
        guard text.first(where: { !$0.isWhitespace }) == "{", let json = JSONNode.parse(text) else { return text }
        do throws(IntrospectionSDL.Problem) {
            return try IntrospectionSDL.sdl(from: json)
        } catch {
            throw Problem(diagnostic: GraphQLDiagnostic(line: 1, column: 1, message: error.description))
        }
    }

    public init(sdl text: String) throws(Problem) {
        do {
            schema = try buildSchema(source: Source(body: text, name: "schema"))
        } catch let error as GraphQLError {
            throw Problem(diagnostic: GraphQLDocumentCheck.diagnostic(error, syntax: error.message.hasPrefix("Syntax Error")))
        } catch {
            throw Problem(diagnostic: GraphQLDiagnostic(line: 1, column: 1, message: "\(error)"))
        }
    }
}
