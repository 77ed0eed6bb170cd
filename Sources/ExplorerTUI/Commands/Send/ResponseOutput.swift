import ClientCore
import Foundation
import RequestModel

/// Prints an exchange's outcome: the final body byte-exact where it belongs (with the head
/// first for `--include`), then a status line or the problem on stderr.
struct ResponseOutput {
    let destination: BodyDestination
    let include: Bool
    /// `--jsonpath`: print what it selects instead of the body.
    var jsonpath: JSONPath?
    let elapsed: Duration

    func deliver(_ response: HTTPResponse) throws(CLIError) {
        // The sink printed the head of the bodies it took (2xx ones, with --stream; streams without).
        let keptBody = !response.bodyWentToSink
        if include && keptBody {
            Console.out(Self.head(status: response.status, headers: response.headers, httpVersion: response.httpVersion))
        }
        let selection = keptBody ? try jsonpath.map { path throws(CLIError) in try Self.select(path, in: response.body) } : nil
        if keptBody {
            if let selection { try write { handle in try handle.write(contentsOf: Data(selection.utf8)) } } else { try writeBody(response.body) }
        }
        let bytes = keptBody ? response.body.count : response.streamedBytes
        Console.err("\(response.httpVersion) \(response.status) · \(Self.attempts(response.attempts.count)) · \(milliseconds) ms · \(bytes) bytes\n")
    }

    /// Each node `path` selects, as compact JSON on a line of its own; nothing when it selects nothing.
    static func select(_ path: JSONPath, in body: ResponseBody) throws(CLIError) -> String {
        let document: JSONNode
        do throws(JSONProblem) {
            document = try JSONNode.parsing(body.data)
        } catch {
            throw .failure("--jsonpath \(path.text): the body is not JSON: \(error)")
        }
        return path.values(in: document).map { $0.compactText + "\n" }.joined()
    }

    /// A GraphQL response's errors (SPEC §13), one a line on stderr: `graphql error: message
    /// (line 2, column 3) at user.name`. Partial data succeeds; these say what is missing.
    static func listGraphQLErrors(in body: ResponseBody) {
        guard body.count <= HTTPJSONFieldValidator.maxBytes, let document = JSONNode.parse(body.data),
              let response = GraphQLResponse(document) else { return }
        for error in response.errors { Console.err("graphql error: \(Console.inert(error.description))\n") }
    }

    /// Prints what is known of the failed exchange and returns the error to end the command with.
    func report(_ error: HTTPError) -> CLIError {
        if let status = error.status, error.kind != .cancelled {
            Console.err("HTTP \(status) · \(Self.attempts(error.attempts.count)) · \(milliseconds) ms\n")
        }
        return CLIError(status: ExitStatus(error.kind), message: error.message)
    }

    private func writeBody(_ body: ResponseBody) throws(CLIError) {
        if !destination.acceptsBinary && BinaryDetector.isBinary(body) {
            Console.problem("the body is binary (\(body.count) bytes), so it was not written to the terminal; use -o FILE or --output - to get it")
            return
        }
        if case .file(let path) = destination, body.moveFile(to: URL(fileURLWithPath: path)) { return }
        try write { handle in try body.write(to: handle) }
    }

    /// Opens the destination, writes, and closes a file (never stdout).
    private func write(_ writing: (FileHandle) throws -> Void) throws(CLIError) {
        let handle = try destination.open()
        do {
            try writing(handle)
            if case .file = destination { try handle.close() }
        } catch {
            throw .failure("cannot write the body to \(destinationName): \(error.localizedDescription)")
        }
    }

    static func head(status: Int, headers: HTTPHeaders, httpVersion: String) -> String {
        let reason = StatusText.reason(status).map { " " + $0 } ?? ""
        var lines = ["\(httpVersion) \(status)\(reason)"]
        lines += headers.map { "\($0.name): \($0.value)" }
        // As on the wire (and as curl -i prints it): CRLF lines, a blank line before the body.
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    private var destinationName: String {
        if case .file(let path) = destination { return path }
        return "stdout"
    }

    private var milliseconds: Int {
        let (seconds, attoseconds) = elapsed.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    private static func attempts(_ count: Int) -> String {
        count == 1 ? "1 attempt" : "\(count) attempts"
    }
}

/// "Binary" means NUL bytes or invalid UTF-8; only the start of a large body is looked at.
enum BinaryDetector {
    static let sampleSize = 64 * 1024

    static func isBinary(_ body: ResponseBody) -> Bool {
        let sample = body.prefix(sampleSize)
        if sample.contains(0) { return true }
        // A sample cut inside a multi-byte character is still text.
        let cut = sample.count < body.count ? 3 : 0
        for trim in 0...min(cut, sample.count) where String(validating: sample.dropLast(trim), as: UTF8.self) != nil {
            return false
        }
        return true
    }
}
