import Foundation

/// One request as a user writes it, and the one type every place keeps it in: a saved-requests
/// or request file (SPEC §4, §8), a session's exchange (SPEC §5) and the TUI's editing panes.
/// The URL, headers and body are kept as written (RFC 6570 templates and `{{vars}}` untouched);
/// `vars`, `capture`, `assert` and `poll` are SPEC §8's, as plain data.
public struct RequestSpec: Sendable, Equatable {
    /// Named in a saved-requests or request file; nil in a session (its exchange has the name).
    public var name: String?
    public var method: String
    /// As written: absolute, or a path the profile's base URL resolves.
    public var url: String
    /// In order, repeated names kept.
    public var headers: [NamedValue]
    public var body: Body
    /// `{{name}}` values this request file gives, in order.
    public var vars: [NamedValue]
    public var captures: [Capture]
    public var asserts: [Assert]
    public var poll: Poll?
    /// The tag or folder an import found it in (`pets`, `Folder/Sub`).
    public var group: String?
    /// Its summary or description, as the source wrote it.
    public var description: String?
    /// The path and query parameters of its URL template (`RequestSpec+Source.swift`).
    public var parameters: [Parameter]
    /// `websocket: true`: it opens a WebSocket on its URL, `http` becoming `ws` (SPEC §12).
    public var webSocket = false

    public init(name: String? = nil, method: String = "GET", url: String, headers: [NamedValue] = [], body: Body = .none,
                vars: [NamedValue] = [], captures: [Capture] = [], asserts: [Assert] = [], poll: Poll? = nil,
                group: String? = nil, description: String? = nil, parameters: [Parameter] = []) {
        self.name = name
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.vars = vars
        self.captures = captures
        self.asserts = asserts
        self.poll = poll
        self.group = group
        self.description = description
        self.parameters = parameters
    }

    public enum Body: Sendable, Equatable {
        case none
        /// Sent as it is; the content type, when known, goes with it.
        case text(String, contentType: String?)
        /// JSON text as written (it may hold `{{templates}}`), sent as application/json.
        case json(String)
        /// `application/x-www-form-urlencoded`, fields in order.
        case form([NamedValue])
        case multipart([MultipartPart])
        /// Bytes that are not UTF-8 text (a recorded upload).
        case binary(Data, contentType: String?)
        /// GraphQL over HTTP (SPEC §13): sent as JSON with GraphQL's `Accept`.
        case graphql(GraphQLBody)
    }

    /// `GET users/2`: how a list line or a report names the request (`/` for the base URL itself).
    public var summary: String { "\(method) \(url.isEmpty ? "/" : url)" }
}

extension RequestSpec {
    /// Every text that filling reads (SPEC §8): the URL, header values, and the body's text, field
    /// values, part values and file paths — not its bytes.
    public var fillableTexts: [String] {
        var texts = [url] + headers.map(\.value)
        switch body {
        case .none, .binary: break
        case .text(let text, _), .json(let text): texts.append(text)
        case .form(let fields): texts += fields.map(\.value)
        case .graphql(let graphql): texts += [graphql.query, graphql.variables ?? "", graphql.operationName ?? ""]
        case .multipart(let parts):
            texts += parts.map { part in
                switch part.content {
                case .text(let value): value
                case .file(let path): path
                }
            }
        }
        return texts
    }
}
