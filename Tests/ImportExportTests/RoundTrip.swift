import CurlSyntax
import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// The exporters whose output imports again, each run as a user would: the export written to a
/// fresh folder (with what goes beside it) and read back with `APIImport`.
enum RoundTrip: String, CaseIterable, CustomTestStringConvertible {
    case http, postman

    var testDescription: String { rawValue }

    /// A request's name once imported again: Postman's import puts the folder path before a
    /// name (`pets/listPets`), as an export from Postman names them; `.http` keeps the name.
    func nameAfter(_ request: RequestSpec) -> String? {
        let name = request.name ?? request.summary
        guard self == .postman, let group = request.group, !name.hasPrefix(group + "/") else { return name }
        return group + "/" + name
    }

    /// A request's description once imported again: `.http` holds it as `#` comment lines, each
    /// read back trimmed and an empty one dropped (files use bare `#` lines as separators).
    func descriptionAfter(_ request: RequestSpec) -> String? {
        guard self == .http, let description = request.description else { return request.description }
        let lines = description.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// What the export imports as, and the profile its requests resolve against: the imported
    /// profile with the first environment's vars (`.http` keeps `baseUrl` in `http-client.env.json`).
    func reimported(_ api: ImportedAPI) throws -> (api: ImportedAPI, profile: Profile, text: String) {
        let files = APIExport.files(self == .http ? .http : .postman, profile: api.profile, requests: api.requests)
        let main = try #require(files.first { $0.besideName == nil })
        let name = self == .http ? "exported.http" : "exported.postman_collection.json"
        var written = [name: main.text]
        for file in files { if let beside = file.besideName { written[beside] = file.text } }
        let folder = try HTTPFileFolder(written)
        defer { folder.remove() }
        let again = try folder.read(name)
        var profile = again.profile
        if let environment = again.environments.first { HTTPFileEnvironments.merge(environment.vars, into: &profile.vars) }
        return (again, profile, main.text)
    }
}

/// One exported curl command (after its `# name` and other `#` lines) parsed by CurlSyntax into
/// the request it sends; curl puts `http://` before a URL without a scheme, as `{{baseUrl}}/…` is written.
enum CurlRoundTrip {
    static func request(_ command: String) throws -> RequestSpec {
        let lines = command.split(separator: "\n")
        let comments = lines.prefix { $0.hasPrefix("#") }
        let parsed = try CurlCommand.parse(lines.dropFirst(comments.count).joined(separator: "\n"))
        var url = parsed.url
        if url.hasPrefix("http://{{") { url.removeFirst("http://".count) }
        return RequestSpec(name: comments.first.map { String($0.dropFirst(2)) }, method: parsed.effectiveMethod, url: url,
                           headers: parsed.headers.map { NamedValue($0.name, $0.value) }, body: try body(parsed))
    }

    /// `--data-raw TEXT` is text (JSON when it parses; the Content-Type header says the rest),
    /// `--data-urlencode` fields a form, `-F` parts multipart.
    static func body(_ parsed: CurlCommand) throws -> RequestSpec.Body {
        if !parsed.form.isEmpty {
            return .multipart(try parsed.form.map { part in
                switch part.content {
                case .text(let value): .text(name: part.name, value: value)
                case .file(let path): .file(name: part.name, path: path)
                case .fileContents: throw CurlRoundTripError.unexpected("\(part)")
                }
            })
        }
        guard !parsed.data.isEmpty else { return .none }
        if case .raw(let text) = parsed.data.first, parsed.data.count == 1 {
            let type = parsed.headers.last { $0.name.lowercased() == "content-type" }?.value
            return .text(text, contentType: type)
        }
        return .form(try parsed.data.map { data in
            guard case .urlencode(let name?, .text(let value)) = data else { throw CurlRoundTripError.unexpected("\(data)") }
            return NamedValue(name, value)
        })
    }

    enum CurlRoundTripError: Error {
        case unexpected(String)
    }
}
