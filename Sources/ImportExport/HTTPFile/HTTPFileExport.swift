import ProfileFormat
import RequestModel

/// `explorer export http` (SPEC §9): one `.http` file that JetBrains and VS Code REST Client both
/// run — per request `### name`, `# @name name` when REST Client accepts the name
/// (`HTTPFileExportName`), its description as `#` comments, the request line with `ExportURL`
/// (with optional template query items, each query item a continuation line, easy to delete: SPEC
/// §9 writes every template query parameter, so a round trip keeps them all),
/// headers (`HTTPFileExportHeaders`), a blank line and the body (`HTTPFileExportBody`) — and
/// `http-client.env.json` beside it (`HTTPFileExportEnvironment`).
enum HTTPFileExport {
    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] {
        let text = requests.map { request(profile: profile, $0) }.joined(separator: "\n")
        return [
            ExportedFile(text: text),
            ExportedFile(besideName: HTTPFileEnvironments.publicFile, text: HTTPFileExportEnvironment.text(profile: profile, using: text)),
        ]
    }

    static func request(profile: Profile, _ request: RequestSpec) -> String {
        let name = request.name ?? request.summary
        var lines = ["### " + name]
        if HTTPFileExportName.isRequestName(name) { lines.append("# @name " + name) }
        // The description as comments, where the import reads it back from.
        lines += (request.description ?? "").split(separator: "\n").map { "# " + $0 }
        let url = ExportURL(request)
        if url.query.contains(where: \.optional) {
            // A .http file cannot disable a query item: with optional ones, each item is a line of its own, in order.
            lines.append(request.method + " " + url.base)
            lines += url.query.enumerated().map { "    " + ($0.offset == 0 ? "?" : "&") + $0.element.name + "=" + $0.element.value }
        } else {
            lines.append(request.method + " " + url.text)
        }
        var headers = HTTPFileExportHeaders.headers(profile: profile, request: request)
        if let multipart = HTTPFileExportBody.multipartContentType(request.body) {
            headers.removeAll { $0.name.lowercased() == "content-type" }
            headers.append(NamedValue("Content-Type", multipart))
        }
        lines += headers.map { "\($0.name): \($0.value)" }
        if let omission = HTTPFileExportBody.omission(request.body) { lines.append(omission) }
        let body = HTTPFileExportBody.lines(request.body)
        if !body.isEmpty { lines += [""] + body }
        return lines.joined(separator: "\n") + "\n"
    }
}
