import ClientCore
import Foundation
import CurlSyntax

/// `--from-curl 'curl …'`: the request a curl command line describes, in ClientCore's terms.
/// Files named with `@` are read (or checked, for streamed file parts) now, before anything is sent.
struct CurlImport {
    var request: HTTPRequest
    var body: SendBody
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
        let method = HTTPMethod(command.effectiveMethod)
        guard method.isValidToken else {
            throw .usage("--from-curl: -X \(command.effectiveMethod.debugDescription): not a valid HTTP method")
        }
        var request = HTTPRequest(method, command.requestURL(joinedData: data))
        request.headers = try Self.headers(command, auth: &request.auth)
        // With -G the data went into the URL; otherwise data and -F parts are the body (the parser refuses both at once).
        if !command.form.isEmpty {
            body = .multipart(command.form)
        } else if let data, !command.get {
            body = .bytes(data, file: nil, contentType: nil)
        } else {
            body = .none
        }
        request.body = try body.requestBody(flag: "--from-curl: -F")
        // -m bounds the whole transfer, as ClientCore's deadline does (its timeout is per attempt).
        request.deadline = command.maxTime
        self.request = request
        insecure = command.insecure
        followRedirects = command.followRedirects
        include = command.include
        output = command.output
        removedHeaders = command.removedHeaders
        // curl asks for an encoding and decodes only with --compressed; without it, it asks for none
        // and prints what comes as it came.
        self.request.acceptsEncodings = command.compressed
        self.request.decodesContent = command.compressed
    }

    /// `-H`, `-A`, `-e`, `-b` and the data's Content-Type as curl sends them; `-u` becomes the
    /// request's basic auth so the credentials never follow a redirect to another origin.
    private static func headers(_ command: CurlCommand, auth: inout HTTPAuth?) throws(CLIError) -> HTTPHeaders {
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
        var headers = HTTPHeaders()
        for header in implied {
            let field = HTTPHeader(name: header.name, value: header.value)
            if let problem = field.problem { throw .usage("--from-curl: -H \(header.name.debugDescription): \(problem)") }
            headers.add(name: header.name, value: header.value)
        }
        return headers
    }
}
