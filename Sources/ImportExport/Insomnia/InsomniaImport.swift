import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// An Insomnia v4 export (SPEC §9): the workspace's requests, walked as Insomnia shows them
/// (each parent's children by `metaSortKey`), named `Group/Sub/Name` with the group path as
/// `group`; headers and parameters (as the query) without the disabled ones; bodies by
/// `mimeType`; auth as Postman's (`PostmanAuth`), a group's own inherited by its requests.
/// The base environment's data becomes the profile's vars, each sub-environment an
/// `ImportedAPI.Environment`; a request group's environment becomes its requests' vars (the
/// nearest group's value wins). `{{ _.var }}` becomes `{{var}}`.
enum InsomniaImport {
    static func read(_ data: Data, file: URL) throws(FileProblem) -> ImportedAPI {
        let root = try PostmanJSON.parse(data, file: file)
        guard PostmanJSON.text(root["_type"]) == "export", root["resources"] != nil else {
            throw FileProblem(file: file.path, line: 1, column: 1, key: nil, message: "not an Insomnia export: no \"_type\": \"export\" with \"resources\"")
        }
        let resources = PostmanJSON.array(root["resources"])
        var children: [String: [JSONNode]] = [:]
        for resource in resources {
            children[PostmanJSON.text(resource["parentId"]) ?? "", default: []].append(resource)
        }
        for key in children.keys {
            // Stable: equal sort keys keep the file's order.
            children[key] = children[key]!.enumerated().sorted { left, right in
                let (a, b) = (sortKey(left.element), sortKey(right.element))
                return a != b ? a < b : left.offset < right.offset
            }.map(\.element)
        }
        let workspaces = resources.filter { PostmanJSON.text($0["_type"]) == "workspace" }
        let title = workspaces.first.flatMap { PostmanJSON.text($0["name"]) }
        var api = ImportedAPI(format: .insomnia, title: title, profile: Profile(name: title ?? ""))
        if workspaces.count > 1 {
            api.skipped.append(.init("\(workspaces.count - 1) more workspaces", "one workspace is imported per profile: the first, \(title ?? "")"))
        }
        guard let workspace = workspaces.first, let workspaceID = PostmanJSON.text(workspace["_id"]) else { return api }
        readEnvironments(children, workspaceID: workspaceID, into: &api)
        var walker = Walker(children: children)
        walker.walk(parent: workspaceID, groups: [], vars: [], auth: .inherit)
        api.requests = walker.requests
        api.skipped += walker.skipped
        return api
    }

    private static func sortKey(_ resource: JSONNode) -> Double {
        PostmanJSON.text(resource["metaSortKey"]).flatMap(Double.init) ?? 0
    }

    /// The base environment (the workspace's) → profile vars; its children → environments.
    private static func readEnvironments(_ children: [String: [JSONNode]], workspaceID: String, into api: inout ImportedAPI) {
        let environments = { (parent: String) in (children[parent] ?? []).filter { PostmanJSON.text($0["_type"]) == "environment" } }
        guard let base = environments(workspaceID).first else { return }
        api.profile.vars = vars(base["data"], owner: "base environment", skipped: &api.skipped)
        for environment in environments(PostmanJSON.text(base["_id"]) ?? "") {
            let name = PostmanJSON.text(environment["name"]) ?? "environment"
            api.environments.append(.init(name: name, vars: vars(environment["data"], owner: "environment \(name)", skipped: &api.skipped)))
        }
    }

    /// An environment's `data` as vars; a value holding a template tag (`{% response … %}`) is
    /// Insomnia's own code, so it is listed instead of copied.
    static func vars(_ data: JSONNode?, owner: String, skipped: inout [ImportedAPI.Skipped]) -> [NamedValue] {
        guard case .object(let members) = data else { return [] }
        return members.compactMap { member in
            let value = InsomniaText.variables(PostmanJSON.valueText(member.value))
            if value.contains("{%") {
                skipped.append(.init("\(owner) variable \"\(member.key)\"", "an Insomnia template tag ({% … %}) is not imported: set the value yourself"))
                return nil
            }
            return NamedValue(member.key, value)
        }
    }

    struct Walker {
        var children: [String: [JSONNode]]
        var requests: [RequestSpec] = []
        var skipped: [ImportedAPI.Skipped] = []

        mutating func walk(parent: String, groups: [String], vars: [NamedValue], auth: PostmanAuth) {
            for resource in children[parent] ?? [] {
                let name = PostmanJSON.text(resource["name"]) ?? ""
                let path = (groups + [name]).joined(separator: "/")
                let own = PostmanAuth.insomnia(resource["authentication"])
                let effective = own == .inherit ? auth : own
                switch PostmanJSON.text(resource["_type"]) {
                case "request_group":
                    let groupVars = InsomniaImport.vars(resource["environment"], owner: "request group \(path)", skipped: &skipped)
                    let names = Set(groupVars.map(\.name))
                    walk(parent: PostmanJSON.text(resource["_id"]) ?? "", groups: groups + [name],
                         vars: vars.filter { !names.contains($0.name) } + groupVars, auth: effective)
                case "request":
                    requests.append(request(resource, name: path, groups: groups, vars: vars, auth: effective))
                case "grpc_request", "websocket_request":
                    skipped.append(.init(path, "\(PostmanJSON.text(resource["_type"]) ?? "") is not an HTTP request"))
                default:
                    break
                }
            }
        }

        private mutating func request(_ node: JSONNode, name: String, groups: [String], vars: [NamedValue], auth: PostmanAuth) -> RequestSpec {
            var headers = PostmanJSON.array(node["headers"]).compactMap { header -> NamedValue? in
                guard !PostmanJSON.isTrue(header["disabled"]), let key = PostmanJSON.text(header["name"]), !key.isEmpty else { return nil }
                return NamedValue(InsomniaText.variables(key), InsomniaText.variables(PostmanJSON.text(header["value"]) ?? ""))
            }
            let query = PostmanJSON.array(node["parameters"]).compactMap { parameter -> (String, String)? in
                guard !PostmanJSON.isTrue(parameter["disabled"]), let key = PostmanJSON.text(parameter["name"]), !key.isEmpty else { return nil }
                return (InsomniaText.variables(key), InsomniaText.variables(PostmanJSON.text(parameter["value"]) ?? ""))
            }
            var url = PostmanURL.appending(query, to: PostmanURL.withScheme(InsomniaText.variables(PostmanJSON.text(node["url"]) ?? "")))
            let placed = auth.placed(onProfile: false, scope: name)
            skipped += placed.skipped
            if let header = placed.header { headers.insert(header, at: 0) }
            if let item = placed.query { url = PostmanURL.appending([(item.name, item.value)], to: url) }
            let body = InsomniaBody.read(node["body"], headers: headers, name: name, skipped: &skipped)
            return RequestSpec(name: name, method: (PostmanJSON.text(node["method"]) ?? "GET").uppercased(), url: url,
                               headers: PostmanBody.headers(headers, for: body), body: body, vars: vars,
                               group: groups.isEmpty ? nil : groups.joined(separator: "/"),
                               description: PostmanJSON.description(node["description"]))
        }
    }
}
