import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// Hurl files (SPEC §9, https://hurl.dev/docs/hurl-file.html) as a request file (SPEC §8): one
/// request per entry, named `METHOD URL`, with its captures, asserts and `[Options]` retry as a
/// poll. When every entry's URL has one origin, it is the profile's base URL and the URLs are
/// relative to it. What has no equivalent (XPath, certificates, filters, most options) is listed
/// as skipped, with the line and why; the request itself is imported. The title is the file's
/// name without extension.
enum HurlImport {
    static func read(_ data: Data, file: URL) throws(FileProblem) -> ImportedAPI {
        guard var text = String(validating: data, as: UTF8.self) else {
            throw FileProblem(file: file.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var parser = HurlParser(text, file: file.path)
        let entries = try parser.entries()
        guard !entries.isEmpty else {
            throw FileProblem(file: file.path, line: 1, column: 1, key: nil, message: "no entry in the file: expected a request line `METHOD URL`")
        }
        let urls = entries.map(HurlRequests.url)
        let base = HurlOrigin.common(urls)
        let directory = file.deletingLastPathComponent()
        var requests: [RequestSpec] = []
        var skipped: [ImportedAPI.Skipped] = []
        var names = UniqueNames()
        for (entry, url) in zip(entries, urls) {
            var (request, notes) = HurlRequests.request(entry, url: base.map { HurlOrigin.relative(url, to: $0) } ?? url, directory: directory)
            // Unique here already (APIImport's pass then changes nothing), so what is skipped
            // names the request as the import will.
            request.name = names.claim(request.summary)
            requests.append(request)
            skipped += notes.map { ImportedAPI.Skipped(request.name ?? request.summary, $0) }
        }
        let title = file.deletingPathExtension().lastPathComponent
        var profile = Profile(name: title)
        profile.baseURL = base
        return ImportedAPI(format: .hurl, title: title, profile: profile, requests: requests, skipped: skipped)
    }
}
