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
    ///   - login: where OAuth 2.0 tokens are kept and how a browser is opened (SPEC §11).
    public func makeClient(configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
                           environment: [String: String]? = nil, file: String? = nil,
                           login: OAuthLogin = OAuthLogin()) throws(ProfileProblem) -> HTTPClient {
        var context = ProfileContext(profile: name, file: file, environment: environment)
        context.variables = try variables(context: context)
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
        client.credentialHeaders = credentialHeaders(variables: context.variables)
        client.auth = auth?.clientAuth
        if case .oauth2(let oauth)? = auth { client.oauth = try oauth.tokens(profile: name, context: context, login: login) }
        if let timeout { client.timeout = timeout }
        if let deadline { client.deadline = deadline }
        if let maxRetries { client.maxRetries = maxRetries }
        if !validators.isEmpty {
            client.validators = validators.enumerated().map { index, validator in
                validator.make(key: "validators[\(index)]", context: context)
            }
        }
        let literals = headerLiterals(context: context)
        if !literals.isEmpty {
            client.resolveOwnHeaders { header throws(HTTPError) in try literals.value(of: header) }
        }
        return client
    }

    /// The profile's `vars:`, each value's `${env:}` read now (which makes it a secret). Requests
    /// see them below the request file's vars, captures and `--var` (SPEC §8).
    public func variables(environment: [String: String]? = nil, file: String? = nil) throws(ProfileProblem) -> [String: TemplateValue] {
        try variables(context: ProfileContext(profile: name, file: file, environment: environment))
    }

    func variables(context: ProfileContext) throws(ProfileProblem) -> [String: TemplateValue] {
        try Dictionary(vars.map { (variable) throws(ProfileProblem) in
            let value = try context.resolve(variable.value, key: "vars.\(variable.name)")
            return (variable.name, TemplateValue(value, secret: value != variable.value))
        }, uniquingKeysWith: { _, last in last })
    }

    /// Common headers that are credentials (SPEC §4): the key headers and every header whose
    /// value reads a `${env:}` secret or a secret variable. Auth and the headers `apply` sets are
    /// credentials too; the client knows those itself.
    func credentialHeaders(variables: [String: TemplateValue] = [:]) -> Set<String> {
        Set(keyHeaders + headers.filter { header in
            let template = Template.referencing(header.value)
            return !template.environmentNames.isEmpty || template.variables.contains { variables[$0]?.secret == true }
        }.map(\.name))
    }

    /// The profile's header values (common headers, auth) that hold placeholders, each with the
    /// key it came from, so a request built from them gets the values of the moment.
    func headerLiterals(context: ProfileContext) -> HeaderLiterals {
        var literals = headers.filter { ProfileContext.hasPlaceholders($0.value) }.map { header in
            HeaderLiterals.Literal(name: header.name, value: header.value) { () throws(ProfileProblem) in
                try context.fill(header.value, key: "headers.\(header.name)")
            }
        }
        switch auth {
        case .bearer(let token) where ProfileContext.hasPlaceholders(token):
            literals.append(.init(name: "Authorization", value: "Bearer \(token)") { () throws(ProfileProblem) in
                "Bearer " + (try context.fill(token, key: "auth.bearer"))
            })
        case .basic(let username, let password) where ProfileContext.hasPlaceholders(username + password):
            literals.append(.init(name: "Authorization", value: Self.basic(username, password)) { () throws(ProfileProblem) in
                Self.basic(try context.fill(username, key: "auth.basic.username"), try context.fill(password, key: "auth.basic.password"))
            })
        case .header(let name, let value) where ProfileContext.hasPlaceholders(value):
            literals.append(.init(name: name, value: value) { () throws(ProfileProblem) in
                try context.fill(value, key: "auth.header.value")
            })
        default: break
        }
        return HeaderLiterals(literals: literals)
    }

    static func basic(_ username: String, _ password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }
}

extension Profile.Auth {
    /// The credentials the client holds itself; nil for OAuth 2.0, whose token `OAuthTokens` has.
    var clientAuth: HTTPAuth? {
        switch self {
        case .bearer(let token): .bearer(token)
        case .basic(let username, let password): .basic(username: username, password: password)
        case .header(let name, let value): .custom(header: name, value: value)
        case .oauth2: nil
        }
    }
}

/// What resolving a profile's values needs: where problems point, the environment and the
/// profile's own vars.
struct ProfileContext: Sendable {
    let profile: String
    let file: String?
    /// nil: the process environment, read at each resolution.
    let environment: [String: String]?
    /// The profile's `vars:`, for `{{name}}` in its headers, auth and alternate request.
    var variables: [String: TemplateValue] = [:]

    init(profile: String, file: String?, environment: [String: String]?) {
        self.profile = profile
        self.file = file
        self.environment = environment
    }

    var currentEnvironment: [String: String] { environment ?? ProcessInfo.processInfo.environment }

    /// Whether a profile value holds a placeholder `fill` replaces.
    static func hasPlaceholders(_ text: String) -> Bool {
        Template.mayHavePlaceholders(text) && !Template.referencing(text).isPlain
    }

    /// `text`, as the profile wrote it, with `{{name}}` filled from the profile's vars and
    /// `${env:NAME}` from the environment, in one pass: a value put in is never read again. A
    /// `{{…}}` that names no var stays as written (profile values may hold braces of their own);
    /// an unset environment variable is a problem naming it and `key`.
    func fill(_ text: String, key: String) throws(ProfileProblem) -> String {
        guard Template.mayHavePlaceholders(text) else { return text }
        let values = TemplateValues(variables: variables, environment: currentEnvironment)
        return try Template.referencing(text).render(with: values) { (part) throws(ProfileProblem) in
            guard case .environment = part else { return part.placeholder }
            throw problem(key, TemplateMissing(part: part).description)
        }.text
    }

    func problem(_ key: String, _ message: String) -> ProfileProblem {
        ProfileProblem(file: file ?? "profile \(profile.debugDescription)", line: nil, key: key, message: message)
    }

    /// `text` with `${env:NAME}` replaced; an unset variable is a problem naming it and `key`.
    func resolve(_ text: String, key: String) throws(ProfileProblem) -> String {
        switch EnvironmentReference.resolve(text, in: currentEnvironment) {
        case .success(let value): return value
        case .failure(let unset): throw problem(key, unset.sentence)
        }
    }
}

/// Header values of the profile with placeholders in them, exactly as the client holds them.
/// The client passes only its own values (never a request's headers, nor one `apply` set), so a
/// value that came from a server or that the user typed in a request is never read as a template.
struct HeaderLiterals: Sendable {
    struct Literal: Sendable {
        let name: String
        let value: String
        let resolve: @Sendable () throws(ProfileProblem) -> String
    }

    let literals: [Literal]

    var isEmpty: Bool { literals.isEmpty }

    /// The value `header` goes out with: its literal's, filled now; any other as it is.
    func value(of header: HTTPHeader) throws(HTTPError) -> String {
        guard let literal = literals.first(where: { $0.value == header.value && $0.name.lowercased() == header.name.lowercased() }) else {
            return header.value
        }
        do {
            return try literal.resolve()
        } catch {
            throw HTTPError(.invalidHeader, error.description)
        }
    }
}
