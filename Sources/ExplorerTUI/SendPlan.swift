import ClientCore
import Foundation

/// Everything `send` will do, built from its options before anything starts, so that bad
/// input (exit 2) is found while nothing has been sent.
struct SendPlan {
    var request: HTTPRequest
    /// Replaces the default validator's strategy (`--retry`).
    var retryStrategy: HTTPRetryStrategy?
    var tls: TLSSettings
    var profile: String?
    var events: String?
    var destination: BodyDestination
    var include: Bool
    var stream: Bool

    init(_ options: SendCommand) throws(CLIError) {
        var request = HTTPRequest(.get, options.url)
        for raw in options.headers {
            let header = try SendArguments.header(raw)
            request.headers.add(name: header.name, value: header.value)
        }
        for raw in options.queryItems { request.query.append(try SendArguments.query(raw)) }
        if let data = options.data {
            request.body = .data(try SendArguments.body(data), contentType: nil)
        }
        // A body flag without -X means POST, as with curl.
        request.method = try options.method.map(SendArguments.method) ?? (options.data == nil ? .get : .post)
        request.timeout = options.timeout
        request.maxRetries = options.maxRetries
        request.retryNonIdempotent = options.retryNonIdempotent
        self.request = request

        retryStrategy = try options.retry.map(SendArguments.retryStrategy)
        if let cacert = options.cacert, !FileManager.default.isReadableFile(atPath: cacert) {
            throw .usage("--cacert \(cacert): no readable file \(cacert)")
        }
        tls = TLSSettings(insecure: options.insecure, caFile: options.cacert)
        profile = options.profile
        events = options.events
        destination = try BodyDestination(output: options.output)
        include = options.include
        stream = options.stream
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
