import RequestModel

/// A named client profile as SPEC §4 writes it: what a profile file says, checked, before it is
/// turned into a client. `${env:NAME}` stays as written here; it is resolved when a request is
/// built and never written back.
public struct Profile: Sendable, Equatable {
    public typealias Header = NamedValue

    public enum Auth: Sendable, Equatable {
        case bearer(String)
        case basic(username: String, password: String)
        case header(name: String, value: String)
        /// SPEC §11: tokens explorer obtains, stores and refreshes itself.
        case oauth2(OAuth2)
    }

    public struct Redirects: Sendable, Equatable {
        public var follow = true
        public var max: Int?

        public init(follow: Bool = true, max: Int? = nil) {
            self.follow = follow
            self.max = max
        }
    }

    public struct TLS: Sendable, Equatable {
        public var insecure = false
        public var caFile: String?

        public init(insecure: Bool = false, caFile: String? = nil) {
            self.insecure = insecure
            self.caFile = caFile
        }
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

        public init(strategy: String, delay: Double? = nil, base: Double? = nil, multiplier: Double? = nil,
                    unit: Double? = nil, maxDelay: Double? = nil, jitter: String? = nil) {
            self.strategy = strategy
            self.delay = delay
            self.base = base
            self.multiplier = multiplier
            self.unit = unit
            self.maxDelay = maxDelay
            self.jitter = jitter
        }
    }

    public struct DefaultValidator: Sendable, Equatable {
        public var allowsEmptyResponses: Bool?
        public var retryStatuses: [Int]?
        public var retry: Retry?
        public var respectRetryAfter: Bool?
        public var retryMethods: [String]?

        public init(allowsEmptyResponses: Bool? = nil, retryStatuses: [Int]? = nil, retry: Retry? = nil,
                    respectRetryAfter: Bool? = nil, retryMethods: [String]? = nil) {
            self.allowsEmptyResponses = allowsEmptyResponses
            self.retryStatuses = retryStatuses
            self.retry = retry
            self.respectRetryAfter = respectRetryAfter
            self.retryMethods = retryMethods
        }
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

        public init(statuses: [Int], method: String = "POST", url: String, headers: [Header] = [], json: String? = nil,
                    applyHeaders: [Header] = []) {
            self.statuses = statuses
            self.method = method
            self.url = url
            self.headers = headers
            self.json = json
            self.applyHeaders = applyHeaders
        }
    }

    /// A declarative check on the response's JSON: when what `field` selects meets `predicate`,
    /// fail the exchange (with `message`) or retry it (with `retry`).
    public struct Check: Sendable, Equatable {
        public enum Action: Sendable, Equatable {
            case fail
            /// nil takes fibonacci with its defaults, as the seed's `.retry(.fibonacci)`.
            case retry(Retry?)
        }

        /// An RFC 9535 path as written (`$.code`, or the shorthand `data.items.0.id`); empty for the whole body.
        public var field: String
        public var predicate: AssertPredicate
        public var action: Action
        /// Why the exchange failed, with `{{json PATH}}` placeholders; only with `fail`.
        public var message: String?
        /// Methods the retry may repeat; nil for the idempotent ones. Only with `retry`.
        public var retryMethods: [String]?
        /// The timeline's name for it; "check FIELD" when nil.
        public var name: String?

        public init(field: String, predicate: AssertPredicate, action: Action, message: String? = nil,
                    retryMethods: [String]? = nil, name: String? = nil) {
            self.field = field
            self.predicate = predicate
            self.action = action
            self.message = message
            self.retryMethods = retryMethods
            self.name = name
        }
    }

    public enum Validator: Sendable, Equatable {
        case standard(DefaultValidator)
        case altRequest(AltRequest)
        case check(Check)
    }

    public var name: String
    public var baseURL: String?
    public var headers: [Header] = []
    public var auth: Auth?
    public var timeout: Double?
    public var deadline: Double?
    public var maxRetries: Int?
    /// The largest decoded response body accepted, in bytes (`maxBody: 2G`); nil for ClientCore's 16 GiB.
    public var maxBody: Int?
    public var redirects: Redirects?
    public var tls: TLS?
    public var proxy: String?
    public var cookies: Bool?
    /// `graphql: { schema: FILE }` (SPEC §13): the schema its GraphQL requests are checked against.
    public var graphQLSchema: String?
    public var validators: [Validator] = []
    /// `vars:`, in file order: `{{name}}` in URLs, headers and bodies (SPEC §4); values may read `${env:NAME}`.
    public var vars: [NamedValue] = []
    /// Common headers whose literal values are credentials (the built-in demo's key); no file
    /// key writes it. Headers holding `${env:}` are credentials without being listed here.
    public var keyHeaders: [String] = []

    public init(name: String) {
        self.name = name
    }
}
