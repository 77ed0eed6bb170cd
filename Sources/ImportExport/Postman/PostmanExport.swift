import ProfileFormat
import RequestModel

/// `explorer export postman`: one Postman v2.1 collection (SPEC §9). `info.name` is the
/// profile's name; the base URL is the collection variable `baseUrl` (without its trailing `/`),
/// followed by the profile's vars and, empty, each path parameter a request's template names.
/// Requests sit in folders made from their `group` (`Folder/Sub`), named without the group's
/// prefix, so a re-import names them as before. Bearer and basic profile auth become the
/// collection's `auth`; a header auth (an API key) and the profile's common headers go on each
/// request, as Postman keeps no collection headers. Every secret is a `{{placeholder}}`.
enum PostmanExport {
    static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] {
        var members: [JSONNode.Member] = [
            .init("info", ["name": .string(profile.name), "schema": .string(schemaURL)]),
            .init("item", .array(PostmanFolders.items(requests.map { PostmanExportRequest.item($0, profile: profile) }))),
        ]
        if let auth = profile.auth, let node = collectionAuth(auth) { members.append(.init("auth", node)) }
        members.append(.init("variable", .array(variableList(variables(profile: profile, requests: requests)))))
        return [ExportedFile(text: JSONNode.object(members).prettyText() + "\n")]
    }

    /// `baseUrl`, the profile's vars (a secret one as a placeholder), then each path parameter not named yet.
    static func variables(profile: Profile, requests: [RequestSpec]) -> [NamedValue] {
        var variables: [NamedValue] = []
        if let base = profile.baseURL {
            variables.append(NamedValue("baseUrl", String(base.reversed().drop { $0 == "/" }.reversed())))
        }
        variables += profile.vars
        var named = Set(variables.map(\.name))
        for request in requests {
            for parameter in request.parameters where parameter.location == .path && !named.contains(parameter.name) {
                named.insert(parameter.name)
                variables.append(NamedValue(parameter.name, ""))
            }
        }
        return variables
    }

    /// `[{key, value}]`, a value that reads `${env:}` as a placeholder.
    static func variableList(_ variables: [NamedValue]) -> [JSONNode] {
        variables.map { variable in
            let value = variable.value.contains("${env:") ? ExportSecrets.placeholder(for: variable.value, fallback: variable.name) : variable.value
            return ["key": .string(variable.name), "value": .string(value)]
        }
    }

    /// Bearer and basic as Postman's own auth, secrets as placeholders; a header auth goes on each request instead.
    static func collectionAuth(_ auth: Profile.Auth) -> JSONNode? {
        func attribute(_ key: String, _ value: String) -> JSONNode { ["key": .string(key), "value": .string(value), "type": "string"] }
        switch auth {
        case .bearer(let token):
            return ["type": "bearer", "bearer": [attribute("token", ExportSecrets.placeholder(for: token, fallback: "token"))]]
        case .basic(let username, let password):
            return ["type": "basic", "basic": [
                attribute("username", ExportSecrets.placeholder(for: username, fallback: "username")),
                attribute("password", ExportSecrets.placeholder(for: password, fallback: "password")),
            ]]
        case .header:
            return nil
        case .oauth2(let oauth):
            return PostmanOAuth2.auth(oauth)
        }
    }
}
