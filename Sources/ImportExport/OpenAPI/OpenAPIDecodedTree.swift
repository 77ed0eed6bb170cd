import RequestModel

/// The tree OpenAPIKit is given: what an import does not send left out (responses reduced to
/// one, callbacks, webhooks, the components only responses use), and what the import reads from
/// the tree itself (request bodies' schemas and examples, component schemas and examples), so
/// it costs no time and its mistakes refuse nothing; and, for YAML, the fields OpenAPI types as text kept as text where a
/// plain scalar read as a number (`version: 1.0`, a server variable's `default: 8443`).
enum OpenAPIDecodedTree {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
    static let unsentComponents: Set<String> = ["responses", "headers", "links", "callbacks", "schemas", "examples"]
    static let textFields: Set<String> = ["version", "title", "description", "summary", "operationId", "name", "url", "pattern",
                                          "format", "in", "style", "type", "$ref", "termsOfService", "email", "scheme",
                                          "bearerFormat", "propertyName", "contentType", "tokenUrl", "authorizationUrl",
                                          "refreshUrl", "openIdConnectUrl"]

    static func document(_ tree: JSONNode, fromYAML: Bool) -> JSONNode {
        let texts = fromYAML ? textsKept(tree) : tree
        return .object(OpenAPITree.members(texts).compactMap { member in
            switch member.key {
            case "webhooks": nil
            case "paths": JSONNode.Member("paths", .object(OpenAPITree.members(member.value).map { JSONNode.Member($0.key, pathItem($0.value)) }))
            case "components":
                JSONNode.Member("components", .object(OpenAPITree.members(member.value).compactMap { component in
                    if unsentComponents.contains(component.key) { return nil }
                    let trim: ((JSONNode) -> JSONNode)? = switch component.key {
                    case "requestBodies": requestBody
                    case "pathItems": pathItem
                    default: nil
                    }
                    guard let trim else { return component }
                    return JSONNode.Member(component.key, .object(OpenAPITree.members(component.value).map { JSONNode.Member($0.key, trim($0.value)) }))
                }))
            default: member
            }
        })
    }

    enum Part { case pathItem, requestBody, other }

    /// A part read on its own (a path item from another file, a parameter), trimmed as in a document.
    static func part(_ node: JSONNode, _ kind: Part, fromYAML: Bool) -> JSONNode {
        let texts = fromYAML ? textsKept(node) : node
        switch kind {
        case .pathItem: return pathItem(texts)
        case .requestBody: return requestBody(texts)
        case .other: return texts
        }
    }

    /// Its media types without schemas and examples (the import reads those from the tree).
    private static func requestBody(_ body: JSONNode) -> JSONNode {
        guard case .object(let members) = body, body["$ref"] == nil else { return body }
        return .object(members.map { member in
            guard member.key == "content" else { return member }
            return JSONNode.Member("content", .object(OpenAPITree.members(member.value).map { type in
                guard case .object(let fields) = type.value, type.value["$ref"] == nil else { return type }
                return JSONNode.Member(type.key, .object(fields.filter { !["schema", "example", "examples", "itemSchema"].contains($0.key) }))
            }))
        })
    }

    private static func pathItem(_ item: JSONNode) -> JSONNode {
        guard case .object(let members) = item else { return item }
        return .object(members.map { member in
            guard methods.contains(member.key), case .object(let fields) = member.value else { return member }
            return JSONNode.Member(member.key, .object(fields.compactMap { field in
                switch field.key {
                case "responses": JSONNode.Member("responses", ["default": ["description": ""]])
                case "callbacks": nil
                case "requestBody": JSONNode.Member("requestBody", requestBody(field.value))
                default: field
                }
            }))
        })
    }

    /// Numbers and booleans of text fields as the text they were written as; in servers, the
    /// variables' `default` and `enum` too.
    private static func textsKept(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members):
            return .object(members.map { member in
                switch member.value {
                case .number(let text) where textFields.contains(member.key): JSONNode.Member(member.key, .string(text))
                case .bool(let flag) where textFields.contains(member.key): JSONNode.Member(member.key, .string(String(flag)))
                case .array(let servers) where member.key == "servers": JSONNode.Member(member.key, .array(servers.map(server)))
                default: JSONNode.Member(member.key, textsKept(member.value))
                }
            })
        case .array(let items):
            return .array(items.map(textsKept))
        default:
            return node
        }
    }

    private static func server(_ server: JSONNode) -> JSONNode {
        guard case .object(let members) = textsKept(server) else { return server }
        return .object(members.map { member in
            guard member.key == "variables" else { return member }
            return JSONNode.Member(member.key, .object(OpenAPITree.members(member.value).map { variable in
                JSONNode.Member(variable.key, .object(OpenAPITree.members(variable.value).map { field in
                    switch field.value {
                    case .number, .bool: JSONNode.Member(field.key, .string(OpenAPITree.string(field.value) ?? ""))
                    case .array(let items): JSONNode.Member(field.key, .array(items.map { OpenAPITree.string($0).map(JSONNode.string) ?? $0 }))
                    default: field
                    }
                }))
            }))
        })
    }
}
