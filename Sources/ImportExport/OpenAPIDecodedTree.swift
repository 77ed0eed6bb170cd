import RequestModel

/// The tree OpenAPIKit is given: what an import does not send left out (responses reduced to
/// one, callbacks, webhooks, the components only responses use), so it costs no time and its
/// mistakes refuse nothing; and, for YAML, the fields OpenAPI types as text kept as text where a
/// plain scalar read as a number (`version: 1.0`, a server variable's `default: 8443`).
enum OpenAPIDecodedTree {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
    static let unsentComponents: Set<String> = ["responses", "headers", "links", "callbacks"]
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
            case "components": JSONNode.Member("components", .object(OpenAPITree.members(member.value).filter { !unsentComponents.contains($0.key) }))
            default: member
            }
        })
    }

    /// A part read on its own (a path item from another file, a parameter): a path item trimmed
    /// as in a document.
    static func part(_ node: JSONNode, isPathItem: Bool, fromYAML: Bool) -> JSONNode {
        let texts = fromYAML ? textsKept(node) : node
        return isPathItem ? pathItem(texts) : texts
    }

    private static func pathItem(_ item: JSONNode) -> JSONNode {
        guard case .object(let members) = item else { return item }
        return .object(members.map { member in
            guard methods.contains(member.key), case .object(let fields) = member.value else { return member }
            return JSONNode.Member(member.key, .object(fields.compactMap { field in
                switch field.key {
                case "responses": JSONNode.Member("responses", ["default": ["description": ""]])
                case "callbacks": nil
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
