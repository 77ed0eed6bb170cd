import ClientCore
import Foundation
import RequestModel
import CurlSyntax

/// `--from-curl 'curl …'`: the request a curl command line describes, as a `RequestSpec` like
/// any other, and how curl would send it. Files named with `@` are read (or checked, for streamed
/// file parts) now, before anything is sent.
struct CurlImport {
    var spec: RequestSpec
    var body: SendBody
    /// `-u`: the request's basic auth, so the credentials never follow a redirect to another origin.
    var auth: HTTPAuth?
    /// `-m`: the whole transfer, as ClientCore's deadline bounds it (its timeout is per attempt).
    var maxTime: Double?
    /// `--compressed`: curl asks for an encoding and decodes only with it; without it, it asks for
    /// none and prints what comes as it came.
    var compressed: Bool
    var insecure: Bool
    /// curl follows redirects only with -L; ClientCore always would.
    var followRedirects: Bool
    var include: Bool
    var output: String?
    /// `-H 'Name:'`: not sent, even when the profile would add it.
    var removedHeaders: [String]

    init(_ line: String) throws(CLIError) {
        let command: CurlCommand
        do {
            command = try CurlCommand.parse(line)
        } catch {
            throw .usage("--from-curl: \(error.description)")
        }
        let data = try command.joinedData { (path: String) throws(CLIError) -> Data in
            path == "-" ? InputFile.readStandardInput() : try InputFile.read(path, flag: "--from-curl: @\(path)")
        }
        guard HTTPMethod(command.effectiveMethod).isValidToken else {
            throw .usage("--from-curl: -X \(command.effectiveMethod.debugDescription): not a valid HTTP method")
        }
        // With -G the data went into the URL; otherwise data and -F parts are the body (the parser refuses both at once).
        if !command.form.isEmpty {
            body = SendBody(.multipart(try SendBody.parts(command.form, flag: "--from-curl: -F")))
        } else if let data, !command.get {
            body = SendBody(String(data: data, encoding: .utf8).map { .text($0, contentType: nil) } ?? .binary(data, contentType: nil))
        } else {
            body = SendBody(.none)
        }
        spec = RequestSpec(method: HTTPMethod(command.effectiveMethod).rawValue, url: command.requestURL(joinedData: data),
                           headers: try Self.headers(command, auth: &auth), body: body.body)
        maxTime = command.maxTime
        compressed = command.compressed
        insecure = command.insecure
        followRedirects = command.followRedirects
        include = command.include
        output = command.output
        removedHeaders = command.removedHeaders
    }

    /// `-H`, `-A`, `-e`, `-b` and the data's Content-Type as curl sends them; `-u` becomes `auth`.
    private static func headers(_ command: CurlCommand, auth: inout HTTPAuth?) throws(CLIError) -> [NamedValue] {
        for case .file(let path) in command.cookies where !path.isEmpty {
            throw .usage("--from-curl: -b \(path): cookie files are not supported; give the cookies as -b 'name=value'")
        }
        let explicit = Set(command.headers.map { $0.name.lowercased() })
        var implied = command.requestHeaders
        if let user = command.user, !explicit.contains("authorization") {
            let parts = user.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            auth = .basic(username: parts[0], password: parts.count > 1 ? parts[1] : "")
            implied.removeAll { $0.name.lowercased() == "authorization" }
        }
        return try implied.map { (header) throws(CLIError) in
            if let problem = HTTPHeader(name: header.name, value: header.value).problem {
                throw .usage("--from-curl: -H \(header.name.debugDescription): \(problem)")
            }
            return NamedValue(header.name, header.value)
        }
    }
}
