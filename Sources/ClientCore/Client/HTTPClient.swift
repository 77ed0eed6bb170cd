import Foundation
import RequestModel
import Locking
import Synchronization

/// A client for one web service: base URL, common headers, auth, defaults and the
/// ordered validator chain (the seed's HTTPClient). Safe to share: any number of
/// exchanges may run at once.
public final class HTTPClient: Sendable {
    /// What does not change after creation.
    public struct Configuration: Sendable {
        public var tls = TLSSettings()
        public var redirects = RedirectPolicy.follow(max: 10)
        public var spool = SpoolPolicy()
        /// Keep a cookie jar (on by default, as browsers and `curl -b ''` do).
        public var cookies = true
        /// Where requests go through a proxy: the environment's `http_proxy`, `https_proxy`
        /// and `no_proxy` by default, as curl reads them.
        public var proxy = ProxySetting.environment(ProxyEnvironment())
        public var clock: any ExchangeClock = SystemClock()
        /// A number in [0, 1) for jitter; injected so tests can pin it.
        public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

        public init() {}
    }

    /// What the user may change at any time; each attempt reads it afresh.
    struct Settings: Sendable {
        var headers = HTTPHeaders()
        var auth: HTTPAuth?
        /// OAuth 2.0 tokens (SPEC §11): each request to the base URL's origin carries one as
        /// `Authorization: Bearer`, obtained, refreshed and replaced after a `401` as needed.
        var oauth: OAuthTokens?
        /// The OAuth access token the latest request carried.
        var oauthTokenInUse: String?
        /// Common headers that hold credentials, besides auth and `Secrets.requestHeaders`.
        var credentials = CredentialScope()
        var validators: [any HTTPValidator] = [HTTPDefaultValidator()]
        var timeout: TimeInterval = 30
        var maxRetries = 0
        var deadline: TimeInterval?
        /// Bumped on every change of headers or auth, so an attempt knows whether its
        /// credentials are stale.
        var headersGeneration = 0
        /// What the client's own header values go out as (`resolveOwnHeaders`).
        var ownHeaderValues: (@Sendable (HTTPHeader) throws(HTTPError) -> String)?
        /// Lower-cased names `setHeader` replaced: their values are sent as they are.
        var replacedHeaders: Set<String> = []
        var makeJSONEncoder: @Sendable () -> JSONEncoder = { JSONEncoder() }
        var requestModifier: (@Sendable (inout PreparedRequest) throws -> Void)?
        var errorHandler: (@Sendable (HTTPError, HTTPResponse?) -> ErrorHandling)?
    }

    public let baseURL: URL?
    public let configuration: Configuration
    let transport: Transport
    let hub = EventHub()
    private let routes: RouteCache
    let cookieJar = Locked(CookieJar())
    private let settings = Locked(Settings())
    private let exchangeCounter = Atomic<Int>(0)

    public init(baseURL: URL?, configuration: Configuration = Configuration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.transport = Transport(tls: configuration.tls, proxy: configuration.proxy)
        self.routes = RouteCache(base: baseURL)
    }

    /// A client with no base URL: every request names an absolute URL.
    public convenience init(configuration: Configuration = Configuration()) {
        self.init(baseURL: nil as URL?, configuration: configuration)
    }

    /// - Throws: `invalidURL` when `baseURL` is not an http(s) URL with a host.
    public convenience init(baseURL: String, configuration: Configuration = Configuration()) throws(HTTPError) {
        guard let url = URLResolver.absoluteURL(baseURL) else {
            throw HTTPError(.invalidURL, "invalid base URL \(baseURL.debugDescription): it needs http://, https://, ws:// or wss:// and a host")
        }
        self.init(baseURL: url, configuration: configuration)
    }

    // MARK: Settings

    /// Headers sent with every request; a request's own headers of the same name win.
    public var headers: HTTPHeaders {
        get { settings.withLock { $0.headers } }
        set { settings.withLock { $0.headers = newValue; $0.headersGeneration += 1 } }
    }

