import ProfileFormat
import RequestModel

/// The headers an exported request sends, in the order the other client writes them: the
/// profile's common headers and its auth (secrets as `ExportSecrets` placeholders), then the
/// request's own (a request header replaces a common one of the same name), then the body's
/// Content-Type when the request names none (and a GraphQL body's Accept). Shared by the `.http` and curl exports.
enum HTTPFileExportHeaders {
    static func headers(profile: Profile, request: RequestSpec) -> [NamedValue] {
        let own = Set(request.headers.map { $0.name.lowercased() })
        var headers = ExportSecrets.commonHeaders(profile).filter { !own.contains($0.name.lowercased()) }
        if let auth = profile.auth {
            let header = ExportSecrets.authHeader(auth)
            if !own.contains(header.name.lowercased()) { headers.append(header) }
        }
        headers += request.headers.map(ExportSecrets.requestHeader)
        if !own.contains("content-type"), let type = contentType(request.body) {
            headers.append(NamedValue("Content-Type", type))
        }
        // GraphQL over HTTP's Accept goes with a GraphQL body in place of the profile's, as explorer
        // sends it (SPEC §13), unless the request names its own.
        if case .graphql = request.body, !own.contains("accept") {
            headers.removeAll { $0.name.lowercased() == "accept" }
            headers.append(NamedValue("Accept", GraphQLBody.accept))
        }
        return headers
    }

    /// The Content-Type a body implies; nil for none, multipart (its boundary is the writer's)
    /// and text or bytes of no known type.
    static func contentType(_ body: RequestSpec.Body) -> String? {
        switch body {
        case .json, .graphql: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .text(_, let type), .binary(_, let type): type
        case .none, .multipart: nil
        }
    }
}
