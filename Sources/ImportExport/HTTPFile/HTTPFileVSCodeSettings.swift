import Foundation
import RequestModel

/// VS Code REST Client's environments: `rest-client.environmentVariables` in
/// `.vscode/settings.json` beside the `.http` file (a map from environment name to variables,
/// `$shared` among them, like JetBrains'). The settings file belongs to the editor, not to the
/// import: when it is not plain JSON (VS Code allows comments) it is listed as skipped, never a
/// reason to refuse the import.
enum HTTPFileVSCodeSettings {
    static let path = ".vscode/settings.json"
    static let key = "rest-client.environmentVariables"

    static func environments(beside file: URL, skipped: inout [ImportedAPI.Skipped]) -> [ImportedAPI.Environment] {
        let url = file.deletingLastPathComponent().appendingPathComponent(path)
        guard let data = HTTPFileBody.readable(url.path) else { return [] }
        let settings: JSONNode
        do {
            settings = try JSONNode.parsing(data)
        } catch {
            skipped.append(ImportedAPI.Skipped(path, "not plain JSON (\(error)); its REST Client environments were not read"))
            return []
        }
        guard let environments = settings[key] else { return [] }
        guard case .object(let members) = environments else {
            skipped.append(ImportedAPI.Skipped("\(path) \(key)", "\(environments.kindName), not an object of environments"))
            return []
        }
        return members.compactMap { member in
            guard case .object(let values) = member.value else {
                skipped.append(ImportedAPI.Skipped("\(path) \(member.key)", "\(member.value.kindName), not an object of variables"))
                return nil
            }
            return ImportedAPI.Environment(name: member.key, vars: HTTPFileEnvironments.variables(values, of: "\(path) \(member.key)",
                                                                                                 secret: false, skipped: &skipped))
        }
    }
}