    /// Sets one common header, replacing the auth header or a common header of that name.
    /// - Parameter credential: the value is a credential (a refreshed token, say): it goes only
    ///   to the base URL's origin, as auth does.
    public func setHeader(_ name: String, _ value: String, credential: Bool = false) {
        settings.withLock {
            $0.headers[name] = value
            if $0.auth?.header.name.caseInsensitiveEquals(name) == true { $0.auth = nil }
            if credential { $0.credentials.names.insert(name.lowercased()) }
            $0.replacedHeaders.insert(name.lowercased())
            $0.headersGeneration += 1
        }
    }

    /// Names of common headers whose values are credentials (an API key, a value read from the
    /// environment). Like auth and `Authorization`/`Cookie`/`Proxy-Authorization`, they are sent
    /// only to the base URL's origin; a request elsewhere goes without them (SPEC §4).
    public var credentialHeaders: Set<String> {
        get { settings.withLock { $0.credentials.names } }
        set { settings.withLock { $0.credentials.names = Set(newValue.map { $0.lowercased() }) } }
    }

    public var auth: HTTPAuth? {
        get { settings.withLock { $0.auth } }
        set { settings.withLock { $0.auth = newValue; $0.headersGeneration += 1 } }
    }

    /// OAuth 2.0 tokens this client sends to its base URL's origin (SPEC §11); nil for none.
    /// A request with its own `auth` goes with that instead.
    public var oauth: OAuthTokens? {
        get { settings.withLock { $0.oauth } }
        set { settings.withLock { $0.oauth = newValue; $0.headersGeneration += 1 } }
    }

    /// The OAuth access token the latest request carried, so a recorder can mask it wherever a
    /// body repeats it; nil before the first.
    public var oauthTokenInUse: String? { settings.withLock { $0.oauthTokenInUse } }

    func noteOAuthToken(_ token: String) {
        settings.withLock { $0.oauthTokenInUse = token }
    }

    /// The ordered validator chain; `[HTTPDefaultValidator()]` by default.
    public var validators: [any HTTPValidator] {
        get { settings.withLock { $0.validators } }
        set { settings.withLock { $0.validators = newValue } }
    }

