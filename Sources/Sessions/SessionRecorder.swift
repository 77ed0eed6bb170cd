import ClientCore
import Crypto
import Foundation
import Profiles
import RequestModel

/// Turns what happened into a session's exchange: the request as asked (URL made relative to the
/// profile's base URL when it lies under it), the exchange's events, and its outcome with the body
/// inline or by hash. Secrets are masked (`•••`) unless the session keeps them.
public struct SessionRecorder: Sendable {
    public var baseURL: String?
    public var secrets: Session.Secrets
    /// Lower-cased names of headers whose values are masked: `Secrets.headers` and the profile's.
    public var secretHeaders: Set<String>
    /// Secret values (a token the profile sends, say) masked wherever a body repeats them.
    public var secretValues: [String]
    public var inlineLimit: Int

    public init(baseURL: String?, secrets: Session.Secrets = .redacted, secretHeaders: [String] = [], secretValues: [String] = [],
                inlineLimit: Int = SessionFormat.inlineLimit) {
        self.baseURL = baseURL
        self.secrets = secrets
        self.secretHeaders = Secrets.headers.union(secretHeaders.map { $0.lowercased() })
        self.secretValues = secretValues
        self.inlineLimit = inlineLimit
    }

    /// A recorder for a profile: its base URL; as secret also the header its auth sets and the
    /// headers its alternate requests apply; and as secret values its credentials (with
    /// `${env:NAME}` read from `environment`), so a body that echoes one does not keep it.
    public init(profile: Profile, secrets: Session.Secrets = .redacted,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        var names: [String] = profile.validators.flatMap { validator -> [String] in
            guard case .altRequest(let alt) = validator else { return [] }
            return alt.applyHeaders.map(\.name)
        }
        if case .header(let name, _) = profile.auth { names.append(name) }
        self.init(baseURL: profile.baseURL, secrets: secrets, secretHeaders: names)
        secretValues = Self.credentials(of: profile, secretHeaders: secretHeaders, environment: environment)
    }

    /// Every credential a profile holds, resolved: auth values, secret headers' values (and the
    /// part after their scheme), and the variables an alternate request sends.
    static func credentials(of profile: Profile, secretHeaders: Set<String>, environment: [String: String]) -> [String] {
        func resolved(_ text: String) -> String? { try? EnvironmentReference.resolve(text, in: environment).get() }
        var texts: [String] = []
        switch profile.auth {
        case .bearer(let token)?: texts.append(token)
        case .basic(let username, let password)?:
            texts.append(password)
            if let user = resolved(username), let pass = resolved(password) { texts.append(Data("\(user):\(pass)".utf8).base64EncodedString()) }
        case .header(_, let value)?: texts.append(value)
        case .oauth2(let oauth)?: texts += [oauth.clientSecret].compactMap { $0 }
        case nil: break
        }
        texts += profile.headers.filter { secretHeaders.contains($0.name.lowercased()) }.map(\.value)
        texts += [profile.baseURL, profile.proxy].compactMap { $0 }.compactMap { Secrets.password(in: $0) }
        // Whatever comes from the environment is secret wherever it is used: a header of any
        // name, the base URL, the proxy, an alternate request's URL, headers and body.
        var referring: [String] = [profile.baseURL, profile.proxy].compactMap { $0 } + profile.headers.map(\.value)
        switch profile.auth {
        case .bearer(let token)?: referring.append(token)
        case .basic(let username, let password)?: referring += [username, password]
        case .header(_, let value)?: referring.append(value)
        case .oauth2(let oauth)?: referring += [oauth.clientId, oauth.clientSecret ?? ""] + oauth.params.map(\.value)
        case nil: break
        }
        for case .altRequest(let alt) in profile.validators {
            referring += [alt.url, alt.json ?? ""] + alt.headers.map(\.value) + alt.applyHeaders.map(\.value)
        }
        let variables = referring.flatMap(EnvironmentReference.names).compactMap { environment[$0] }
        texts += profile.headers.map(\.value).filter { !EnvironmentReference.names(in: $0).isEmpty }
        return texts.compactMap(resolved).flatMap(Self.credentialParts) + variables
    }

    /// This recorder also masking the credentials `client` holds now: its secret headers' values
    /// (a token an alternate request refreshed) and its auth, `${env:NAME}` resolved from the
    /// process environment. Call it before recording each exchange, as a client's headers change.
    public func including(credentialsOf client: HTTPClient) -> SessionRecorder {
        let environment = ProcessInfo.processInfo.environment
        func resolved(_ text: String) -> String { (try? EnvironmentReference.resolve(text, in: environment).get()) ?? text }
        var texts = client.headers.filter { secretHeaders.contains($0.name.lowercased()) }.map(\.value)
        switch client.auth {
        case .bearer(let token)?: texts.append(token)
        case .basic(let username, let password)?:
            texts.append(password)
            texts.append(Data("\(resolved(username)):\(resolved(password))".utf8).base64EncodedString())
        case .custom(_, let value)?: texts.append(value)
        case nil: break
        }
        if let token = client.oauthTokenInUse { texts.append(token) }
        var copy = self
        let added = texts.map(resolved).flatMap(Self.credentialParts).filter { !copy.secretValues.contains($0) }
        copy.secretValues += added
        return copy
    }

