import ClientCore
import Foundation
import RequestModel

/// Everything `send` will do, built from its options before anything starts, so that bad
/// input (exit 2) is found while nothing has been sent.
struct SendPlan {
    var request: HTTPRequest
    /// The body as the user gave it, which `--as-curl` renders.
    var body: SendBody
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

    init(_ options: SendCommand) throws(CLIError) {
        let imported = try options.fromCurl.map { (line: String) throws(CLIError) -> CurlImport in try CurlImport(line) }
        let body = try SendBody(data: options.data, json: options.json, form: options.formFields, multipart: options.multipartFields)
        if imported != nil && !body.isEmpty {
            throw .usage("--from-curl can't be combined with --data, --json, --form or --multipart: the body comes from the curl command")
        }
        var request: HTTPRequest
        if let imported {
            request = imported.request
        } else {
            request = options.noVars ? HTTPRequest(.get, options.url ?? "")
                : try SendArguments.request(url: options.url ?? "", variables: options.templateVariables)
        }
        try Self.addHeaders(options.headers, to: &request.headers)
        if options.json != nil, !request.headers.contains("Accept") {
            // As curl --json does: say what we hope to get back, unless the user did.
            request.headers.add(name: "Accept", value: "application/json")
        }
        for raw in options.queryItems { request.query.append(try SendArguments.query(raw)) }
        if imported == nil { request.body = try body.requestBody(flag: "--multipart") }
        // A body flag without -X means POST, as with curl.
        let implied = imported?.request.method ?? (body.isEmpty ? .get : .post)
        request.method = try options.method.map(SendArguments.method) ?? implied
        request.timeout = options.timeout
        request.maxRetries = options.maxRetries
        request.retryNonIdempotent = options.retryNonIdempotent
        request.streamLimits = try Self.streamLimits(maxTime: options.maxTime, maxEvents: options.maxEvents)
        if options.raw { request.decodesContent = false }
        if let text = options.maxBody {
            guard let bytes = ByteSize.parse(text) else {
                throw .usage("--max-body: \(text.debugDescription) is not a size: give bytes, or a number with K, M, G or T (e.g. 2G, 500M)")
            }
            request.maxBody = bytes
        }
        self.request = request
        self.body = imported?.body ?? body

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
    }

    /// `--max-time S` and `--max-events N`, refused unless positive.
    private static func streamLimits(maxTime: Double?, maxEvents: Int?) throws(CLIError) -> StreamLimits {
        if let maxTime, !(maxTime > 0 && maxTime.isFinite) { throw .usage("--max-time \(maxTime): give a number of seconds above 0") }
        if let maxEvents, maxEvents < 1 { throw .usage("--max-events \(maxEvents): give a number of events, 1 or more") }
        return StreamLimits(maxEvents: maxEvents, maxTime: maxTime)
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
    private static func addHeaders(_ raws: [String], to headers: inout HTTPHeaders) throws(CLIError) {
        var parsed: [HTTPHeader] = []
        for raw in raws { parsed.append(try SendArguments.header(raw)) }
        for name in Set(parsed.map { $0.name.lowercased() }) { headers.remove(name) }
        for header in parsed { headers.add(name: header.name, value: header.value) }
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
