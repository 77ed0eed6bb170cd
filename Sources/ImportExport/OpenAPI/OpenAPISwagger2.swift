import RequestModel

/// Swagger 2.0 as the OpenAPI 3.0 tree it stands for, so one path reads both: host, basePath and
/// schemes become a server; `in: body` and `formData` parameters a request body (form fields as
/// an object schema, `type: file` as binary, multipart when a file is sent or only multipart is
/// consumed); `securityDefinitions` security schemes; `definitions` component schemas with their
/// `$ref`s moved along. Responses keep only their descriptions (an import sends requests).
/// Local `#/parameters/` references are read in place.
enum OpenAPISwagger2 {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    static func openAPI30(_ root: JSONNode) -> JSONNode {
        let info = OpenAPITree.members(root["info"]).map { member in
            // 3.0 wants text where a YAML file may have written `version: 1.0`.
            member.key == "version" || member.key == "title" ? JSONNode.Member(member.key, .string(OpenAPITree.string(member.value) ?? "")) : member
        }
        let paths = OpenAPITree.members(root["paths"]).map { JSONNode.Member($0.key, pathItem($0.value, root: root)) }
        let schemas = OpenAPITree.members(root["definitions"]).map { JSONNode.Member($0.key, schema($0.value)) }
        let schemes = OpenAPITree.members(root["securityDefinitions"]).map { JSONNode.Member($0.key, securityScheme($0.value)) }
        return OpenAPITree.object([
            ("openapi", "3.0.3"),
            ("info", .object(info)),
            ("servers", server(root).map { .array([["url": .string($0)]]) }),
            ("paths", .object(paths)),
            ("components", .object([JSONNode.Member("schemas", .object(schemas)), JSONNode.Member("securitySchemes", .object(schemes))])),
            ("security", root["security"]),
            ("tags", root["tags"]),
        ])
    }

    /// `https://host/basePath` (https when the file lists it, else its first scheme); only the
    /// base path, relative, without a host; nil with neither.
    static func server(_ root: JSONNode) -> String? {
        let basePath = OpenAPITree.string(root["basePath"]) ?? ""
        guard let host = OpenAPITree.string(root["host"]) else { return basePath.isEmpty ? nil : basePath }
        let schemes = OpenAPITree.items(root["schemes"]).compactMap(OpenAPITree.string)
        let scheme = schemes.contains("https") ? "https" : schemes.first ?? "https"
        return "\(scheme)://\(host)\(basePath)"
    }

    private static func pathItem(_ item: JSONNode, root: JSONNode) -> JSONNode {
        if let reference = item["$ref"] { return ["$ref": reference] }
        let shared = OpenAPITree.items(item["parameters"]).map { resolved($0, root: root) }
        var members = [JSONNode.Member]()
        let plain = shared.filter { !["body", "formData"].contains(OpenAPITree.string($0["in"])) }
        if !plain.isEmpty { members.append(JSONNode.Member("parameters", .array(plain.map(parameter)))) }
        for member in OpenAPITree.members(item) where methods.contains(member.key) {
            members.append(JSONNode.Member(member.key, operation(member.value, shared: shared, root: root)))
        }
        return .object(members)
    }

    private static func operation(_ operation: JSONNode, shared: [JSONNode], root: JSONNode) -> JSONNode {
        let own = OpenAPITree.items(operation["parameters"]).map { resolved($0, root: root) }
        // The operation's parameter wins over the path's of the same name and place.
        let ownKeys = Set(own.map { "\(OpenAPITree.string($0["in"]) ?? "") \(OpenAPITree.string($0["name"]) ?? "")" })
        let all = shared.filter { !ownKeys.contains("\(OpenAPITree.string($0["in"]) ?? "") \(OpenAPITree.string($0["name"]) ?? "")") } + own
        let plain = all.filter { !["body", "formData"].contains(OpenAPITree.string($0["in"])) }.map(parameter)
        let consumes = OpenAPITree.items(operation["consumes"] ?? root["consumes"]).compactMap(OpenAPITree.string)
        let responses = OpenAPITree.members(operation["responses"]).map { member in
            JSONNode.Member(member.key, ["description": .string(OpenAPITree.string(member.value["description"]) ?? "")])
        }
        return OpenAPITree.object([
            ("tags", operation["tags"]), ("summary", operation["summary"]), ("description", operation["description"]),
            ("operationId", operation["operationId"]), ("deprecated", operation["deprecated"]),
            ("parameters", plain.isEmpty ? nil : .array(plain)),
            ("requestBody", requestBody(all, consumes: consumes)),
            ("responses", .object(responses.isEmpty ? [JSONNode.Member("default", ["description": ""])] : responses)),
            ("security", operation["security"]),
        ])
    }

    /// A `$ref` to `#/parameters/NAME` read from the file; any other parameter as it is.
    private static func resolved(_ parameter: JSONNode, root: JSONNode) -> JSONNode {
        guard let reference = OpenAPITree.string(parameter["$ref"]), reference.hasPrefix("#/") else { return parameter }
        return OpenAPITree.node(root, at: OpenAPITree.pointer(reference.dropFirst())) ?? parameter
    }