    /// Seconds per attempt, unless the request says otherwise.
    public var timeout: TimeInterval {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// Retries per exchange, unless the request says otherwise.
    public var maxRetries: Int {
        get { settings.withLock { $0.maxRetries } }
        set { settings.withLock { $0.maxRetries = newValue } }
    }

    /// Seconds for a whole exchange, unless the request says otherwise; nil for none.
    public var deadline: TimeInterval? {
        get { settings.withLock { $0.deadline } }
        set { settings.withLock { $0.deadline = newValue } }
    }

    var headersGeneration: Int { settings.withLock { $0.headersGeneration } }

    /// Configures the `JSONEncoder` of every `Encodable` body (Decree's `configure(_ encoder:)`).
    public func configureJSONEncoder(_ configure: @escaping @Sendable (JSONEncoder) -> Void) {
        settings.withLock { settings in
            settings.makeJSONEncoder = {
                let encoder = JSONEncoder()
                configure(encoder)
                return encoder
            }
        }
    }

    /// Computes the value each of the client's own headers (common headers and auth) goes out
    /// with, as each attempt is built: a profile's `{{region}}` and `${env:NAME}` are filled then,
    /// from the text the profile holds. Only values the client was given are passed; a header
    /// `setHeader` set (a refreshed token) and a request's own headers go out as they are, so a
    /// value that came from a server is never read as a template (SPEC §8).
    public func resolveOwnHeaders(_ resolve: (@Sendable (HTTPHeader) throws(HTTPError) -> String)?) {
        settings.withLock { $0.ownHeaderValues = resolve }
    }

    /// Runs before every attempt is sent and may change it (Decree's `configure(_ request:)`);
    /// an error it throws fails the exchange.
    public func modifyRequests(_ modifier: (@Sendable (inout PreparedRequest) throws -> Void)?) {
        settings.withLock { $0.requestModifier = modifier }
    }

    /// Sees every error the exchange is about to fail with and may send the same request
    /// to another URL instead, transparently (Decree's `handle(_:response:from:)`).
    public func handleErrors(_ handler: (@Sendable (HTTPError, HTTPResponse?) -> ErrorHandling)?) {
        settings.withLock { $0.errorHandler = handler }
    }

    // MARK: Exchanges

    /// A fresh id, for callers that want to know an exchange's events before it starts.
    public func makeExchangeID() -> ExchangeID {
        ExchangeID(exchangeCounter.add(1, ordering: .relaxed).newValue)
    }

    /// Sends `request`, with retries, redirects and the validator chain, and returns the
    /// approved response. Throws `HTTPError` for every failure, `cancelled` included.
    /// - Parameter sink: streams a 2xx body there as it arrives instead of keeping it;
    ///   once a byte is written the exchange is no longer retried.
    public func send(_ request: HTTPRequest, id: ExchangeID? = nil, sink: BodySink? = nil) async throws(HTTPError) -> HTTPResponse {
        var exchange = Exchange(client: self, id: id ?? makeExchangeID(), request: request, publishes: true, sink: sink)
        return try await exchange.run()
    }

    /// Opens a WebSocket (SPEC §12) with `request` as its handshake — prepared as every request is
    /// (common headers, auth, cookies, the origin rules; `http` becomes `ws`) — and talks through
    /// `conversation` until it closes; a connection that drops is reconnected as retries allow.
    /// Returns the handshake's response once the conversation is over (`webSocketClosed` says how).
    public func open(_ request: HTTPRequest, id: ExchangeID? = nil, conversation: WebSocketConversation) async throws(HTTPError) -> HTTPResponse {
        var exchange = Exchange(client: self, id: id ?? makeExchangeID(), request: request, publishes: true, sink: nil, conversation: conversation)
        return try await exchange.run()
    }

    /// Whether `request` opens a WebSocket on this client: its URL, joined to the base URL, is
    /// `ws` or `wss`, or it asks for one (`opensWebSocket`). A request that cannot be prepared does not.
    public func opensWebSocket(_ request: HTTPRequest) -> Bool {
        (try? prepare(request))?.url.isWebSocket == true
    }

    /// Sends an alternate request (a token refresh) without publishing its events:
    /// its tries are not attempts of the exchange it serves.
    /// - Parameter validators: instead of the client's (none: any answer is the caller's to read).
    func sendQuietly(_ request: HTTPRequest, validators: [any HTTPValidator]? = nil) async throws(HTTPError) -> HTTPResponse {
        var exchange = Exchange(client: self, id: makeExchangeID(), request: request, publishes: false, sink: nil, validators: validators)
        return try await exchange.run()
    }

    /// The event loop this client's connections live on, as a task executor. A caller that runs
    /// its exchanges there (`withTaskExecutorPreference(client.taskExecutor) { … }`) has each
    /// response head and body chunk wake its exchange on the thread that read it, with no hop to
    /// the cooperative pool and back (issue 29: CPU per exchange below raw AsyncHTTPClient's);
    /// `explorer run` does. Not the default: a sink's or validator's code then runs on the loop,
    /// and work that blocks there stalls every connection of the client (an exchange without a
    /// sink has its response read there anyway, and judged back on the caller's executor).
    public var taskExecutor: any TaskExecutor { transport.executor }

    /// Every event of every exchange from now on. A reader more than `bufferLimit` events
    /// behind loses the oldest; with no reader, events cost nothing.
    public func events(bufferLimit: Int = 65_536) -> AsyncStream<ClientEvent> {
        hub.subscribe(bufferLimit: bufferLimit)
    }

    /// Ends the event streams and closes every connection. Call it once, when done.
    public func shutdown() async {
        hub.finishAll()
        await transport.shutdown()
    }

    /// The request as the first attempt would send it, without sending it: base URL joined,
    /// query encoded, common headers and auth merged, body prepared (`--as-curl` shows this).
    public func prepare(_ request: HTTPRequest) throws(HTTPError) -> PreparedRequest {
        try prepare(request, with: snapshot())
    }

    /// The state an attempt is built from, read in one lock.
    func snapshot() -> Settings { settings.withLock { $0 } }

    /// Whether `request` goes to the base URL's origin (false without a base URL: an OAuth token has nowhere to go).
    func isAtBaseOrigin(_ request: HTTPRequest) throws(HTTPError) -> Bool {
        guard baseURL != nil else { return false }
        return try routes.resolve(request.route).atBaseOrigin
    }

    func prepare(_ request: HTTPRequest, with settings: Settings) throws(HTTPError) -> PreparedRequest {
        let route = try routes.resolve(request.route)
        var credentials = settings.credentials
        if let auth = request.auth ?? settings.auth { credentials.names.insert(auth.header.name.lowercased()) }
        // The client's auth yields to a common header of the same name (one set by a token refresh, say).
        var common = settings.headers
        if request.auth == nil, let auth = settings.auth { common = HTTPHeaders([auth.header]).merging(common) }
        if let resolve = settings.ownHeaderValues {
            common = HTTPHeaders(try common.map { (header) throws(HTTPError) in
                guard !settings.replacedHeaders.contains(header.name.lowercased()) else { return header }
                return HTTPHeader(name: header.name, value: try resolve(header))
            })
            // Checked again: a resolved value must not bring a line break into a header.
            try common.validate()
        }
        // The client's credentials stay with the base URL's origin; what the request itself
        // carries (its own auth and headers) is the caller's choice for that URL.
        let withheld = route.atBaseOrigin ? [] : credentials.withhold(from: &common)
        if let auth = request.auth { common = common.merging(HTTPHeaders([auth.header])) }
        let url = request.opensWebSocket ? route.url.withScheme(webSocket: true) : route.url
        var prepared = try PreparedRequest(request, url: url, clientHeaders: common, encoder: settings.makeJSONEncoder)
        prepared.credentials = credentials
        prepared.authHeader = (request.auth ?? settings.auth)?.header.name
        prepared.withheldCredentials = withheld
        if let modifier = settings.requestModifier {
            do {
                try modifier(&prepared)
                try prepared.headers.validate()
            } catch {
                throw error as? HTTPError ?? HTTPError(.invalidBody, "the request modifier failed: \(error)", underlying: error)
            }
        }
        return prepared
    }
}

extension HTTPRequest {
    /// Sends the request on `client` (the seed's `fetch`).
    public func fetch(_ client: HTTPClient) async throws(HTTPError) -> HTTPResponse {
        try await client.send(self)
    }
}

/// How a client picks a proxy.
public enum ProxySetting: Sendable, Hashable {
    case none
    /// Every request through this proxy (`http://user:pass@host:port`).
    case explicit(URL)
    case environment(ProxyEnvironment)

    func proxy(for url: URL) -> URL? {
        switch self {
        case .none: nil
        case .explicit(let proxy): proxy
        case .environment(let environment): environment.proxy(for: url)
        }
    }
}

/// What an error handler decides (Decree's `ErrorHandling`).
public enum ErrorHandling: Sendable {
    /// Let the error stand.
    case none
    /// Send the same request to this URL instead; the caller sees only the final outcome.
    case redirect(to: URL)
}

/// Whether and how far redirects are followed. ClientCore follows each hop itself so
/// every hop is an event.
public enum RedirectPolicy: Sendable {
    case refuse
    case follow(max: Int)
    /// Asks for each hop: status, from, to.
    case decide(max: Int, @Sendable (_ status: Int, _ from: URL, _ to: URL) -> Bool)
}
