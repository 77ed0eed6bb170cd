import Foundation
import GraphQLTools
import Testing
import TestSupport

/// `graphql check` against a reference nobody here wrote (SPEC §13): graphql-core, a port of
/// GraphQL.js, judges every document of `Tests/Fixtures/GraphQL` against its schema, and explorer
/// must agree — the same documents refused for their syntax at the same place, the same valid ones,
/// and the same validation errors at the same places.
@Suite struct GraphQLConformanceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/GraphQL")
    static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/graphql_verdicts.py")

    struct Verdict: Decodable {
        var file: String
        var syntax: [Int]?
        var errors: [[Int]]
    }

    static var documents: [URL] {
        let directory = fixtures.appendingPathComponent("documents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// graphql-core's verdicts, by file name.
    static func reference() throws -> [String: Verdict] {
        let outcome = try PythonScript.run([peer.path, fixtures.appendingPathComponent("schema.graphql").path] + documents.map(\.path))
        guard outcome.status == 0 else {
            throw PeerMissing(description: "graphql-core did not answer (pip install graphql-core; scripts/test installs it): \(outcome.errors)")
        }
        let data = Data(outcome.output.utf8)
        let verdicts = try JSONDecoder().decode([Verdict].self, from: data)
        return Dictionary(verdicts.map { (URL(fileURLWithPath: $0.file).lastPathComponent, $0) }, uniquingKeysWith: { $1 })
    }

    struct PeerMissing: Error, CustomStringConvertible { var description: String }

    @Test func explorerAgreesWithGraphQLCoreOnEveryDocument() throws {
        let schema = try GraphQLSchemaFile(sdl: try String(contentsOf: Self.fixtures.appendingPathComponent("schema.graphql"), encoding: .utf8))
        let reference = try Self.reference()
        #expect(Self.documents.count >= 40)
        for document in Self.documents {
            let name = document.lastPathComponent
            let wanted = try #require(reference[name], "graphql-core said nothing of \(name)")
            let outcome = GraphQLDocumentCheck.check(try String(contentsOf: document, encoding: .utf8), against: schema)
            switch outcome {
            case .syntaxError(let error):
                #expect(wanted.syntax == [error.line, error.column], "\(name): explorer found a syntax error at \(error.line):\(error.column): \(error.message)")
            case .checked:
                #expect(wanted.syntax == nil, "\(name): graphql-core found a syntax error at \(wanted.syntax ?? [])")
                let found = outcome.errors.map { [$0.line, $0.column] }.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
                let expected = wanted.errors.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
                #expect(found == expected, "\(name): explorer \(outcome.errors.map(\.description)), graphql-core at \(expected)")
            }
            // The file's name says what it is.
            if name.hasPrefix("valid-") { #expect(outcome == .checked(outcome.errors.isEmpty ? outcome.warnings : [])) }
        }
    }

    @Test func aDeprecatedFieldOrValueIsAWarningNotAnError() throws {
        let schema = try GraphQLSchemaFile(sdl: try String(contentsOf: Self.fixtures.appendingPathComponent("schema.graphql"), encoding: .utf8))
        let outcome = GraphQLDocumentCheck.check(#"query { book(id: "1") { isbn } }"#, against: schema)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.warnings.map(\.description) == ["1:25: warning: The field Book.isbn is deprecated. use identifiers"])
    }
}
