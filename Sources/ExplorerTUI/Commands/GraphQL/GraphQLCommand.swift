import ArgumentParser
import Foundation
import GraphQLTools

/// `explorer graphql schema` and `explorer graphql check FILE… --schema FILE` (SPEC §13): a
/// schema fetched by introspection, and query documents validated against one with every rule of
/// the GraphQL specification.
struct GraphQLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "GraphQL: fetch a schema, validate query documents against it.",
        subcommands: [Schema.self, Check.self]
    )

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Validate query documents with every rule of the GraphQL specification (October 2021, §5).",
            discussion: """
                Each error is printed as FILE:LINE:COLUMN: message (a deprecated field or value used as \
                FILE:LINE:COLUMN: warning: …). Exit 0 when every document is valid, 1 when one is not, \
                2 when one does not parse or the schema cannot be read.
                """)

        @Argument(help: ArgumentHelp("The query documents.", valueName: "FILE"))
        var files: [String]

        @Option(help: ArgumentHelp("The schema: SDL, or an introspection result as JSON.", valueName: "FILE"))
        var schema: String

        func run() async throws {
            let built = try GraphQLSchemaLookup.load(schema)
            var invalid = false, unparsed = false
            for file in files {
                let text = try Self.text(of: file, flag: "FILE")
                switch GraphQLDocumentCheck.check(text, against: built) {
                case .syntaxError(let error):
                    unparsed = true
                    Console.out(Console.inert("\(file):\(error)") + "\n")
                case .checked(let found):
                    invalid = invalid || found.contains { !$0.isWarning }
                    for diagnostic in found { Console.out(Console.inert("\(file):\(diagnostic)") + "\n") }
                }
            }
            if unparsed { throw CLIError(status: .usage, message: "a document does not parse") }
            if invalid { throw CLIError(status: .failure, message: "a document is not valid against \(schema)") }
        }

        static func text(of path: String, flag: String) throws(CLIError) -> String {
            guard let text = String(data: try InputFile.read(path, flag: "\(flag) \(path)"), encoding: .utf8) else {
                throw .usage("\(flag) \(path): not UTF-8 text")
            }
            return text
        }
    }
}
