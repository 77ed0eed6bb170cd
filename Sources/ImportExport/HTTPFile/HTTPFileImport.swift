import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// JetBrains HTTP Client and VS Code REST Client `.http` / `.rest` files (SPEC §9): one request
/// per `###` block, named by `# @name`, else the separator's text, else `METHOD URL`, described by
/// the comment lines before its request line; URLs, headers and `{{vars}}` as written; file
/// variables `@name = value` as the profile's vars (a later one wins); scripts, response
/// handlers, redirects and `@prompt`s listed as skipped; the environment files beside it as
/// environments. The title is the file's name without extension.
enum HTTPFileImport {
    static func read(_ data: Data, file: URL) throws(FileProblem) -> ImportedAPI {
        guard var text = String(validating: data, as: UTF8.self) else {
            throw FileProblem(file: file.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let parser = HTTPFileRequestParser(file: file.path)
        let directory = file.deletingLastPathComponent()
        var vars: [NamedValue] = []
        var requests: [RequestSpec] = []
        var skipped: [ImportedAPI.Skipped] = []
        var names = UniqueNames()
        for block in HTTPFileBlock.blocks(in: text) {
            let parsed = try parser.parse(block)
            HTTPFileEnvironments.merge(parsed.variables, into: &vars)
            guard let entry = parsed.entry else {
                let place = block.title.map { "### \($0)" } ?? "before the first ###"
                skipped += parsed.notes.map { ImportedAPI.Skipped(place, $0) }
                continue
            }
            var (request, notes) = request(entry, directory: directory)
            // Unique here already (APIImport's pass then changes nothing), so what is skipped
            // names the request as the import will.
            request.name = names.claim(request.name ?? request.summary)
            requests.append(request)
            skipped += notes.map { ImportedAPI.Skipped(request.name ?? request.summary, $0) }
        }
        guard !requests.isEmpty else {
            throw FileProblem(file: file.path, line: 1, column: 1, key: nil, message: "no request in the file: expected a request line `METHOD URL`")
        }
        let title = file.deletingPathExtension().lastPathComponent
        var profile = Profile(name: title)
        profile.vars = vars
        let environments = try HTTPFileEnvironments.read(beside: file)
        return ImportedAPI(format: .http, title: title, profile: profile, requests: requests,
                           environments: environments.environments, skipped: skipped + environments.skipped)
    }

    /// The saved request an entry becomes, and the notes on what it left out.
    static func request(_ entry: HTTPFileEntry, directory: URL) -> (RequestSpec, [String]) {
        let (url, headers) = HTTPFileOrigin.absolute(url: entry.url, headers: entry.headers)
        let body = HTTPFileBody.read(entry.body.map(\.text), headers: headers, directory: directory)
        let kept = body.dropsContentType ? headers.filter { $0.name.lowercased() != "content-type" } : headers
        var notes = entry.notes
        if let note = body.note { notes.append(note) }
        notes += HTTPFilePlaceholderNotes.notes(([url] + kept.map(\.value) + entry.body.map(\.text)).joined(separator: "\n"))
        let description = entry.comments.isEmpty ? nil : entry.comments.joined(separator: "\n")
        let request = RequestSpec(name: name(entry, url: url), method: entry.method, url: url, headers: kept, body: body.body,
                                  description: description)
        return (request, notes)
    }

    /// `# @name`, else the separator's text, else `METHOD URL` (SPEC §9) with the URL the
    /// request keeps.
    static func name(_ entry: HTTPFileEntry, url: String) -> String {
        if let tag = entry.tagName, !tag.isEmpty { return tag }
        if let title = entry.title, !title.isEmpty { return title }
        return "\(entry.method) \(url)"
    }
}
