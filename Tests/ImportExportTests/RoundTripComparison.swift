import Foundation
import ProfileFormat
import RequestModel
@testable import ImportExport

/// What a request sends once its profile applies, in the one normal form every round trip is
/// compared in (SPEC §9):
/// - the method upper-cased;
/// - the URL as `ExportURL` writes it (RFC 6570 expressions and `{{var}}` placeholders alike as
///   `{{name}}`), optional template query items left out (an export writes them disabled or not
///   at all), `{{baseUrl}}` resolved against the profile's base URL or its `baseUrl` var (an
///   empty one, as an export writes for a profile without a base URL, is left to fill);
/// - the headers: the profile's common headers and auth as a header, then the request's own
///   (one of the same name replaces a common one), every secret in the placeholder form an export
///   writes (`ExportSecrets`), the body's implied Content-Type added when none is named; a
///   multipart body's Content-Type left out (its boundary is the writer's); ordered by name;
/// - the body by content: form fields and multipart parts in order, JSON as a `JSONNode` (so
///   whitespace does not matter), other text (and bytes that are UTF-8) as written.
struct SentRequest: Equatable, CustomStringConvertible {
    enum Body: Equatable {
        case none
        case text(String)
        case json(JSONNode)
        case form([NamedValue])
        case multipart([MultipartPart])
        case binary(Data)
    }

    var method: String
    var url: String
    var headers: [NamedValue]
    var body: Body

    /// `optionalQuery`: whether a URL template's optional query parameters are sent, as `name={{name}}`
    /// (they are once exported to `.http`, where no query item can be disabled).
    init(_ request: RequestSpec, profile: Profile, optionalQuery: Bool = false) {
        method = request.method.uppercased()
        var exportURL = ExportURL(request)
        if !optionalQuery { exportURL.query.removeAll(where: \.optional) }
        url = Self.resolved(exportURL.text, profile: profile)
        headers = Self.headers(request, profile: profile)
        body = Self.body(request.body)
    }

    /// `{{baseUrl}}…` with the profile's base URL (or its `baseUrl` var) put in, without its trailing `/`.
    static func resolved(_ url: String, profile: Profile) -> String {
        guard url.hasPrefix("{{baseUrl}}"),
              let base = profile.baseURL ?? profile.vars.last(where: { $0.name == "baseUrl" })?.value, !base.isEmpty else { return url }
        return String(base.reversed().drop { $0 == "/" }.reversed()) + url.dropFirst("{{baseUrl}}".count)
    }

    static func headers(_ request: RequestSpec, profile: Profile) -> [NamedValue] {
        // The profile's headers and auth, then the request's, as an export writes them.
        var headers = HTTPFileExportHeaders.headers(profile: profile, request: request)
        if case .multipart = request.body {
            headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/") }
        } else if !headers.contains(where: { $0.name.lowercased() == "content-type" }), let type = impliedContentType(request.body) {
            headers.append(NamedValue("Content-Type", type))
        }
        // Headers of different names may come in any order (a profile's become the request's own
        // in Postman); those of one name keep theirs.
        return headers.enumerated().sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }.map(\.element)
    }

    static func impliedContentType(_ body: RequestSpec.Body) -> String? {
        switch body {
        case .json, .graphql: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .text(_, let type), .binary(_, let type): type
        case .none, .multipart: nil
        }
    }

    /// JSON (a `.json` body, or text of a JSON type) as its value when it parses; else the text.
    static func body(_ body: RequestSpec.Body) -> Body {
        switch body {
        case .none: return .none
        case .json(let text): return json(text)
        case .graphql(let graphql): return json(graphql.jsonText)
        case .text(let text, let type): return MediaType.isJSON(type) ? json(text) : .text(text)
        case .form(let fields): return .form(fields)
        case .multipart(let parts): return .multipart(parts)
        case .binary(let data, let type):
            // Bytes that are UTF-8 text are that text on the wire.
            guard let text = String(validating: data, as: UTF8.self) else { return .binary(data) }
            return MediaType.isJSON(type) ? json(text) : .text(text)
        }
    }

    private static func json(_ text: String) -> Body {
        (try? JSONNode.parsing(text)).map(Body.json) ?? .text(text)
    }

    var description: String {
        "\(method) \(url) \(headers.map { "\($0.name): \($0.value)" }) \(body)"
    }
}
