import ClientCore
import Foundation
import CurlSyntax

/// `--as-curl`: the curl command for the request exactly as the client would send it (URL with
/// its query, the profile's headers and auth, the body's Content-Type). Nothing is sent.
enum CurlExportPlan {
    static func render(_ plan: SendPlan, _ request: HTTPRequest, on client: HTTPClient) throws(CLIError) -> String {
        let prepared: PreparedRequest
        do {
            prepared = try client.prepare(request)
        } catch {
            throw CLIError(status: ExitStatus(error.kind), message: error.message)
        }
        var exporter = CurlExporter(prepared, body: plan.body.curlBody)
        exporter.command.followRedirects = plan.followRedirects
        exporter.command.insecure = plan.tls.insecure
        exporter.command.maxTime = request.deadline
        for name in plan.removedHeaders where !exporter.command.removedHeaders.contains(where: { $0.lowercased() == name.lowercased() }) {
            exporter.command.removedHeaders.append(name)
        }
        return exporter.render(includeSecrets: plan.includeSecrets, extraSecretHeaders: prepared.authHeader.map { [$0] } ?? [])
    }
}

extension CurlExporter {
    /// The curl command for a request as the client prepared it, for `--as-curl` and the TUI's
    /// "copy as curl" alike.
    init(_ prepared: PreparedRequest, body: Body) {
        self.init(method: prepared.method.rawValue, url: prepared.url.absoluteString, headers: prepared.headers.map { ($0.name, $0.value) },
                  body: body)
        // A decoded body is curl's --compressed (SPEC §10); the Accept-Encoding header stays as it
        // goes out, so curl asks for exactly what explorer asks for (its own list is longer).
        command.compressed = prepared.decodesContent && prepared.headers.contains("Accept-Encoding")
    }
}
