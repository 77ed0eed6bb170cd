import Foundation

/// A request checked once and ready for the wire: absolute URL, final headers.
/// The transport accepts nothing else.
public struct PreparedRequest: Sendable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: PreparedBody
    /// False keeps an encoded body as it came (`HTTPRequest.decodesContent`).
    public var decodesContent = true
    /// `HTTPRequest.maxBody`: nil takes the client's limit.
    public var maxBody: Int?
    /// Which headers carry credentials: they never follow a redirect to another origin.
    var credentials = CredentialScope()
    /// The header the request's auth (or the client's) sets, as spelled: `Authorization`, or a
    /// custom one like `X-Api-Key` whose value is as secret as any `Secrets.requestHeaders` one.
    public internal(set) var authHeader: String?
    /// The client's credentials left out of this request because it goes to another origin
    /// than the base URL's (names as spelled); the exchange says so in its events.
    var withheldCredentials: [String] = []

    /// Builds the attempt's request from the user's request, resolved to `url`, and the client's
    /// state. Request headers win over the client's common headers and auth.
    init(_ request: HTTPRequest, url resolved: URL, clientHeaders: HTTPHeaders,
         encoder: () -> JSONEncoder = { JSONEncoder() }) throws(HTTPError) {
        guard request.method.isValidToken else {
            throw HTTPError(.invalidMethod, "invalid method \(request.method.rawValue.debugDescription): a method is letters, digits and !#$%&'*+-.^_`|~")
        }
        var url = resolved
        let items = request.parameters.isEmpty ? request.query : request.query + request.queryStyle.items(request.parameters)
        if !items.isEmpty { url = URLResolver.appending(items, to: url) }
        var headers = clientHeaders.merging(request.headers)
        let (body, contentType) = try request.body.prepare(style: request.queryStyle, encoder: encoder)
        if let contentType, !headers.contains("Content-Type") {
            headers.add(name: "Content-Type", value: contentType)
        }
        if request.acceptsEncodings, !headers.contains("Accept-Encoding") {
            headers.add(name: "Accept-Encoding", value: HTTPRequest.defaultAcceptEncoding)
        }
        try headers.validate()
        self.method = request.method
        self.url = url
        self.headers = headers
        self.body = body
        self.decodesContent = request.decodesContent
        self.maxBody = request.maxBody
    }

    /// The client's spool policy with this request's own body limit, if it has one.
    func spool(_ policy: SpoolPolicy) -> SpoolPolicy {
        guard let maxBody else { return policy }
        var policy = policy
        policy.maxBytes = maxBody
        return policy
    }

    /// The request for a redirect hop (RFC 9110 §15.4): 301/302/303 turn a POST
    /// into a GET without a body, 307/308 keep both; credentials never cross origins
    /// (`withheldCredentials` names those this hop leaves out).
    func following(redirect status: Int, to target: URL, originalOrigin: String) -> PreparedRequest {
        var next = self
        next.withheldCredentials = []
        next.url = target
        if status == 303 && method != .head || (status == 301 || status == 302) && method == .post {
            next.method = .get
            next.body = .none
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        if target.origin != originalOrigin {
            next.withheldCredentials = credentials.withhold(from: &next.headers)
        }
        return next
    }
}

extension URL {
    /// scheme://host:port, for same-origin checks; `ws` is `http`'s origin and `wss` `https`'s (SPEC §12).
    var origin: String {
        let scheme = switch (self.scheme ?? "").lowercased() {
        case "ws": "http"
        case "wss": "https"
        case let scheme: scheme
        }
        let port = self.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\((host ?? "").lowercased()):\(port)"
    }
}
