import Foundation
import Testing
import TestSupport

/// A run's stdout as a JSON object.
func jsonObject(_ outcome: ExplorerProcess.Outcome) throws -> [String: Any] {
    let object = try? JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any]
    return try #require(object, "stdout is not a JSON object: \(outcome.stdoutText)\nstderr: \(outcome.stderrText)")
}

/// Runs a command line with bash (a printed curl command), outputs kept as for explorer.
func runShell(_ command: String, in directory: TestDirectory) async throws -> ExplorerProcess.Outcome {
    try await ExplorerProcess.start(executable: "/bin/bash", ["-c", command], in: directory).finish()
}

/// What httpbin's /anything saw of a request, minus what differs between clients by design:
/// User-Agent, Host, Content-Length, X-Amzn-Trace-Id, curl's default `Accept: */*` and the
/// multipart boundary. Each part is canonical JSON, so two echoes compare as strings.
struct HttpbinEcho: Equatable, CustomStringConvertible {
    let parts: [String: String]

    init(_ outcome: ExplorerProcess.Outcome) throws {
        let object = try jsonObject(outcome)
        var parts: [String: String] = [:]
        for key in ["method", "url", "args", "form", "files", "json", "data"] {
            parts[key] = try Self.canonical(object[key] ?? NSNull())
        }
        var headers: [String: String] = [:]
        for (name, value) in object["headers"] as? [String: String] ?? [:] {
            let lowered = name.lowercased()
            if ["user-agent", "host", "content-length", "x-amzn-trace-id"].contains(lowered) { continue }
            if lowered == "accept" && value == "*/*" { continue }
            headers[lowered] = lowered == "content-type" && value.hasPrefix("multipart/form-data") ? "multipart/form-data" : value
        }
        parts["headers"] = try Self.canonical(headers)
        self.parts = parts
    }

    private static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    var description: String { parts.keys.sorted().map { "\($0): \(parts[$0] ?? "")" }.joined(separator: "\n") }
}
