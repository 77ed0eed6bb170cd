import ClientCore
import ExplorerApp
import Foundation
import ImportExport
import Locking
import ProfileFormat
import Profiles
import RequestModel

/// The request file open in the TUI and the state of its run (SPEC §8): the scope its requests
/// are filled from, captures joining it as requests pass, `--var` overrides set from the
/// variables overlay. The exchange runner prepares and finishes each request here, as
/// `explorer run` does with `RequestFileRun`.
final class TUIRequestFile: Sendable {
    private struct State {
        var file: RequestFile?
        var run: RequestFileRun
    }

    private let state: Locked<State>

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        state = Locked(State(run: RequestFileRun(arguments: [:], profile: [:], environment: environment)))
    }

    /// Whether `explorer tui ARGUMENT` names a request file rather than a URL: an existing file
    /// ending `.yaml`, `.yml`, `.http`, `.rest` or `.hurl`.
    static func names(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        guard [".yaml", ".yml", ".http", ".rest", ".hurl"].contains(where: lower.hasSuffix) else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Whether Ctrl+O's file is a request file: YAML with a top-level `requests:` that is no
    /// API description or collection.
    static func isRequestFile(_ data: Data, path: String) -> Bool {
        let lower = path.lowercased()
        guard lower.hasSuffix(".yaml") || lower.hasSuffix(".yml"), ImportFormat.detect(data, fileName: path) == nil else { return false }
        return String(decoding: data.prefix(256 * 1024), as: UTF8.self).range(of: #"(?m)^requests\s*:"#, options: .regularExpression) != nil
    }

    func open(_ file: RequestFile) {
        state.withLock { $0.file = file }
    }

    /// The request to send for request `index` (the panes' `draft` when `edited`, with the file
    /// request's checks kept), and what a session records of it: the request as written, its
    /// templates unfilled; or why it is not sent.
    enum Prepared: Sendable {
        case send(HTTPRequest, recorded: RequestSpec)
        case refused(RequestOutcome)
    }

    func prepare(_ index: Int, draft: RequestDraft, edited: Bool, profile: [String: TemplateValue]) -> Prepared {
        state.withLock { state in
            guard let file = state.file, file.requests.requests.indices.contains(index) else {
                return .refused(RequestOutcome(name: draft.url, failures: ["the request file is no longer open"]))
            }
            let spec = file.requests.requests[index]
            let name = spec.name ?? "request \(index + 1)"
            do throws(RequestRendering.Undefined) {
                try state.run.enter(file, profile: profile)
            } catch {
                return .refused(RequestOutcome(name: name, failures: ["\(file.path): vars: undefined variable \(error.placeholder)"]))
            }
            let recorded = edited ? draft.request(named: spec.name, over: spec) : spec
            switch state.run.prepare(index, of: file, edited: edited ? recorded : nil) {
            case .send(let request): return .send(request, recorded: Self.withVars(recorded, of: file, arguments: state.run.scope.arguments))
            case .refused(let outcome): return .refused(outcome)
            }
        }
    }

    /// What a session records: the request as written, with the file's vars (as written, so a
    /// `${env:}` is read again at replay) and the values set in the overlay, so that it replays
    /// as a chain without the file.
    private static func withVars(_ request: RequestSpec, of file: RequestFile, arguments: [String: TemplateValue]) -> RequestSpec {
        var recorded = request
        var names = Set<String>()
        let all = file.requests.vars + request.vars + arguments.sorted { $0.key < $1.key }.map { NamedValue($0.key, $0.value.text) }
        recorded.vars = all.reversed().filter { names.insert($0.name).inserted }.reversed()
        return recorded
    }

    /// What request `index` came to; its captures join the scope.
    func finish(_ index: Int, with result: Result<HTTPResponse, HTTPError>, milliseconds: Double) -> RequestOutcome? {
        state.withLock { state in
            guard let file = state.file, file.requests.requests.indices.contains(index) else { return nil }
            return state.run.finish(index, of: file, with: result, milliseconds: milliseconds)
        }
    }

    /// Every variable in scope for the overlay, `profile` being the profile client's vars.
    func variables(profile: [String: TemplateValue]) -> [RequestFileState.Variable] {
        state.withLock { state in
            guard let file = state.file else { return [] }
            try? state.run.enter(file, profile: profile)
            return state.run.scope.entries(environmentNames: file.environmentNames).map {
                RequestFileState.Variable(name: $0.name, value: $0.value.text, secret: $0.value.secret, source: $0.source.rawValue)
            }
        }
    }

    /// The scope a request sent from the panes is filled from: the profile's vars, the open
    /// file's, what was captured so far and the overlay's values.
    func scope(profile: [String: TemplateValue]) -> VariableScope {
        state.withLock { state in
            state.run.scope.profile = profile
            if let file = state.file { try? state.run.enter(file, profile: profile) }
            return state.run.scope
        }
    }

    /// What a request sent from the panes captured joins the scope, as a file request's does.
    func capture(_ captured: [CheckResults.Captured]) {
        state.withLock { state in
            for value in captured { state.run.scope.captures[value.name] = TemplateValue(value.value, secret: value.secret) }
        }
    }

    /// A value set in the variables overlay: a `--var` from now on.
    func set(_ name: String, value: String) {
        state.withLock { $0.run.scope.arguments[name] = TemplateValue(value) }
    }
}