    /// The credentials secret headers of a request carry, as typed.
    func typedCredentials(_ headers: [Session.Field]) -> [String] {
        headers.filter { secretHeaders.contains($0.name.lowercased()) }.flatMap { Self.credentialParts($0.value) }
    }

    /// A header value and, for `Scheme credentials`, the credentials alone.
    static func credentialParts(_ value: String) -> [String] {
        [value] + value.split(separator: " ", maxSplits: 1).dropFirst().map(String.init)
    }

    // MARK: Pieces

    /// A profile as a session's snapshot: name, base URL and headers, secrets masked always.
    public func snapshot(of profile: Profile) -> Session.ProfileSnapshot {
        var headers = profile.headers
        if let auth = profile.auth {
            switch auth {
            case .bearer, .basic, .oauth2: headers.append(Session.Field("Authorization", SessionFormat.mask))
            case .header(let name, _): headers.append(Session.Field(name, SessionFormat.mask))
            }
        }
        return Session.ProfileSnapshot(name: profile.name, baseURL: profile.baseURL.map(Secrets.maskingPassword), headers: masked(headers, always: true))
    }

    /// A client's settings as a snapshot, for a profile known only by its client (the built-in demo).
    public func snapshot(name: String, client: HTTPClient) -> Session.ProfileSnapshot {
        var headers = client.headers.map { Session.Field($0.name, $0.value) }
        switch client.auth {
        case .basic?, .bearer?: headers.append(Session.Field("Authorization", SessionFormat.mask))
        case .custom(let name, _)?: headers.append(Session.Field(name, SessionFormat.mask))
        case nil: if client.oauth != nil { headers.append(Session.Field("Authorization", SessionFormat.mask)) }
        }
        return Session.ProfileSnapshot(name: name, baseURL: client.baseURL.map { Secrets.maskingPassword(in: $0.absoluteString) },
                                       headers: masked(headers, always: true))
    }

    /// The request with its URL relative to the base URL when under it and secret headers masked.
    /// A `ws://` URL under the base URL's origin is kept relative too, as a request with
    /// `websocket: true` (the demo's port changes from run to run).
    public func request(_ request: RequestSpec) -> RequestSpec {
        var copy = request
        var url = relative(request.url)
        for (webSocket, http) in [("ws://", "http://"), ("wss://", "https://")] where url.hasPrefix(webSocket) {
            let under = relative(http + url.dropFirst(webSocket.count))
            if !under.hasPrefix(http) {
                url = under
                copy.webSocket = true
            }
        }
        copy.url = secrets == .redacted ? Secrets.maskingPassword(in: url) : url
        copy.headers = masked(request.headers)
        return copy
    }

    /// Events with the passwords in their URLs masked (attempts, alternate requests, redirects).
    public static func maskingURLPasswords(_ events: [ClientEvent]) -> [ClientEvent] {
        events.map { event in
            var copy = event
            switch event.kind {
            case .attemptStarted(let attempt, let method, let url):
                copy.kind = .attemptStarted(attempt: attempt, method: method, url: Secrets.maskingPassword(in: url))
            case .altStarted(let attempt, let method, let url):
                copy.kind = .altStarted(attempt: attempt, method: method, url: Secrets.maskingPassword(in: url))
            case .redirectFollowed(let attempt, let status, let from, let to):
                copy.kind = .redirectFollowed(attempt: attempt, status: status, from: Secrets.maskingPassword(in: from), to: Secrets.maskingPassword(in: to))
            default: break
            }
            return copy
        }
    }

    /// `http://h/api/users?x=1` on base `http://h/api/` is `users?x=1`; other URLs stay as they are.
    public func relative(_ url: String) -> String {
        guard let baseURL, url.hasPrefix("http://") || url.hasPrefix("https://") else { return url }
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        guard url.hasPrefix(base) else { return url == String(base.dropLast()) ? "" : url }
        return String(url.dropFirst(base.count))
    }

    public func masked(_ fields: [Session.Field], always: Bool = false) -> [Session.Field] {
        guard always || secrets == .redacted else { return fields }
        // `Bearer {{token}}` only says where its secret comes from (a request file's capture): kept.
        return fields.map { field in
            secretHeaders.contains(field.name.lowercased()) && !Secrets.holdsNoSecret(field.value) ? Session.Field(field.name, SessionFormat.mask) : field
        }
    }

    // MARK: Exchanges

    /// A recorded exchange with its secrets masked, as a file keeps it unless the user opted in:
    /// secret request and response headers, and credentials a body repeats. With
    /// `keepingSecrets` (the user opted in), the exchange as it is.
    public func redacted(_ exchange: Session.Exchange, keepingSecrets: Bool = false) -> Session.Exchange {
        guard !keepingSecrets else { return exchange }
        var masking = self
        masking.secrets = .redacted
        var copy = exchange
        let typed = typedCredentials(exchange.request.headers)
        copy.request.headers = masking.masked(exchange.request.headers)
        copy.request.url = Secrets.maskingPassword(in: exchange.request.url)
        copy.events = Self.maskingURLPasswords(exchange.events)
        if var outcome = copy.outcome {
            outcome.headers = masking.masked(outcome.headers)
            outcome.body = Self.scrub(outcome.body, values: secretValues + typed)
            copy.outcome = outcome
        }
        return copy
    }

