import ClientCore
import Foundation
import Profiles
import RequestModel

/// `send`'s part of SPEC §8: every `{{name}}` and `${env:NAME}` the user wrote — in the URL, the
/// query, the headers and an inline body — filled in one pass from `--var` over the profile's
/// vars before anything is sent; an undefined one is a usage error naming it. A file's bytes are
/// data and go as they are, and so does everything with `--no-vars`.
extension SendPlan {
    func filled(profile: [String: TemplateValue], environment: [String: String]) throws(CLIError) -> SendPlan {
        guard fillsVariables else { return self }
        var scope = VariableScope(environment: environment)
        scope.profile = profile
        scope.arguments = variables
        let rendering = RequestRendering(scope)
        func fill(_ text: String, _ place: String) throws(CLIError) -> String {
            do throws(RequestRendering.Undefined) {
                return try rendering.fill(text).text
            } catch {
                throw .usage("undefined variable \(error.placeholder) (\(place)): give it with --var name=value, or send the text as written with --no-vars")
            }
        }
        var plan = self
        plan.request.route = try fill(request.route, "the URL")
        plan.request.query = try request.query.map { (item) throws(CLIError) in
            QueryItem(try fill(item.name, "--query"), try item.value.map { (value) throws(CLIError) in try fill(value, "--query \(item.name)") })
        }
        plan.request.headers = HTTPHeaders(try request.headers.map { (header) throws(CLIError) in
            HTTPHeader(name: header.name, value: try fill(header.value, "header \(header.name)"))
        })
        if let body = try body.filled(fill) {
            plan.body = body
            plan.request.body = try body.requestBody(flag: "--multipart")
        }
        return plan
    }
}

extension SendBody {
    /// The body with `fill` applied to the text the user typed; nil when there is none (no body,
    /// a file's bytes, bytes that are not UTF-8).
    func filled(_ fill: (String, String) throws(CLIError) -> String) throws(CLIError) -> SendBody? {
        switch self {
        case .none: return nil
        case .bytes(let data, let file, let contentType):
            guard file == nil, let text = String(data: data, encoding: .utf8) else { return nil }
            return .bytes(Data(try fill(text, "the body").utf8), file: nil, contentType: contentType)
        case .form(let fields):
            return .form(try fields.map { (field) throws(CLIError) in (field.name, try fill(field.value, "--form \(field.name)")) })
        case .multipart(let parts):
            return .multipart(try parts.map { (part) throws(CLIError) in
                guard case .text(let value) = part.content else { return part }
                var part = part
                part.content = .text(try fill(value, "--multipart \(part.name)"))
                return part
            })
        }
    }
}
