import ProfileFormat
import RequestModel

/// `http-client.env.json` for an exported profile: one environment named after the profile
/// holding `baseUrl` (its base URL without the trailing `/`), the profile's vars — a secret one
/// (holding `${env:}`) as an empty string, never its value — and every `{{name}}` the exported
/// requests use that nothing defines, empty, for the user to fill. `{{$system}}` variables and
/// `{{login.response…}}` references are the client's own and left out.
enum HTTPFileExportEnvironment {
    static func text(profile: Profile, using exported: String) -> String {
        var members = [JSONNode.Member("baseUrl", .string(baseURL(profile)))]
        for variable in profile.vars where !members.contains(where: { $0.key == variable.name }) {
            members.append(JSONNode.Member(variable.name, .string(variable.value.contains("${env:") ? "" : variable.value)))
        }
        for name in usedNames(in: exported) where !members.contains(where: { $0.key == name }) {
            members.append(JSONNode.Member(name, .string("")))
        }
        let environment = profile.name.isEmpty ? "default" : profile.name
        return JSONNode.object([JSONNode.Member(environment, .object(members))]).prettyText() + "\n"
    }

    static func baseURL(_ profile: Profile) -> String {
        var url = profile.baseURL ?? ""
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// `{{ name }}` names in order of first use.
    static func usedNames(in text: String) -> [String] {
        var seen = Set<String>()
        return text.matches(of: /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/).map { String($0.1) }.filter { seen.insert($0).inserted }
    }
}
