/// A named client profile as SPEC §4 writes it: what a profile file says, checked, before it is
/// turned into a client. `${env:NAME}` stays as written here; it is resolved when a request is
/// built and never written back.
public struct Profile: Sendable, Equatable {
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public enum Auth: Sendable, Equatable {
        case bearer(String)
        case basic(username: String, password: String)
        case header(name: String, value: String)
    }

    public struct Redirects: Sendable, Equatable {
        public var follow = true
        public var max: Int?
    }

    public struct TLS: Sendable, Equatable {
        public var insecure = false
        public var caFile: String?
    }

    /// How a validator waits before a retry: `strategy` is immediate, delayed, exponential or
    /// fibonacci; the other keys are the ones that strategy reads.
    public struct Retry: Sendable, Equatable {
        public var strategy: String
        public var delay: Double?
        public var base: Double?
        public var multiplier: Double?
        public var unit: Double?
        public var maxDelay: Double?
        public var jitter: String?
    }

    public struct DefaultValidator: Sendable, Equatable {
        public var allowsEmptyResponses: Bool?
        public var retryStatuses: [Int]?
        public var retry: Retry?
        public var respectRetryAfter: Bool?
        public var retryMethods: [String]?
    }

    /// An alternate request (a silent login, a token refresh) run on `statuses`, whose response
    /// fills `apply`'s headers (`{{alt.json.token}}`) for the attempts that follow.
    public struct AltRequest: Sendable, Equatable {
        public var statuses: [Int]
        public var method: String
        public var url: String
        public var headers: [Header] = []
        /// The request's JSON body, as JSON text.
        public var json: String?
        public var applyHeaders: [Header] = []
    }

    public enum Validator: Sendable, Equatable {
        case standard(DefaultValidator)
        case altRequest(AltRequest)
    }

    public var name: String
    public var baseURL: String?
    public var headers: [Header] = []
    public var auth: Auth?
    public var timeout: Double?
    public var deadline: Double?
    public var maxRetries: Int?
    public var redirects: Redirects?
    public var tls: TLS?
    public var proxy: String?
    public var cookies: Bool?
    public var validators: [Validator] = []

    public init(name: String) {
        self.name = name
    }
}
