import Foundation
import RequestModel

/// `{{name}}` filled from the client's variables (a profile's `vars:`, SPEC §4) as a request is
/// sent: in its route and text body, and in every header it goes out with, the common ones
/// included. A placeholder with no variable, and text that is not a template at all, stay as
/// written: bodies hold braces of their own.
struct VariableFilling {
    let values: TemplateValues

    init(_ variables: [String: TemplateValue]) {
        values = TemplateValues(variables: variables)
    }

    func filled(_ text: String) -> String {
        guard Template.mayHavePlaceholders(text), let template = try? Template(text) else { return text }
        return template.render(with: values) { part in part.placeholder }.text
    }

    func filled(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.route = filled(request.route)
        switch request.body {
        case .data(let data, let contentType):
            if let text = String(data: data, encoding: .utf8) { request.body = .data(Data(filled(text).utf8), contentType: contentType) }
        case .json(let data):
            if let text = String(data: data, encoding: .utf8) { request.body = .json(Data(filled(text).utf8)) }
        default: break
        }
        return request
    }

    func filled(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { HTTPHeader(name: $0.name, value: filled($0.value)) })
    }
}
