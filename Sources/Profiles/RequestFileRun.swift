import ClientCore
import Foundation
import ProfileFormat
import RequestModel

/// A request file being run (SPEC §8), one request at a time: each is filled from the scope and
/// given its checks before it is sent, and what it captured joins the scope for the requests
/// after it. The sending is the caller's (the `run` command, the TUI), on the profile's client.
public struct RequestFile: Sendable {
    /// The path, as messages name it.
    public let path: String
    public let requests: SavedRequests
    /// The line each request starts on; empty for requests imported from another format.
    let lines: [Int]
    private let text: [Substring]

    /// Reads a request file; a problem names `FILE:LINE:COLUMN`.
    public init(path: String, text: String) throws(ProfileProblem) {
        (requests, lines) = try SavedRequestsFile.readLocated(text, file: path)
        environmentNames = Self.environmentNames(in: requests)
        self.path = path
        self.text = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Requests read from another format (a `.hurl` file through its importer): messages name
    /// the file without a line, which would be the YAML's.
    public init(path: String, requests: SavedRequests) {
        self.path = path
        self.requests = requests
        environmentNames = Self.environmentNames(in: requests)
        lines = []
        text = []
    }

    /// `FILE:LINE` of the first line of request `index` at or after its start that holds `text`;
    /// the file alone when its lines are not known.
    func place(of text: String, inRequest index: Int) -> String {
        guard lines.indices.contains(index) else { return path }
        let start = lines[index]
        let end = index + 1 < lines.count ? lines[index + 1] - 1 : self.text.count
        let found = (start...max(start, end)).first { $0 - 1 < self.text.count && self.text[$0 - 1].contains(text) } ?? start
        return "\(path):\(found)"
    }

    /// The `${env:NAME}` names its requests and vars refer to: their values are secrets.
    public let environmentNames: [String]



    static func environmentNames(in requests: SavedRequests) -> [String] {
        let texts = requests.vars.map(\.value) + requests.requests.flatMap(\.fillableTexts)
        return Array(Set(texts.filter { $0.contains("${env:") }.flatMap { Template(environmentOnly: $0).environmentNames })).sorted()
    }
}

/// The state of a run over one or more request files: the scope, captures growing as requests pass.
public struct RequestFileRun: Sendable {
    public var scope: VariableScope

    /// - Parameters:
    ///   - arguments: `--var k=v`, above everything.
    ///   - profile: the profile client's `vars` (already read, `${env:}` values secret).
    public init(arguments: [String: String], profile: [String: TemplateValue], environment: [String: String]) {
        scope = VariableScope(environment: environment)
        scope.arguments = arguments.mapValues { TemplateValue($0) }
        scope.profile = profile
    }

    /// Starts a file: its `vars` replace the previous file's (captures stay, for a chain across
    /// files). A `${env:NAME}` in a var is read now and makes it secret.
    public mutating func enter(_ file: RequestFile, profile: [String: TemplateValue]) throws(RequestRendering.Undefined) {
        scope.profile = profile
        scope.file = [:]
        scope.file = try RequestRendering(scope).values(of: file.requests.vars)
    }

    public enum Prepared: Sendable {
        case send(HTTPRequest)
        /// A placeholder without a value, or a request that cannot be built: failed unsent.
        case refused(RequestOutcome)
    }

    /// Request `index` ready to send, or the outcome that fails it before anything is sent.
    /// - Parameter edited: the request as the user changed it (the TUI's panes): sent instead of
    ///   the file's, with the file request's vars and checks.
    public func prepare(_ index: Int, of file: RequestFile, edited: RequestSpec? = nil) -> Prepared {
        let spec = file.requests.requests[index]
        let name = spec.name ?? "request \(index + 1)"
        let rendering = RequestRendering(scope)
        switch rendering.prepare(spec, sending: edited, name: name, environmentNames: file.environmentNames) {
        case .success(let request): return .send(request)
        case .failure(.undefined(let placeholder)):
            let place = edited == nil ? file.place(of: placeholder, inRequest: index) : "\(file.path), edited"
            return .refused(RequestOutcome(name: name, failures: ["undefined variable \(placeholder) (\(place))"]))
        case .failure(.unbuildable(_, let message)):
            return .refused(RequestOutcome(name: name, failures: [message]))
        }
    }

    /// What request `index` came to; its captures join the scope.
    public mutating func finish(_ index: Int, of file: RequestFile, with result: Result<HTTPResponse, HTTPError>,
                                milliseconds: Double) -> RequestOutcome {
        let name = file.requests.requests[index].name ?? "request \(index + 1)"
        switch result {
        case .success(let response):
            let checks = response.checks ?? CheckResults()
            for captured in checks.captured { scope.captures[captured.name] = TemplateValue(captured.value, secret: captured.secret) }
            return RequestOutcome(name: name, status: response.status, milliseconds: milliseconds, captured: checks.captured,
                                  asserts: checks.asserts, failures: checks.failures)
        case .failure(let error):
            let masking = scope.secrets(environmentNames: file.environmentNames)
            return RequestOutcome(name: name, status: error.status, milliseconds: milliseconds,
                                  failures: [masking.masking(in: error.message)])
        }
    }
}
