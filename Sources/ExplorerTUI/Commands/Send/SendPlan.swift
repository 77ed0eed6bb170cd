import ClientCore
import Foundation
import RequestModel

/// Everything `send` will do, built from its options before anything starts, so that bad
/// input (exit 2) is found while nothing has been sent. The request itself is a `RequestSpec`,
/// as everywhere: `prepared(profile:environment:)` prepares it the one way every request is.
struct SendPlan {
    /// The request as the user gave it (flags or a curl line), templates as written.
    var spec: RequestSpec
    /// The body's origin, which `--as-curl` renders.
    var body: SendBody
    /// How it is sent, beyond what it says.
    var settings: SendSettings
    /// Replaces the default validator's strategy (`--retry`).
    var retryStrategy: HTTPRetryStrategy?
    var tls: TLSSettings
    /// False only for a curl line without -L.
    var followRedirects: Bool
    /// Headers the profile would add but a curl line removed (`-H 'Name:'`).
    var removedHeaders: [String]
    var profile: String?
    var events: String?
    var destination: BodyDestination
    var include: Bool
    var stream: Bool
    /// `--var k=v`, for `{{k}}`: they win over the profile's `vars:` (SPEC §8's precedence).
    var variables: [String: TemplateValue]
    /// False with `--no-vars`: nothing is filled, the request goes out as given.
    var fillsVariables: Bool
    /// `--jsonpath`: what to print of a JSON body instead of the body.
    var jsonpath: JSONPath?
    /// `--as-curl`: print the command instead of sending; `includeSecrets` leaves credentials readable.
    var asCurl: Bool
    var includeSecrets: Bool
    /// What a WebSocket does (SPEC §12), when the URL opens one.
    var webSocket: WebSocketOptions
    /// Check a GraphQL query before sending it (SPEC §13); false with `--no-validate`.
    var validatesGraphQL: Bool

    init(_ options: SendCommand) throws(CLIError) {
        let imported = try options.fromCurl.map { (line: String) throws(CLIError) -> CurlImport in try CurlImport(line) }
        let given = try SendBody(data: options.data, json: options.json, form: options.formFields, multipart: options.multipartFields,
                                 graphQL: SendBody.GraphQLArguments(query: options.graphql, variables: options.variables, operation: options.operation))
        if imported != nil && !given.isEmpty {
            throw .usage("--from-curl can't be combined with --data, --json, --form or --multipart: the body comes from the curl command")
        }
        body = imported?.body ?? given
        let url = options.noVars ? options.url ?? "" : try SendArguments.expanded(url: options.url ?? "", variables: options.templateVariables)
        var spec = imported?.spec ?? RequestSpec(url: url, body: given.body)
        try Self.addHeaders(options.headers, to: &spec.headers)
        if options.json != nil, !spec.headers.contains(where: { $0.name.lowercased() == "accept" }) {
            // As curl --json does: say what we hope to get back, unless the user did.
            spec.headers.append(NamedValue("Accept", "application/json"))
        }
        var query: [QueryItem] = []
        for raw in options.queryItems { query.append(try SendArguments.query(raw)) }
        spec.url = SendArguments.appending(query, to: spec.url, keepingPlaceholders: !options.noVars)
        // A body flag without -X means POST, as with curl.
        spec.method = try options.method.map(SendArguments.method)?.rawValue ?? imported?.spec.method ?? (given.isEmpty ? "GET" : "POST")
        self.spec = spec
        validatesGraphQL = !options.noValidate

        settings = SendSettings(timeout: options.timeout, maxRetries: options.maxRetries, retryNonIdempotent: options.retryNonIdempotent,
                                streamLimits: try Self.streamLimits(maxTime: options.maxTime, maxEvents: options.maxEvents),
                                maxBody: try options.maxBody.map(Self.size), raw: options.raw,
                                auth: imported?.auth, deadline: imported?.maxTime, compressed: imported?.compressed)
        retryStrategy = try options.retry.map(SendArguments.retryStrategy)
        if let cacert = options.cacert, !FileManager.default.isReadableFile(atPath: cacert) {
            throw .usage("--cacert \(cacert): no readable file \(cacert)")
        }
        tls = TLSSettings(insecure: options.insecure || imported?.insecure == true, caFile: options.cacert)
        followRedirects = imported?.followRedirects ?? true
        removedHeaders = imported?.removedHeaders ?? []
        profile = options.profile
        events = options.events
        destination = try BodyDestination(output: options.output ?? imported?.output)
        include = options.include || imported?.include == true
        stream = options.stream
        variables = Dictionary(try SendArguments.variables(options.templateVariables).map { ($0.name, TemplateValue($0.value)) },
                               uniquingKeysWith: { _, last in last })
        fillsVariables = !options.noVars
        jsonpath = try options.jsonpath.map(Self.jsonpath)
        if jsonpath != nil && stream { throw .usage("--jsonpath needs the whole body, so it can't be combined with --stream") }
        asCurl = options.asCurl
        includeSecrets = options.includeSecrets
        webSocket = try WebSocketOptions(options)
    }

