import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// One YAML-to-JSON rule for every YAML file explorer reads: a profile's or request file's body
/// and an API description's example read the same scalars the same way (YAML 1.2's core schema).
@Suite struct YAMLScalarTests {
    static let document = """
        plain: [true, True, TRUE, false, False, FALSE, null, Null, NULL, ~, 12, -3.50, 1e3, 0x1F, yes, no, word, "True", '12', "null"]
        """

    static let expected: JSONNode = .object([.init("plain", .array([
        .bool(true), .bool(true), .bool(true), .bool(false), .bool(false), .bool(false),
        .null, .null, .null, .null,
        .number("12"), .number("-3.50"), .number("1e3"),
        // Not JSON numbers, not YAML 1.2 booleans: strings, as written.
        .string("0x1F"), .string("yes"), .string("no"), .string("word"),
        // Quoted: strings, whatever they spell.
        .string("True"), .string("12"), .string("null"),
    ]))])

    @Test func theProfileReaderReadsTheCoreSchema() throws {
        let node = try LocatedNode.document(Self.document, file: "profile.yaml", valueLimit: 1_000)
        #expect(try node.json() == Self.expected)
    }

    @Test func theDescriptionReaderReadsTheSameTree() throws {
        let text = try OpenAPIText(Data(Self.document.utf8), file: URL(fileURLWithPath: "api.yaml"))
        #expect(text.tree == Self.expected)
    }
}
