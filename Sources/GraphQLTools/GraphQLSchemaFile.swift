import Foundation
import GraphQL

/// A schema as a profile or `--schema` names it (SPEC §13): SDL, built into the schema the checks
/// run against. A file that does not parse or build is refused at `LINE:COLUMN`.
public struct GraphQLSchemaFile: Sendable {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var diagnostic: GraphQLDiagnostic
        public var description: String { diagnostic.description }
    }

    let schema: GraphQLSchema

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
