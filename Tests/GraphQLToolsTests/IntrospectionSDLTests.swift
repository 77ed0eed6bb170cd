import Foundation
import GraphQLTools
import RequestModel
import Testing
import TestSupport

/// `graphql schema`'s SDL (SPEC §13): written from an introspection result, it must build the same
/// schema in graphql-core as that result does, and explorer must read it (and the result itself).
@Suite struct IntrospectionSDLTests {
    static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/graphql_schema_peer.py")

    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try PythonScript.run([peer.path] + arguments)
        return (outcome.status, outcome.output + outcome.errors)
    }

    @Test func theSDLBuildsTheSchemaTheIntrospectionDescribesInGraphQLCore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-sdl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let introspected = try Self.python(["introspect", GraphQLConformanceTests.fixtures.appendingPathComponent("schema.graphql").path])
        #expect(introspected.status == 0, "graphql-core did not answer (pip install graphql-core; scripts/test installs it): \(introspected.output)")
        let result = try #require(JSONNode.parse(introspected.output))
        let sdl = try IntrospectionSDL.sdl(from: result)
        try Data(sdl.utf8).write(to: directory.appendingPathComponent("schema.graphql"))
        try Data(introspected.output.utf8).write(to: directory.appendingPathComponent("introspection.json"))
        let same = try Self.python(["same", directory.appendingPathComponent("schema.graphql").path, directory.appendingPathComponent("introspection.json").path])
        #expect(same.status == 0, "\(same.output)\n----- explorer wrote -----\n\(sdl)")
        // Descriptions, deprecations and directives are kept.
        #expect(sdl.contains("directive @tag(name: String!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT"), "\(sdl)")
        #expect(sdl.contains(#"isbn: String @deprecated(reason: "use identifiers")"#))
        #expect(sdl.contains("union SearchResult = Book | Author | Reader"))
        // explorer reads both forms: the SDL, and the introspection result itself.
        _ = try GraphQLSchemaFile(contents: sdl)
        let fromJSON = try GraphQLSchemaFile(contents: introspected.output)
        #expect(GraphQLDocumentCheck.check(#"{ book(id: "1") { title } }"#, against: fromJSON).errors.isEmpty)
        #expect(GraphQLDocumentCheck.check("{ nope }", against: fromJSON).errors.count == 1)
    }

    @Test func aFileThatIsNoIntrospectionResultIsRefused() {
        #expect(throws: IntrospectionSDL.Problem.self) { try IntrospectionSDL.sdl(from: .object([.init("data", .null)])) }
        #expect(throws: GraphQLSchemaFile.Problem.self) { try GraphQLSchemaFile(contents: #"{"data": {"users": []}}"#) }
    }
}
