import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// A Postman collection v2.0 or v2.1 (SPEC §9): its requests in order, named `Folder/Sub/Name`
/// with the folder path as `group`; auth inherited collection → folder → request (`noauth`
/// stops it; see `PostmanAuth` for where it lands); disabled headers and query items left out;
/// collection variables as profile vars; `{{var}}` kept everywhere; scripts listed as skipped.
/// URLs stay as written (`{{baseUrl}}/x` too): the profile gets no base URL, since a
/// collection's variables, not a base, make its URLs whole.
enum PostmanImport {
    static func read(_ data: Data, file: URL) throws(FileProblem) -> ImportedAPI {
        let (root, renamed) = PostmanVariableNames.renamed(try PostmanJSON.parse(data, file: file))
        guard case .object = root, root["info"] != nil || root["item"] != nil else {
            throw FileProblem(file: file.path, line: 1, column: 1, key: nil, message: "not a Postman collection: no \"info\" and no \"item\"")
        }
        let title = PostmanJSON.text(root["info"]?["name"])
        var api = ImportedAPI(format: .postman, title: title, profile: Profile(name: title ?? ""))
        api.changed = renamed
        api.profile.vars = variables(root["variable"]) + variables(root["variables"])
        let collectionAuth = PostmanAuth.postman(root["auth"])
        let placed = collectionAuth.placed(onProfile: true, scope: "collection")
        api.profile.auth = placed.profileAuth
        api.skipped += placed.skipped
        api.skipped += scripts(root["event"], of: "collection")
        var walker = Walker(collectionQuery: placed.query)
        walker.walk(PostmanJSON.array(root["item"]), folders: [], inherited: .collection, vars: [])
        api.requests = walker.requests
        api.skipped += walker.skipped
        return api
    }

    /// The auth in effect for an item: the collection's (already on the profile) or a folder's or request's own.
    enum Inherited: Equatable {
        case collection
        case own(PostmanAuth, scope: String)
    }

    struct Walker {
        var collectionQuery: NamedValue?
        var requests: [RequestSpec] = []
        var skipped: [ImportedAPI.Skipped] = []

        /// `vars`: the enclosing folders' variables, the nearest one's value last.
        mutating func walk(_ items: [JSONNode], folders: [String], inherited: Inherited, vars: [NamedValue]) {
            for item in items {
                let name = PostmanJSON.text(item["name"]) ?? ""
                let path = (folders + [name]).joined(separator: "/")
                skipped += PostmanImport.scripts(item["event"], of: path)
                let auth = PostmanAuth.postman(item["request"]?["auth"] ?? item["auth"])
                let effective = auth == .inherit ? inherited : .own(auth, scope: path)
                let itemVars = PostmanImport.merged(vars, PostmanImport.variables(item["variable"]))
                if item["request"] == nil, item["item"] != nil {
                    walk(PostmanJSON.array(item["item"]), folders: folders + [name], inherited: effective, vars: itemVars)
                } else if let request = item["request"] {
                    requests.append(self.request(request, name: path, group: folders, auth: effective, vars: itemVars))
                }
            }
        }

        private mutating func request(_ node: JSONNode, name: String, group: [String], auth: Inherited, vars: [NamedValue]) -> RequestSpec {
            // A request may be only its URL, sent with GET.
            let url = PostmanURL(PostmanJSON.text(node) != nil ? node : node["url"])
            var headers = PostmanImport.headers(node["header"])
            var urlText = url.text
            switch auth {
            case .collection:
                if let query = collectionQuery { urlText = PostmanURL.appending([(query.name, query.value)], to: urlText) }
            case .own(let own, let scope):
                let placed = own.placed(onProfile: false, scope: scope)
                // A folder's auth is reported once, by the request that first meets it.
                for entry in placed.skipped where !skipped.contains(entry) { skipped.append(entry) }
                if let header = placed.header { headers.insert(header, at: 0) }
                if let query = placed.query { urlText = PostmanURL.appending([(query.name, query.value)], to: urlText) }
            }
            let body = PostmanBody.read(node["body"], headers: headers, skippedAs: name, skipped: &skipped)
            let spec = RequestSpec(name: name, method: (PostmanJSON.text(node["method"]) ?? "GET").uppercased(), url: urlText,
                               headers: PostmanBody.headers(headers, for: body), body: body, vars: PostmanImport.merged(vars, url.pathVariables),
                               group: group.isEmpty ? nil : group.joined(separator: "/"),
                               description: PostmanJSON.description(node["description"]))
            skipped += PostmanImport.dynamicVariables(in: spec)
            return spec
        }
    }

    /// Enabled `[{key, value}]` variables (`id` for old collections' keys).
    static func variables(_ node: JSONNode?) -> [NamedValue] {
        PostmanJSON.array(node).compactMap { variable in
            guard let key = PostmanJSON.text(variable["key"] ?? variable["id"]), !PostmanJSON.isTrue(variable["disabled"]) else { return nil }
            return NamedValue(key, PostmanJSON.valueText(variable["value"]))
        }
    }

    /// `outer` with `inner`'s values replacing those of the same name, `inner`'s new ones last.
    static func merged(_ outer: [NamedValue], _ inner: [NamedValue]) -> [NamedValue] {
        let names = Set(inner.map(\.name))
        return outer.filter { !names.contains($0.name) } + inner
    }

    /// Postman's dynamic variables (`{{$guid}}`, `{{$timestamp}}`) have no value in explorer: each is listed.
    static func dynamicVariables(in request: RequestSpec) -> [ImportedAPI.Skipped] {
        var text = request.url + request.headers.map { $0.name + $0.value }.joined()
        switch request.body {
        case .json(let body), .text(let body, _): text += body
        case .form(let fields): text += fields.map { $0.name + $0.value }.joined()
        default: break
        }
        var seen: [String] = []
        for match in text.matches(of: /\{\{(\$[A-Za-z][A-Za-z0-9]*)\}\}/) where !seen.contains(String(match.1)) { seen.append(String(match.1)) }
        return seen.map { .init("\(request.name ?? request.summary) variable {{\($0)}}", "Postman's dynamic variables are not filled by explorer: give it a value (vars or --var)") }
    }

    /// Enabled headers: v2.1's `[{key, value, disabled}]`, or v2.0's `Name: value` lines.
    static func headers(_ node: JSONNode?) -> [NamedValue] {
        if let text = PostmanJSON.text(node) {
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return NamedValue(line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        return PostmanJSON.array(node).compactMap { header in
            guard !PostmanJSON.isTrue(header["disabled"]), let key = PostmanJSON.text(header["key"]) else { return nil }
            return NamedValue(key, PostmanJSON.text(header["value"]) ?? "")
        }
    }

    /// Each pre-request or test script with code, as a skipped item: explorer runs no scripts.
    static func scripts(_ events: JSONNode?, of owner: String) -> [ImportedAPI.Skipped] {
        PostmanJSON.array(events).compactMap { event in
            let listen = PostmanJSON.text(event["listen"]) ?? "event"
            let exec = event["script"]?["exec"]
            let lines = PostmanJSON.text(exec).map { [$0] } ?? PostmanJSON.array(exec).compactMap(PostmanJSON.text)
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
            return .init("\(owner) script \"\(listen)\"", "scripts are not imported: explorer runs none")
        }
    }
}
