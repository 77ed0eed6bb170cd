import Foundation
import ProfileFormat
import RequestModel
@testable import ImportExport

/// What a round trip must keep of a request (SPEC §9): the method, the URL once `{{baseUrl}}` is
/// resolved and templates are written as `{{name}}` (optional template query items left out, as
/// Postman gets them disabled), the headers it sends (the profile's common headers and header
/// auth first; a secret written in clear as the placeholder an export must write instead, while
/// a value that only refers to its secret is kept; a text body's content type as the header it
/// becomes), the body and the request's vars.
struct SentRequest: Equatable, CustomStringConvertible {
    var method: String
    var url: String
    var headers: [NamedValue]
    var body: RequestSpec.Body
    var vars: [NamedValue]

    init(_ request: RequestSpec, profile: Profile) {
        method = request.method.uppercased()
        var exportURL = ExportURL(request)
        exportURL.query.removeAll(where: \.optional)
        let base = profile.baseURL ?? profile.vars.first { $0.name == "baseUrl" }?.value
        url = base.map { exportURL.text.replacingOccurrences(of: "{{baseUrl}}", with: String($0.reversed().drop { $0 == "/" }.reversed())) }
            ?? exportURL.text
        var headers = profile.headers
        if case .header(let name, let value) = profile.auth { headers.append(NamedValue(name, value)) }
        headers = (headers + request.headers).map { header in
            guard Secrets.isRequestHeader(header.name) || header.value.contains("${env:") else { return header }
            return NamedValue(header.name, Self.secret(header.value, fallback: ExportSecrets.variableName(for: header.name)))
        }
        if case .text(_, let contentType?) = request.body, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(NamedValue("Content-Type", contentType))
        }
        self.headers = headers
        body = request.body
        vars = request.vars
    }

    /// `Bearer {{token}}` and `${env:KEY}` (as `{{KEY}}`) kept; `Bearer abc123` → `{{fallback}}`.
    static func secret(_ value: String, fallback: String) -> String {
        guard Secrets.holdsNoSecret(value) else { return "{{\(fallback)}}" }
        return value.replacing(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/) { match in "{{\(match.1)}}" }
    }

    var description: String { "\(method) \(url) \(headers.map { "\($0.name): \($0.value)" }) \(body) vars \(vars.map { "\($0.name)=\($0.value)" })" }
}

enum PostmanRoundTrip {
    /// The profile's bearer or basic auth as the other side sees it (a header auth is a request header there).
    static func auth(_ profile: Profile) -> [String]? {
        switch profile.auth {
        case .bearer(let token): ["bearer", SentRequest.secret(token, fallback: "token")]
        case .basic(let username, let password):
            ["basic", SentRequest.secret(username, fallback: "username"), SentRequest.secret(password, fallback: "password")]
        case .header, nil: nil
        }
    }

    /// `api` exported as a Postman collection, written to a temporary file and imported again.
    static func reimported(_ api: ImportedAPI) throws -> (text: String, api: ImportedAPI) {
        let files = APIExport.files(.postman, profile: api.profile, requests: api.requests)
        guard files.count == 1, let text = files.first?.text else { throw RoundTripError.notOneFile(files.count) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-postman-\(UUID().uuidString).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return (text, try APIImport.read(file))
    }

    enum RoundTripError: Error {
        case notOneFile(Int)
    }
}
