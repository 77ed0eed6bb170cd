import ClientCore
import RequestModel

/// The one way a request is prepared to send, whatever sends it — `run`, `replay`, the TUI's
/// panes and its request files (SPEC §8): the request's own vars laid just above the file's,
/// every `{{name}}` and `${env:NAME}` filled in one pass, then built for ClientCore with its
/// captures, asserts and poll attached. ClientCore fills nothing, so a value put in — captured,
/// read from the environment, given with `--var` — goes out exactly as it is.
extension RequestRendering {
    /// Why a request was not sent.
    public enum Refusal: Error, Sendable, Equatable {
        /// A placeholder with no value, as written (`{{token}}`, `${env:DEMO_PASSWORD}`).
        case undefined(String)
        /// The filled request cannot be built (a multipart file that is missing, say), secrets masked.
        case unbuildable(HTTPError.Kind, String)

        /// The refusal as ClientCore's error, for the paths that report those.
        public var error: HTTPError {
            switch self {
            case .undefined(let placeholder): HTTPError(.invalidURL, "undefined variable \(placeholder)")
            case .unbuildable(let kind, let message): HTTPError(kind, message)
            }
        }
    }

    /// `spec` ready to send; `sent` replaces its method, URL, headers and body (the TUI's edited
    /// panes) while its vars and checks stay. `name` is what its assert events are called.
    /// `environmentNames`: the `${env:}` its file reads, whose values are masked.
    public func prepare(_ spec: RequestSpec, sending sent: RequestSpec? = nil, name: String,
                        environmentNames: [String] = []) -> Result<HTTPRequest, Refusal> {
        // The scope's layers are merged once (`values`); a request's own vars make a rendering of their own.
        var rendering = self
        let filled: RequestSpec, inserted: [String]
        do throws(RequestRendering.Undefined) {
            if !spec.vars.isEmpty {
                var scope = self.scope
                scope.file.merge(try values(of: spec.vars)) { _, own in own }
                rendering = RequestRendering(scope, fills: fills)
            }
            (filled, inserted) = try rendering.render(sent ?? spec)
        } catch {
            return .failure(.undefined(error.placeholder))
        }
        let variables = rendering.values.variables
        let masking = rendering.scope.secrets(of: variables, environmentNames: environmentNames)
        var request: HTTPRequest
        do throws(HTTPError) {
            request = try filled.httpRequest()
            request.opensWebSocket = spec.webSocket
        } catch {
            return .failure(.unbuildable(error.kind, masking.masking(in: error.message)))
        }
        guard spec.hasChecks else { return .success(request) }
        request.checks = ResponseChecks(request: name, captures: spec.captures, asserts: spec.asserts, poll: spec.poll,
                                        variables: variables, secrets: Secrets.Values(masking.longestFirst + inserted))
        return .success(request)
    }
}
