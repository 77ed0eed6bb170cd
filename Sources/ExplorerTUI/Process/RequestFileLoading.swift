import Foundation
import ImportExport
import ProfileFormat
import Profiles
import RequestModel

/// Reads a request file for `explorer run` and the TUI (SPEC §8): YAML as it is; `.http`, `.rest`
/// and `.hurl` through their importer, into requests held in memory with their URLs made absolute
/// again on the file's own base URL (a Hurl file's common origin). A problem names
/// `FILE:LINE:COLUMN`, as a usage error.
enum RequestFileLoading {
    /// - Parameter flag: the command, as messages name it (`run`, `tui`).
    static func read(_ path: String, flag: String) throws(CLIError) -> RequestFile {
        let lower = path.lowercased()
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            let data = try InputFile.read(path, flag: flag)
            guard let text = String(data: data, encoding: .utf8) else { throw .usage("\(flag): \(path) is not UTF-8 text") }
            do throws(ProfileProblem) {
                return try RequestFile(path: path, text: text)
            } catch {
                throw .usage(error.description)
            }
        }
        try InputFile.check(path, flag: flag)
        let api: ImportedAPI
        do throws(FileProblem) {
            api = try APIImport.read(URL(fileURLWithPath: path))
        } catch {
            throw .usage(error.description)
        }
        let requests = api.requests.map { request in
            var request = request
            if let base = api.profile.baseURL, isRelative(request.url) { request.url = URLJoin.join(request.url, toBase: base) }
            return request
        }
        return RequestFile(path: path, requests: SavedRequests(requests))
    }

    /// Whether a URL as written is relative to a base: not `scheme://…`, and not a `{{variable}}`
    /// that may hold a whole URL.
    private static func isRelative(_ url: String) -> Bool {
        !url.hasPrefix("{{") && url.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*://"#, options: .regularExpression) == nil
    }
}
