import Foundation
import LocatedYAML
import RequestModel

/// The JetBrains environment files beside a `.http` file: `http-client.env.json` (a map from
/// environment name to its variables) and `http-client.private.env.json` (the same shape, for
/// secrets). Each environment becomes `ImportedAPI.Environment`; `$shared` is merged into every
/// one (the environment's own values win); a private variable becomes `${env:NAME}` (NAME its
/// name upper-cased, other characters `_`), never its value. VS Code REST Client's
/// `rest-client.environmentVariables` in `.vscode/settings.json` beside the file are read too
/// (`HTTPFileVSCodeSettings`), between the two.
enum HTTPFileEnvironments {
    static let publicFile = "http-client.env.json"
    static let privateFile = "http-client.private.env.json"
    static let shared = "$shared"

    static func read(beside file: URL) throws(FileProblem) -> (environments: [ImportedAPI.Environment], skipped: [ImportedAPI.Skipped]) {
        let directory = file.deletingLastPathComponent()
        var skipped: [ImportedAPI.Skipped] = []
        let open = try environments(in: directory.appendingPathComponent(publicFile), secret: false, skipped: &skipped)
        let vscode = HTTPFileVSCodeSettings.environments(beside: file, skipped: &skipped)
        let hidden = try environments(in: directory.appendingPathComponent(privateFile), secret: true, skipped: &skipped)
        let files = [open, vscode, hidden]
        let names = files.joined().map(\.name).filter { $0 != shared }
        var seen = Set<String>()
        let ordered = names.filter { seen.insert($0).inserted }
        let result = ordered.map { name in
            let layers = files.flatMap { file in file.filter { $0.name == shared } }
                + files.flatMap { file in file.filter { $0.name == name } }
            var vars: [NamedValue] = []
            for layer in layers { merge(layer.vars, into: &vars) }
            return ImportedAPI.Environment(name: name, vars: vars)
        }
        return (result, skipped)
    }

    /// A later value of a name replaces the earlier one where it stands.
    static func merge(_ more: [NamedValue], into vars: inout [NamedValue]) {
        for variable in more {
            if let index = vars.firstIndex(where: { $0.name == variable.name }) { vars[index].value = variable.value } else { vars.append(variable) }
        }
    }

    /// The environments one file holds, in its order; none when there is no such file.
    static func environments(in url: URL, secret: Bool, skipped: inout [ImportedAPI.Skipped]) throws(FileProblem) -> [ImportedAPI.Environment] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data = try APIImport.contents(of: url)
        let text = String(decoding: data, as: UTF8.self)
        let root: JSONNode
        do {
            root = try JSONNode.parsing(data)
        } catch {
            throw FileProblem(file: url.path, line: error.line, column: error.column, key: nil, message: error.message)
        }
        guard case .object(let members) = root else {
            throw FileProblem(file: url.path, line: 1, column: 1, key: nil, message: "expected an object of environments, found \(root.kindName)")
        }
        return try members.map { member throws(FileProblem) in
            guard case .object(let values) = member.value else {
                let (line, column) = position(of: member.key, in: text)
                throw FileProblem(file: url.path, line: line, column: column, key: member.key,
                                  message: "expected an object of variables, found \(member.value.kindName)")
            }
            return ImportedAPI.Environment(name: member.key, vars: variables(values, of: "\(url.lastPathComponent) \(member.key)",
                                                                             secret: secret, skipped: &skipped))
        }
    }

    /// An environment's members as variables: strings as they are, numbers and booleans as
    /// written, null empty; an object or array (JetBrains' `Security` settings) is skipped.
    static func variables(_ members: [JSONNode.Member], of place: String, secret: Bool, skipped: inout [ImportedAPI.Skipped]) -> [NamedValue] {
        members.compactMap { member -> NamedValue? in
            let plain: String
            switch member.value {
            case .string(let string): plain = string
            case .number, .bool: plain = member.value.compactText
            case .null: plain = ""
            case .object, .array:
                skipped.append(ImportedAPI.Skipped("\(place).\(member.key)", "\(member.value.kindName) (client settings), not a variable"))
                return nil
            }
            return NamedValue(member.key, secret ? "${env:\(environmentName(member.key))}" : plain)
        }
    }

    /// `api-key` → `API_KEY`.
    static func environmentName(_ variable: String) -> String {
        String(variable.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// Line and column of `"key"` in the text: where a misshapen environment starts.
    static func position(of key: String, in text: String) -> (Int, Int) {
        guard let range = text.range(of: "\"\(key)\"") else { return (1, 1) }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" || $0 == "\r\n" }.count + 1
        let lineStart = before.lastIndex { $0 == "\n" || $0 == "\r\n" }.map { before.index(after: $0) } ?? before.startIndex
        return (line, before.distance(from: lineStart, to: before.endIndex) + 1)
    }
}
