import Foundation
import ProfileFormat
import RequestModel
@testable import ImportExport

/// What a round trip must keep of a request (SPEC §9): the method, the URL once `{{baseUrl}}` is
/// resolved and templates are written as `{{name}}` (optional template query items left out, as
/// Postman gets them disabled), the headers it sends (the profile's common headers and auth
/// first, secrets as placeholders, a text body's content type as the header it becomes), and
/// the body.
struct SentRequest: Equatable, CustomStringConvertible {
    var method: String
    var url: String
    var headers: [NamedValue]
    var body: RequestSpec.Body

    init(_ request: RequestSpec, profile: Profile) {
        method = request.method.uppercased()
        var exportURL = ExportURL(request)
        exportURL.query.removeAll(where: \.optional)
        let base = profile.baseURL ?? profile.vars.first { $0.name == "baseUrl" }?.value
        url = base.map { exportURL.text.replacingOccurrences(of: "{{baseUrl}}", with: String($0.reversed().drop { $0 == "/" }.reversed())) }
            ?? exportURL.text
        var headers = ExportSecrets.commonHeaders(profile)
        if let auth = profile.auth, case .header = auth { headers.append(ExportSecrets.authHeader(auth)) }
        headers += request.headers.map { header in
            guard Secrets.isRequestHeader(header.name) || header.value.contains("${env:") else { return header }
            return NamedValue(header.name, ExportSecrets.placeholder(for: header.value, fallback: ExportSecrets.variableName(for: header.name)))
        }
        if case .text(_, let contentType?) = request.body, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(NamedValue("Content-Type", contentType))
        }
        self.headers = headers
        body = request.body
    }

    var description: String { "\(method) \(url) \(headers.map { "\($0.name): \($0.value)" }) \(body)" }
}

enum PostmanRoundTrip {
    /// The profile auth as the other side sees it: bearer and basic with placeholders.
    static func auth(_ profile: Profile) -> NamedValue? {
        guard let auth = profile.auth, PostmanExport.collectionAuth(auth) != nil else { return nil }
        return ExportSecrets.authHeader(auth)
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
