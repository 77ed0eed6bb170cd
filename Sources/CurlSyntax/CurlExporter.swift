import Foundation

/// Builds the curl command for a request as a client would send it (`--as-curl`, "copy as curl").
/// Adjust `command` (e.g. `followRedirects`, `insecure`, `maxTime`) before rendering.
public struct CurlExporter: Sendable {
    public enum Body: Sendable {
        case none
        /// Sent exactly (`--data-raw`).
        case text(String)
        /// Sent exactly: as text when it is UTF-8 without NUL, else piped in (see `standardInput`).
        case bytes(Data)
        /// `--data-binary @path`: the file, byte for byte.
        case file(String)
        /// `--data-urlencode name=value` each: curl percent-encodes the values (space as `+`).
        case urlencodedForm([(name: String, value: String)])
        /// `-F` parts; curl makes its own boundary, so a multipart Content-Type header is dropped.
        case multipart([CurlFormPart])
    }

    public var command: CurlCommand
    /// Bytes that can't be an argument (a NUL ends a C string; non-UTF-8 won't survive copy and
    /// paste). `render` then writes `printf '<octal escapes>' | curl … --data-binary @-`, so the
    /// command stays self-contained and POSIX; `CurlCommand.parse` does not read that pipeline back.
    public var standardInput: Data?

    /// `-X` is written only when the body doesn't imply the method; HEAD without a body becomes `-I`.
    /// Content-Length is dropped (curl computes it). With a body but no Content-Type, `-H 'Content-Type:'`
    /// stops curl adding its form type, so the command sends what the request did.
    public init(method: String, url: String, headers: [(name: String, value: String)], body: Body) {
        var command = CurlCommand(url: url)
        var headers = headers.filter { $0.name.lowercased() != "content-length" }
        switch body {
        case .none: break
        case .text(let text): command.data = [.raw(text)]
        case .bytes(let bytes):
            if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains("\0") {
                command.data = [.raw(text)]
            } else {
                command.data = [.binary(.file("-"))]
                standardInput = bytes
            }
        case .file(let path): command.data = [.binary(.file(path))]
        case .urlencodedForm(let fields): command.data = fields.map { .urlencode(name: $0.name, .text($0.value)) }
        case .multipart(let parts):
            command.form = parts
            headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/form-data") }
        }
        command.headers = headers.map { CurlHeader(name: $0.name, value: $0.value) }
        if !command.data.isEmpty && !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            command.removedHeaders = ["Content-Type"]
        }
        if method == "HEAD" && command.data.isEmpty && command.form.isEmpty {
            command.head = true
        } else {
            let implied = command.data.isEmpty && command.form.isEmpty ? "GET" : "POST"
            command.method = method == implied ? nil : method
        }
        self.command = command
    }

    public func render(includeSecrets: Bool, extraSecretHeaders: [String] = [], multiline: Bool = false) -> String {
        let curl = command.render(includeSecrets: includeSecrets, extraSecretHeaders: extraSecretHeaders, multiline: multiline)
        guard let standardInput else { return curl }
        return CurlShellQuoting.printf(Array(standardInput)) + " | " + curl
    }
}