    static let schemaKeys = ["type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                             "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf"]

    /// A query, path or header parameter: its type keys as a schema, its collectionFormat as a style.
    private static func parameter(_ parameter: JSONNode) -> JSONNode {
        if parameter["$ref"] != nil { return ["$ref": .string(rewritten(OpenAPITree.string(parameter["$ref"]) ?? ""))] }
        let place = OpenAPITree.string(parameter["in"]) ?? "query"
        var style: (String, Bool)?
        if OpenAPITree.string(parameter["type"]) == "array" {
            switch OpenAPITree.string(parameter["collectionFormat"]) ?? "csv" {
            case "multi": style = ("form", true)
            case "ssv": style = place == "query" ? ("spaceDelimited", false) : nil
            case "pipes": style = place == "query" ? ("pipeDelimited", false) : nil
            default: style = (place == "query" ? "form" : "simple", false)
            }
        }
        return OpenAPITree.object([
            ("name", parameter["name"]), ("in", .string(place)), ("description", parameter["description"]),
            ("required", place == "path" ? .bool(true) : parameter["required"]),
            ("style", style.map { .string($0.0) }), ("explode", style.map { .bool($0.1) }),
            ("schema", typeSchema(parameter)),
        ])
    }

    private static func typeSchema(_ node: JSONNode) -> JSONNode {
        if OpenAPITree.string(node["type"]) == "file" { return ["type": "string", "format": "binary"] }
        return .object(OpenAPITree.members(node).compactMap { member in
            guard schemaKeys.contains(member.key) else { return nil }
            return member.key == "items" ? JSONNode.Member("items", typeSchema(member.value)) : member
        })
    }

    /// The body parameter's schema, or the form fields as one object, as 3.0's request body.
    private static func requestBody(_ parameters: [JSONNode], consumes: [String]) -> JSONNode? {
        if let body = parameters.first(where: { OpenAPITree.string($0["in"]) == "body" }) {
            let type = consumes.first { $0.contains("json") } ?? consumes.first ?? "application/json"
            return OpenAPITree.object([
                ("description", body["description"]), ("required", body["required"]),
                ("content", .object([JSONNode.Member(type, ["schema": schema(body["schema"] ?? [:])])])),
            ])
        }
        let fields = parameters.filter { OpenAPITree.string($0["in"]) == "formData" }
        guard !fields.isEmpty else { return nil }
        let sendsFile = fields.contains { OpenAPITree.string($0["type"]) == "file" }
        let type = sendsFile || !consumes.contains("application/x-www-form-urlencoded") && consumes.contains("multipart/form-data")
            ? "multipart/form-data" : "application/x-www-form-urlencoded"
        let properties = fields.map { field in
            JSONNode.Member(OpenAPITree.string(field["name"]) ?? "", typeSchemaWithDescription(field))
        }
        let required = fields.filter { $0["required"] == .bool(true) }.compactMap { OpenAPITree.string($0["name"]).map(JSONNode.string) }
        return ["content": .object([JSONNode.Member(type, ["schema": OpenAPITree.object([
            ("type", "object"), ("properties", .object(properties)), ("required", required.isEmpty ? nil : .array(required)),
        ])])])]
    }

    private static func typeSchemaWithDescription(_ field: JSONNode) -> JSONNode {
        guard case .object(var members) = typeSchema(field), let description = field["description"] else { return typeSchema(field) }
        members.append(JSONNode.Member("description", description))
        return .object(members)
    }

    /// A 2.0 schema as 3.0 reads it: `$ref`s to definitions moved to components, a discriminator
    /// named by its property, `type: file` as binary text.
    static func schema(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members):
            return .object(members.map { member in
                switch (member.key, member.value) {
                case ("$ref", .string(let reference)): JSONNode.Member("$ref", .string(rewritten(reference)))
                case ("discriminator", .string(let property)): JSONNode.Member("discriminator", ["propertyName": .string(property)])
                case ("type", .string("file")): JSONNode.Member("type", "string")
                default: JSONNode.Member(member.key, schema(member.value))
                }
            })
        case .array(let items): return .array(items.map(schema))
        default: return node
        }
    }

    private static func rewritten(_ reference: String) -> String {
        for (old, new) in [("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
                           ("#/responses/", "#/components/responses/")] where reference.hasPrefix(old) {
            return new + reference.dropFirst(old.count)
        }
        return reference
    }

    private static func securityScheme(_ scheme: JSONNode) -> JSONNode {
        let description = scheme["description"]
        switch OpenAPITree.string(scheme["type"]) {
        case "basic":
            return OpenAPITree.object([("type", "http"), ("scheme", "basic"), ("description", description)])
        case "oauth2":
            let flowName = ["implicit": "implicit", "password": "password", "application": "clientCredentials",
                            "accessCode": "authorizationCode"][OpenAPITree.string(scheme["flow"]) ?? ""] ?? "implicit"
            let flow = OpenAPITree.object([("authorizationUrl", scheme["authorizationUrl"]), ("tokenUrl", scheme["tokenUrl"]),
                                           ("scopes", scheme["scopes"] ?? [:])])
            return OpenAPITree.object([("type", "oauth2"), ("description", description), ("flows", .object([JSONNode.Member(flowName, flow)]))])
        default:
            return OpenAPITree.object([("type", "apiKey"), ("name", scheme["name"]), ("in", scheme["in"]), ("description", description)])
        }
    }
}
