import ClientCore
import Foundation
import Profiles
import RequestModel

/// `send`'s request prepared as every request is (SPEC §8): `RequestRendering.prepare` fills each
/// `{{name}}` and `${env:NAME}` the user wrote — in the URL, the query, the headers and an inline
/// body — in one pass, from `--var` over the profile's vars; an undefined one is a usage error
/// naming it and where it is. A file's bytes are data and go as they are, and so does everything
/// with `--no-vars`.
extension SendPlan {
    func prepared(profile: [String: TemplateValue], environment: [String: String]) throws(CLIError) -> HTTPRequest {
        var scope = VariableScope(environment: environment)
        scope.profile = profile
        scope.arguments = variables
        switch RequestRendering(scope, fills: fillsVariables).prepare(spec, name: spec.summary) {
        case .success(var request):
            settings.apply(to: &request)
            request.opensWebSocket = webSocket.forced
            return request
        case .failure(.undefined(let placeholder)):
            throw .usage("undefined variable \(placeholder) (\(place(of: placeholder))): give it with --var name=value, or send the text as written with --no-vars")
        case .failure(.unbuildable(let kind, let message)):
            throw CLIError(status: ExitStatus(kind), message: message)
        }
    }

    /// Where the user wrote `placeholder`, for the message.
    private func place(of placeholder: String) -> String {
        if spec.url.contains(placeholder) { return spec.url.split(separator: "?", maxSplits: 1).first?.contains(placeholder) == true ? "the URL" : "--query" }
        if let header = spec.headers.first(where: { $0.value.contains(placeholder) }) { return "header \(header.name)" }
        switch spec.body {
        case .form(let fields): return fields.first { $0.value.contains(placeholder) }.map { "--form \($0.name)" } ?? "the body"
        case .multipart(let parts):
            let part = parts.first { part in if case .text(let value) = part.content { value.contains(placeholder) } else { false } }
            return part.map { "--multipart \($0.name)" } ?? "the body"
        default: return "the body"
        }
    }
}