    /// `--max-time S` and `--max-events N`, refused unless positive.
    private static func streamLimits(maxTime: Double?, maxEvents: Int?) throws(CLIError) -> StreamLimits {
        if let maxTime, !(maxTime > 0 && maxTime.isFinite) { throw .usage("--max-time \(maxTime): give a number of seconds above 0") }
        if let maxEvents, maxEvents < 1 { throw .usage("--max-events \(maxEvents): give a number of events, 1 or more") }
        return StreamLimits(maxEvents: maxEvents, maxTime: maxTime)
    }

    /// `--max-body SIZE`.
    private static func size(_ text: String) throws(CLIError) -> Int {
        guard let bytes = ByteSize.parse(text) else {
            throw .usage("--max-body: \(text.debugDescription) is not a size: give bytes, or a number with K, M, G or T (e.g. 2G, 500M)")
        }
        return bytes
    }

    /// `--jsonpath PATH`, refused before anything is sent when it is not RFC 9535 (SPEC §7).
    private static func jsonpath(_ text: String) throws(CLIError) -> JSONPath {
        do throws(JSONPathProblem) {
            return try JSONPath(text)
        } catch {
            throw .usage("--jsonpath: \(error.message) at column \(error.column)\n  " + error.caret.replacingOccurrences(of: "\n", with: "\n  "))
        }
    }

    /// `-H` headers, after any from a curl line: a name the curl line also set is replaced, not doubled.
    private static func addHeaders(_ raws: [String], to headers: inout [NamedValue]) throws(CLIError) {
        var parsed: [HTTPHeader] = []
        for raw in raws { parsed.append(try SendArguments.header(raw)) }
        let names = Set(parsed.map { $0.name.lowercased() })
        headers.removeAll { names.contains($0.name.lowercased()) }
        headers += parsed.map { NamedValue($0.name, $0.value) }
    }
}

/// How `send` sends its request, beyond what the request says: set on it once it is prepared.
struct SendSettings {
    var timeout: Double?
    var maxRetries: Int?
    var retryNonIdempotent: Bool
    var streamLimits: StreamLimits
    var maxBody: Int?
    /// `--raw`: keep an encoded body as it came.
    var raw: Bool
    /// A curl line's `-u`: the request's own basic auth.
    var auth: HTTPAuth?
    /// A curl line's `-m`.
    var deadline: Double?
    /// A curl line's `--compressed` (nil without a curl line: encodings are asked for and decoded).
    var compressed: Bool?

    func apply(to request: inout HTTPRequest) {
        request.timeout = timeout
        request.maxRetries = maxRetries
        request.retryNonIdempotent = retryNonIdempotent
        request.streamLimits = streamLimits
        request.maxBody = maxBody
        request.auth = auth
        request.deadline = deadline
        if let compressed {
            request.acceptsEncodings = compressed
            request.decodesContent = compressed
        }
        if raw { request.decodesContent = false }
    }
}

extension HTTPClient {
    /// Gives every default validator in the chain `strategy`, for statuses and transport failures alike.
    func useRetryStrategy(_ strategy: HTTPRetryStrategy) {
        validators = validators.map { validator in
            guard var standard = validator as? HTTPDefaultValidator else { return validator }
            standard.retriableHTTPStatusCodes = standard.retriableHTTPStatusCodes.mapValues { _ in strategy }
            standard.transportRetryStrategy = strategy
            return standard
        }
    }
}
