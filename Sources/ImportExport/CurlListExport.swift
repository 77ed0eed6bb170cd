import CurlSyntax
import ProfileFormat
import RequestModel

/// `explorer export curl`: one curl command per request, each after a `# name` line and
/// separated by a blank line. The URL is `ExportURL`'s (`{{baseUrl}}` and `{{vars}}` kept for the
/// user to fill; optional template query items left out and listed in a `# optional query:` line), the headers `HTTPFileExportHeaders`' (secrets as placeholders, never values),
/// written by `CurlExporter` as "copy as curl" writes them.
enum CurlListExport {
    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] {
        [ExportedFile(text: requests.map { command(profile: profile, $0) }.joined(separator: "\n"))]
    }

    static func command(profile: Profile, _ request: RequestSpec) -> String {
        let headers = HTTPFileExportHeaders.headers(profile: profile, request: request)
        var url = ExportURL(request)
        let optional = url.query.filter(\.optional)
        url.query.removeAll(where: \.optional)
        let exporter = CurlExporter(method: request.method, url: url.text,
                                    headers: headers.map { ($0.name, $0.value) }, body: CurlExporter.Body(request.body))
        // The secrets are placeholders already: shown as they are, not redacted.
        var comments = "# \(request.name ?? request.summary)\n"
        if !optional.isEmpty { comments += "# optional query: " + optional.map { "\($0.name)=\($0.value)" }.joined(separator: "&") + "\n" }
        return comments + exporter.render(includeSecrets: true) + "\n"
    }
}
