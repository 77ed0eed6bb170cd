import Foundation
import LocatedYAML
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import RequestModel

/// The description as OpenAPIKit's 3.1 model, whatever it was written in: 3.1 as it is, 3.0
/// decoded as 3.0 and converted, Swagger 2.0 converted to a 3.0 tree first. A document OpenAPIKit
/// refuses is refused at the node its coding path names, with what was expected there.
///
/// What an import does not send is left out before decoding (`OpenAPIDecodedTree`), and
/// Foundation's JSONDecoder decodes: twice as fast as Yams' on a large description. It does not
/// keep the order of objects, so every order the import follows is read from the tree.
enum OpenAPIDecoding {
    enum Version {
        case swagger2, openAPI30, openAPI31

        /// Decoded with OpenAPIKit30 and converted (Swagger 2.0 after its own conversion).
        var is30: Bool { self != .openAPI31 }
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

    /// The 3.1 document and the tree its locations point into (for Swagger 2.0, the converted one).
    static func document(_ text: OpenAPIText, version: Version) throws(FileProblem) -> (OpenAPIKit.OpenAPI.Document, JSONNode) {
        let tree = version == .swagger2 ? OpenAPISwagger2.openAPI30(text.tree) : text.tree
        do {
            return (try decode(OpenAPIDecodedTree.document(tree, fromYAML: text.isYAML), is30: version.is30), tree)
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            throw problem(text, path, "not a valid OpenAPI document: \(described.localizedDescription)")
        }
    }

    /// A part of a description (a parameter, a request body, a schema, a path item) decoded
    /// inside a document of its own: OpenAPIKit's errors expect the paths a document gives them,
    /// and a 3.0 part is converted with its document.
    static func part<Value: OpenAPIKit.ComponentDictionaryLocatable>(_ type: Value.Type, _ node: JSONNode, is30: Bool, fromYAML: Bool) throws
        -> Either<OpenAPIKit.OpenAPI.Reference<Value>, Value>? {
        let isPathItem = Value.self == OpenAPIKit.OpenAPI.PathItem.self
        let kind: OpenAPIDecodedTree.Part = isPathItem ? .pathItem : Value.self == OpenAPIKit.OpenAPI.Request.self ? .requestBody : .other
        let part = OpenAPIDecodedTree.part(node, kind, fromYAML: fromYAML)
        let info: JSONNode = ["title": "", "version": ""]
        let version: JSONNode = is30 ? "3.0.3" : "3.1.0"
        if isPathItem {
            let document = try decode(["openapi": version, "info": info, "paths": ["/part": part]], is30: is30)
            return document.paths["/part"].flatMap { $0 as Any as? Either<OpenAPIKit.OpenAPI.Reference<Value>, Value> }
        }
        let components = JSONNode.object([JSONNode.Member(Value.openAPIComponentsKey, ["part": part])])
        let document = try decode(["openapi": version, "info": info, "paths": [:], "components": components], is30: is30)
        switch Value.openAPIComponentsKeyPath {
        case .a(let direct): return document.components[keyPath: direct]["part"].map { .b($0) }
        case .b(let referable): return document.components[keyPath: referable]["part"]
        }
    }

    private static func decode(_ tree: JSONNode, is30: Bool) throws -> OpenAPIKit.OpenAPI.Document {
        let data = Data(tree.compactText.utf8)
        let decoder = JSONDecoder()
        // Vendor extensions (`x-…`) are not imported; reading them decodes every object twice.
        decoder.userInfo[OpenAPIKit.VendorExtensionsConfiguration.enabledKey] = false
        decoder.userInfo[OpenAPIKit30.VendorExtensionsConfiguration.enabledKey] = false
        if is30 { return try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_0) }
        return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: data)
    }

    private static func problem(_ text: OpenAPIText, _ path: [String], _ message: String) -> FileProblem {
        OpenAPIProblemPlace.problem(in: text.text, file: text.file, codingPath: path, message: message)
    }
}