    /// The exchange as a session records it, from the client's record of it.
    public func exchange(name: String? = nil, request: RequestSpec, record: ExchangeRecord) -> Session.Exchange {
        exchange(name: name, request: request, events: record.events, result: record.result, startedAt: record.startedAt,
                 elapsedMs: record.milliseconds)
    }

    /// The exchange as a session records it. `events` are the exchange's own (the response's or
    /// the error's when empty); `elapsedMs` defaults to the last event's time.
    public func exchange(name: String? = nil, request: RequestSpec, events: [ClientEvent],
                         result: Result<HTTPResponse, HTTPError>, startedAt: Date? = nil, elapsedMs: Double? = nil) -> Session.Exchange {
        // Through their file form, so a recorded exchange equals the one read back (times to the microsecond).
        var events = (events.isEmpty ? result.events : events).map { (try? ClientEvent(node: $0.node)) ?? $0 }
        if secrets == .redacted { events = Self.maskingURLPasswords(events) }
        var outcome = outcome(result, events: events)
        outcome.elapsedMs = (elapsedMs ?? events.last?.tMs).map { ($0 * 1000).rounded() / 1000 }
        if secrets == .redacted {
            // A body that repeats a credential the request sent (an echo, a debug page) must not keep it.
            let typed = typedCredentials(request.headers)
            outcome.body = Self.scrub(outcome.body, values: secretValues + typed)
        }
        // Whole seconds, as the file keeps them.
        let startedAt = startedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        return Session.Exchange(name: name, startedAt: startedAt, request: self.request(request), events: events, outcome: outcome)
    }

    public func outcome(_ result: Result<HTTPResponse, HTTPError>, events: [ClientEvent] = []) -> Session.Outcome {
        let counted = events.compactMap { event -> Int? in
            switch event.kind {
            case .exchangeCompleted(_, let attempts), .exchangeFailed(let attempts, _): attempts
            default: nil
            }
        }.last
        switch result {
        case .success(let response):
            let headers = response.headers.map { Session.Field($0.name, $0.value) }
            return Session.Outcome(status: response.status, httpVersion: response.httpVersion.isEmpty ? nil : response.httpVersion,
                                   headers: masked(headers), body: record(response.body, contentType: response.headers["Content-Type"]),
                                   attempts: counted ?? response.attempt)
        case .failure(let error):
            return Session.Outcome(status: error.status, body: error.body.map { record($0, contentType: nil) } ?? .empty,
                                   error: Session.Failure(kind: error.kind.rawValue, message: error.message),
                                   attempts: counted ?? error.attempts.count)
        }
    }

    /// Small text and JSON inline; larger or binary bodies by SHA-256 and size.
    public func record(_ body: ResponseBody, contentType: String?) -> Session.BodyRecord {
        guard !body.isEmpty else { return .empty }
        guard body.count <= inlineLimit else {
            var hash = SHA256()
            if let url = body.fileURL, let input = try? FileHandle(forReadingFrom: url) {
                defer { try? input.close() }
                while let chunk = try? input.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
            } else {
                hash.update(data: body.data)
            }
            return .digest(sha256: hash.finalize().hex, size: body.count, contentType: contentType)
        }
        return record(body.data, contentType: contentType)
    }

    public func record(_ data: Data, contentType: String?) -> Session.BodyRecord {
        guard !data.isEmpty else { return .empty }
        let saysJSON = contentType?.lowercased().contains("json") == true
        if data.count <= inlineLimit, let node = JSONNode.parse(data) {
            switch node {
            case .object, .array: return .json(node)
            default: if saysJSON { return .json(node) }
            }
        }
        if data.count <= inlineLimit, !data.contains(0), let text = String(data: data, encoding: .utf8) {
            return .text(text)
        }
        return .digest(sha256: SHA256.hash(data: data).hex, size: data.count, contentType: contentType)
    }

    /// The body with every occurrence of `values` masked (`Secrets.masking`: longest first, short
    /// ones ignored).
    static func scrub(_ body: Session.BodyRecord, values: [String]) -> Session.BodyRecord {
        let values = Secrets.Values(values)
        guard !values.isEmpty else { return body }
        func clean(_ text: String) -> String { values.masking(in: text) }
        func clean(_ node: JSONNode) -> JSONNode {
            switch node {
            case .string(let text): .string(clean(text))
            case .array(let items): .array(items.map(clean))
            case .object(let members): .object(members.map { JSONNode.Member(clean($0.key), clean($0.value)) })
            default: node
            }
        }
        switch body {
        case .text(let text): return .text(clean(text))
        case .json(let node): return .json(clean(node))
        case .empty, .digest: return body
        }
    }
}
