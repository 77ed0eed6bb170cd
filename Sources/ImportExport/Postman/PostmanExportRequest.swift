import ProfileFormat
import RequestModel

/// One saved request as a Postman v2.1 item: method, headers (secrets as placeholders), the URL
/// both as `raw` and in parts (template query parameters that are optional disabled), the body
/// by kind, the description.
enum PostmanExportRequest {
    static func item(_ request: RequestSpec, profile: Profile) -> PostmanFolders.Item {
        let group = request.group.map { $0.split(separator: "/", omittingEmptySubsequences: false).map(String.init) } ?? []
        let fullName = request.name ?? request.summary
        var name = fullName
        if let prefix = request.group, fullName.hasPrefix(prefix + "/") { name = String(fullName.dropFirst(prefix.count + 1)) }
        // A request header replaces a common one (or the header auth) of the same name, as the profile sends it.
        let own = Set(request.headers.map { $0.name.lowercased() })
        var headers = ExportSecrets.commonHeaders(profile)
        if case .header = profile.auth, let auth = profile.auth { headers.append(ExportSecrets.authHeader(auth)) }
        headers = headers.filter { !own.contains($0.name.lowercased()) } + request.headers.map(ExportSecrets.requestHeader)
        if let contentType = contentType(of: request.body), !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(NamedValue("Content-Type", contentType))
        }
        var members: [JSONNode.Member] = [
            .init("method", .string(request.method.uppercased())),
            .init("header", .array(headers.map { ["key": .string($0.name), "value": .string($0.value)] })),
        ]
        if let body = body(request.body) { members.append(.init("body", body)) }
        members.append(.init("url", url(ExportURL(request))))
        if let description = Self.description(request) { members.append(.init("description", .string(description))) }
        var item: [JSONNode.Member] = [.init("name", .string(name))]
        // The request's own vars (a folder's environment, a path variable's value) as the item's variables.
        if !request.vars.isEmpty {
            item.append(.init("variable", .array(PostmanExport.variableList(request.vars))))
        }
        item.append(.init("request", .object(members)))
        return .init(group: group, node: .object(item))
    }

    /// The request's description, with a line saying so when its body is bytes a collection cannot hold.
    static func description(_ request: RequestSpec) -> String? {
        guard case .binary(let data, _) = request.body, String(validating: data, as: UTF8.self) == nil else { return request.description }
        let note = "\(data.count) bytes of binary body not written: a Postman collection holds text"
        return request.description.map { $0 + "\n\n" + note } ?? note
    }

    /// A text body's declared type, which Postman sends only as a header.
    private static func contentType(of body: RequestSpec.Body) -> String? {
        switch body {
        case .text(_, let contentType), .binary(_, let contentType): contentType
        default: nil
        }
    }

    static func body(_ body: RequestSpec.Body) -> JSONNode? {
        switch body {
        case .none: return nil
        case .binary(let data, _):
            // Bytes that are UTF-8 text are sent as that text; others cannot be written (see `description`).
            return String(validating: data, as: UTF8.self).map { ["mode": "raw", "raw": .string($0)] }
        case .json(let text): return ["mode": "raw", "raw": .string(text), "options": ["raw": ["language": "json"]]]
        case .text(let text, _): return ["mode": "raw", "raw": .string(text)]
        // Postman's own GraphQL mode: the query, and the variables as the text they are.
        case .graphql(let graphql):
            return ["mode": "graphql", "graphql": .object([.init("query", .string(graphql.query)), .init("variables", .string(graphql.variables ?? ""))])]
        case .form(let fields):
            return ["mode": "urlencoded", "urlencoded": .array(fields.map { ["key": .string($0.name), "value": .string($0.value), "type": "text"] })]
        case .multipart(let parts):
            return ["mode": "formdata", "formdata": .array(parts.map { part in
                let type = part.contentType.map { [JSONNode.Member("contentType", .string($0))] } ?? []
                return switch part.content {
                case .text(let value): .object([.init("key", .string(part.name)), .init("value", .string(value)), .init("type", "text")] + type)
                case .file(let path): .object([.init("key", .string(part.name)), .init("type", "file"), .init("src", .string(path))] + type)
                }
            })]
        }
    }

    /// `{raw, protocol, host, port, path, query}` as Postman writes a URL.
    static func url(_ url: ExportURL) -> JSONNode {
        var members: [JSONNode.Member] = [.init("raw", .string(url.text))]
        var rest = url.base[...]
        if let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].contains("{") {
            members.append(.init("protocol", .string(String(rest[..<scheme.lowerBound]))))
            rest = rest[scheme.upperBound...]
        }
        let slash = rest.firstIndex(of: "/")
        var authority = String(rest[..<(slash ?? rest.endIndex)])
        var port: String?
        if let colon = authority.lastIndex(of: ":"), !authority[authority.index(after: colon)...].isEmpty,
           authority[authority.index(after: colon)...].allSatisfy(\.isNumber) {
            port = String(authority[authority.index(after: colon)...])
            authority = String(authority[..<colon])
        }
        let host: [String] = authority.contains("{{") ? [authority] : authority.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        members.append(.init("host", .array(host.map(JSONNode.string))))
        if let port { members.append(.init("port", .string(port))) }
        if let slash {
            let path = rest[rest.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            members.append(.init("path", .array(path.map(JSONNode.string))))
        }
        if !url.query.isEmpty {
            members.append(.init("query", .array(url.query.map { item in
                var query: [JSONNode.Member] = [.init("key", .string(item.name)), .init("value", .string(item.value))]
                if item.optional { query.append(.init("disabled", true)) }
                return .object(query)
            })))
        }
        return .object(members)
    }
}
