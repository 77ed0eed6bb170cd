import ClientCore
import Foundation
import RequestModel

/// A profile turned into a ClientCore client: every SPEC §4 key onto its ClientCore setting.
extension Profile {
    /// The client this profile describes.
    ///
    /// - Parameters:
    ///   - configuration: the caller's (command-line flags); the profile's redirects, proxy and
    ///     cookies are laid over it. TLS combines: insecure when either says so, the caller's CA
    ///     file before the profile's; a caller that refuses redirects keeps refusing.
    ///   - environment: where `${env:NAME}` is read, when each request is built; nil reads the
    ///     process environment then. Values stay unresolved in the client's headers and auth.
    ///   - file: names the profile in problems (its path); "profile NAME" when nil.
    /// - Throws: a problem naming the key at fault: a bad base URL or proxy, an unreadable CA
    ///   file, an unset variable in one of those.
    public func makeClient(configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
                           environment: [String: String]? = nil, file: String? = nil) throws(ProfileProblem) -> HTTPClient {
        let context = ProfileContext(profile: name, file: file, environment: environment)
        var configuration = configuration
        if let redirects {
            if case .refuse = configuration.redirects {} else {
                configuration.redirects = redirects.follow ? .follow(max: redirects.max ?? 10) : .refuse
            }
        }
        if let tls {
            configuration.tls.insecure = configuration.tls.insecure || tls.insecure
            if configuration.tls.caFile == nil, let caFile = tls.caFile {
                let path = try context.resolve(caFile, key: "tls.caFile")
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw context.problem("tls.caFile", "no readable file \(path)")
                }
                configuration.tls.caFile = path
            }
        }
        if let proxy {
            let text = try context.resolve(proxy, key: "proxy")
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  url.host?.isEmpty == false
            else { throw context.problem("proxy", "\(QuotedValue.quoted(text)) is not a proxy URL (http://host:port)") }
            configuration.proxy = .explicit(url)
        }
        if let cookies { configuration.cookies = cookies }
        if let maxBody { configuration.spool.maxBytes = maxBody }

        let client: HTTPClient
        if let baseURL {
            let text = try context.resolve(baseURL, key: "baseURL")
            do throws(HTTPError) {
                client = try HTTPClient(baseURL: text, configuration: configuration)
            } catch {
                throw context.problem("baseURL", error.message)
            }
        } else {
            client = HTTPClient(configuration: configuration)
        }
        client.headers = HTTPHeaders(headers.map { HTTPHeader(name: $0.name, value: $0.value) })
        // `${env:}` in a value is read now, and makes the value a secret.
        client.variables = try Dictionary(vars.map { (variable) throws(ProfileProblem) in
            let value = try context.resolve(variable.value, key: "vars.\(variable.name)")
            return (variable.name, TemplateValue(value, secret: value != variable.value))
        }, uniquingKeysWith: { _, last in last })
        client.credentialHeaders = credentialHeaders
        client.auth = auth?.clientAuth
        if let timeout { client.timeout = timeout }
        if let deadline { client.deadline = deadline }
        if let maxRetries { client.maxRetries = maxRetries }
        if !validators.isEmpty {
            client.validators = validators.enumerated().map { index, validator in
                validator.make(key: "validators[\(index)]", context: context)
            }
        }
        let literals = environmentLiterals(context: context)
        if !literals.isEmpty {
            client.modifyRequests { prepared in try literals.resolve(&prepared.headers) }
        }
        return client
    }

    /// Common headers that are credentials (SPEC §4): the key headers and every header whose
    /// value reads a `${env:}` secret. Auth and the headers `apply` sets are credentials too;
    /// the client knows those itself.
    var credentialHeaders: Set<String> {
        Set(keyHeaders + headers.filter { !EnvironmentReference.names(in: $0.value).isEmpty }.map(\.name))
    }

    /// The profile's header values (common headers, auth) that refer to the environment, each
    /// with the key it came from, so a request built from them gets the values of the moment.
    func environmentLiterals(context: ProfileContext) -> EnvironmentLiterals {
        var literals = headers.filter { !EnvironmentReference.names(in: $0.value).isEmpty }.map { header in
            EnvironmentLiterals.Literal(name: header.name, value: header.value) { () throws(ProfileProblem) in
                try context.resolve(header.value, key: "headers.\(header.name)")
            }
        }
        switch auth {
        case .bearer(let token) where !EnvironmentReference.names(in: token).isEmpty:
            literals.append(.init(name: "Authorization", value: "Bearer \(token)") { () throws(ProfileProblem) in
                "Bearer " + (try context.resolve(token, key: "auth.bearer"))
            })
        case .basic(let username, let password) where !EnvironmentReference.names(in: username + password).isEmpty:
            literals.append(.init(name: "Authorization", value: Self.basic(username, password)) { () throws(ProfileProblem) in
                Self.basic(try context.resolve(username, key: "auth.basic.username"), try context.resolve(password, key: "auth.basic.password"))
            })
        case .header(let name, let value) where !EnvironmentReference.names(in: value).isEmpty:
            literals.append(.init(name: name, value: value) { () throws(ProfileProblem) in
                try context.resolve(value, key: "auth.header.value")
            })
        default: break
        }
        return EnvironmentLiterals(literals: literals)
    }

    static func basic(_ username: String, _ password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }
}

extension Profile.Auth {
    var clientAuth: HTTPAuth {
        switch self {
        case .bearer(let token): .bearer(token)
        case .basic(let username, let password): .basic(username: username, password: password)
        case .header(let name, let value): .custom(header: name, value: value)
        }
    }
}

/// What resolving a profile's values needs: where problems point, and the environment.
struct ProfileContext: Sendable {
    let profile: String
    let file: String?
    /// nil: the process environment, read at each resolution.
    let environment: [String: String]?

    func problem(_ key: String, _ message: String) -> ProfileProblem {
        ProfileProblem(file: file ?? "profile \(profile.debugDescription)", line: nil, key: key, message: message)
    }

    /// `text` with `${env:NAME}` replaced; an unset variable is a problem naming it and `key`.
    func resolve(_ text: String, key: String) throws(ProfileProblem) -> String {
        switch EnvironmentReference.resolve(text, in: environment ?? ProcessInfo.processInfo.environment) {
        case .success(let value): return value
        case .failure(let unset): throw problem(key, unset.sentence)
        }
    }
}

/// Header values of the profile with `${env:NAME}` in them, exactly as the client sends them
/// before resolution. Only those are resolved: a value that came from a server (a refreshed
/// token) or that the user typed in a request is never read as a reference.
struct EnvironmentLiterals: Sendable {
    struct Literal: Sendable {
        let name: String
        let value: String
        let resolve: @Sendable () throws(ProfileProblem) -> String
    }

    let literals: [Literal]

    var isEmpty: Bool { literals.isEmpty }

    func resolve(_ headers: inout HTTPHeaders) throws(HTTPError) {
        var fields = Array(headers)
        var changed = false
        for index in fields.indices {
            guard let literal = literals.first(where: {
                $0.value == fields[index].value && $0.name.lowercased() == fields[index].name.lowercased()
            }) else { continue }
            do {
                fields[index].value = try literal.resolve()
            } catch {
                throw HTTPError(.invalidHeader, error.description)
            }
            changed = true
        }
        if changed { headers = HTTPHeaders(fields) }
    }
}
