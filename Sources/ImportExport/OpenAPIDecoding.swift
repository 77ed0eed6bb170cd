import Foundation
import LocatedYAML
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import RequestModel
import Yams

/// The description as OpenAPIKit's 3.1 model, whatever it was written in: 3.1 as it is, 3.0
/// decoded as 3.0 and converted, Swagger 2.0 converted to a 3.0 tree first. A document OpenAPIKit
/// refuses is refused at the node its coding path names, with what was expected there.
enum OpenAPIDecoding {
    enum Version {
        case swagger2, openAPI30, openAPI31
    }

    static func version(of text: OpenAPIText) throws(FileProblem) -> Version {
        let key = text.tree["openapi"] != nil ? "openapi" : "swagger"
        let version: String
        switch text.tree[key] {
        case .string(let written)?, .number(let written)?: version = written
        case let other?: throw problem(text, [key], "expected the version as text, found \(other.kindName)")
        case nil: throw problem(text, [], "expected an `openapi` (3.x) or `swagger` (2.0) version")
        }
        if key == "swagger" {
            guard version == "2.0" else { throw problem(text, [key], "expected swagger \"2.0\", found \(QuotedValue.quoted(version))") }
            return .swagger2
        }
        if version.hasPrefix("3.0") { return .openAPI30 }
        if version.hasPrefix("3.1") || version.hasPrefix("3.2") { return .openAPI31 }
        throw problem(text, [key], "expected an OpenAPI version 3.0.x, 3.1.x or 3.2.x (or swagger: \"2.0\"), found \(QuotedValue.quoted(version))")
    }

    /// The 3.1 document and the tree its `$ref`s point into (for Swagger 2.0, the converted one).
    static func document(_ text: OpenAPIText, version: Version) throws(FileProblem) -> (OpenAPIKit.OpenAPI.Document, JSONNode) {
        do {
            switch version {
            case .openAPI31:
                let document: OpenAPIKit.OpenAPI.Document = try decode(text)
                return (document, text.tree)
            case .openAPI30:
                let document: OpenAPIKit30.OpenAPI.Document = try decode(text)
                return (document.convert(to: .v3_1_0), text.tree)
            case .swagger2:
                let converted = OpenAPISwagger2.openAPI30(text.tree)
                let document = try OpenAPIText.decode(OpenAPIKit30.OpenAPI.Document.self, from: converted)
                return (document.convert(to: .v3_1_0), converted)
            }
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            throw OpenAPIProblemPlace.problem(in: text.text, file: text.file, codingPath: path,
                                              message: "not a valid OpenAPI document: \(described.localizedDescription)")
        }
    }

    private static func decode<Document: Decodable>(_ text: OpenAPIText) throws -> Document {
        if let yaml = text.yaml { return try YAMLDecoder().decode(Document.self, from: yaml) }
        return try JSONDecoder().decode(Document.self, from: Data(text.text.utf8))
    }

    private static func problem(_ text: OpenAPIText, _ path: [String], _ message: String) -> FileProblem {
        OpenAPIProblemPlace.problem(in: text.text, file: text.file, codingPath: path, message: message)
    }
}
