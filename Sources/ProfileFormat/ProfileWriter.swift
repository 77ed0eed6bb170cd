import Foundation
import RequestModel

/// A profile as YAML in SPEC §4's shape, for saving and for `explorer profiles show`. Every text
/// value is double-quoted (JSON escapes are YAML escapes), so nothing a user typed can change
/// the file's structure. With `maskingSecrets`, auth values, credential headers (`Secrets`) and
/// URL passwords read `•••`; `${env:NAME}` references stay, as they hold no secret.
public enum ProfileWriter {
    /// SPEC §11's mapping on one line, in the order the SPEC lists the keys.
    static func oauth2(_ oauth: Profile.OAuth2, secret: (String) -> String) -> String {
        var fields = ["grant: \(quoted(oauth.grant.rawValue))"]
        fields += oauth.endpoints.compactMap { key, value in value.map { "\(key): \(quoted($0))" } }
        fields.append("clientId: \(quoted(oauth.clientId))")
        if let clientSecret = oauth.clientSecret { fields.append("clientSecret: \(quoted(secret(clientSecret)))") }
        if let clientAuth = oauth.clientAuth { fields.append("clientAuth: \(quoted(clientAuth))") }
        if let scope = oauth.scope { fields.append("scope: \(quoted(scope))") }
        if !oauth.params.isEmpty {
            fields.append("params: { " + oauth.params.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + " }")
        }
        if let port = oauth.redirectPort { fields.append("redirectPort: \(port)") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    public static func yaml(_ profile: Profile, maskingSecrets: Bool) -> String {
        var lines: [String] = []
        func secret(_ text: String) -> String { maskingSecrets && !Secrets.holdsNoSecret(text) ? Secrets.mask : text }
        func headers(_ headers: [Profile.Header]) -> String {
            "{ " + headers.map { header in
                let value = Secrets.isRequestHeader(header.name) ? secret(header.value) : header.value
                return "\(quoted(header.name)): \(quoted(value))"
            }.joined(separator: ", ") + " }"
        }
        func url(_ text: String) -> String { maskingSecrets ? Secrets.maskingPassword(in: text) : text }
        if let baseURL = profile.baseURL { lines.append("baseURL: \(quoted(url(baseURL)))") }
        if !profile.headers.isEmpty { lines.append("headers: \(headers(profile.headers))") }
        if !profile.vars.isEmpty {
            lines.append("vars: { " + profile.vars.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + " }")
        }
        switch profile.auth {
        case .bearer(let token): lines.append("auth: { bearer: \(quoted(secret(token))) }")
        case .basic(let username, let password):
            lines.append("auth: { basic: { username: \(quoted(username)), password: \(quoted(secret(password))) } }")
        case .header(let name, let value): lines.append("auth: { header: { name: \(quoted(name)), value: \(quoted(secret(value))) } }")
        case .oauth2(let oauth): lines.append("auth: { oauth2: \(oauth2(oauth, secret: secret)) }")
        case nil: break
        }
        if let timeout = profile.timeout { lines.append("timeout: \(number(timeout))") }
        if let deadline = profile.deadline { lines.append("deadline: \(number(deadline))") }
        if let maxRetries = profile.maxRetries { lines.append("maxRetries: \(maxRetries)") }
        if let maxBody = profile.maxBody { lines.append("maxBody: \(maxBody)") }
        if let redirects = profile.redirects {
            lines.append("redirects: { follow: \(redirects.follow)" + (redirects.max.map { ", max: \($0)" } ?? "") + " }")
        }
        if let tls = profile.tls {
            lines.append("tls: { insecure: \(tls.insecure)" + (tls.caFile.map { ", caFile: \(quoted($0))" } ?? "") + " }")
        }
        if let proxy = profile.proxy { lines.append("proxy: \(quoted(url(proxy)))") }
        if let schema = profile.graphQLSchema { lines.append("graphql: { schema: \(quoted(schema)) }") }
        if let cookies = profile.cookies { lines.append("cookies: \(cookies)") }
        if !profile.validators.isEmpty {
            lines.append("validators:")
            for validator in profile.validators {
                switch validator {
                case .standard(let standard): lines += self.standard(standard)
                case .altRequest(let alt):
                    lines.append("  - altRequest:")
                    lines.append("      statuses: [\(alt.statuses.map(String.init).joined(separator: ", "))]")
                    var request = "method: \(quoted(alt.method)), url: \(quoted(url(alt.url)))"
                    if !alt.headers.isEmpty { request += ", headers: \(headers(alt.headers))" }
                    // JSON is YAML flow syntax, so the body goes in as it is.
                    if let json = alt.json { request += ", json: \(maskingSecrets ? maskedJSON(json) : json)" }
                    lines.append("      request: { \(request) }")
                    if !alt.applyHeaders.isEmpty { lines.append("      apply: { headers: \(headers(alt.applyHeaders)) }") }
                case .check(let check): lines += self.check(check)
                }
            }
        }
        // A profile of defaults only is an empty mapping, not an empty (unreadable) file.
        return lines.isEmpty ? "{}\n" : lines.joined(separator: "\n") + "\n"
    }

    private static func standard(_ validator: Profile.DefaultValidator) -> [String] {
        var fields: [String] = []
        if let allows = validator.allowsEmptyResponses { fields.append("allowsEmptyResponses: \(allows)") }
        if let statuses = validator.retryStatuses { fields.append("retryStatuses: [\(statuses.map(String.init).joined(separator: ", "))]") }
        if let retry = validator.retry { fields.append("retry: \(self.retry(retry))") }
        if let respect = validator.respectRetryAfter { fields.append("respectRetryAfter: \(respect)") }
        if let methods = validator.retryMethods { fields.append("retryMethods: [\(methods.map(quoted).joined(separator: ", "))]") }
        return fields.isEmpty ? ["  - default:"] : ["  - default:"] + fields.map { "      " + $0 }
    }

    private static func retry(_ retry: Profile.Retry) -> String {
        var parts = ["strategy: \(quoted(retry.strategy))"]
        for (key, value) in [("delay", retry.delay), ("base", retry.base), ("multiplier", retry.multiplier),
                             ("unit", retry.unit), ("maxDelay", retry.maxDelay)] {
            if let value { parts.append("\(key): \(number(value))") }
        }
        if let jitter = retry.jitter { parts.append("jitter: \(quoted(jitter))") }
        return "{ \(parts.joined(separator: ", ")) }"
    }

    /// Condition values are JSON text, which is YAML flow syntax, so they go in as they are.
    private static func check(_ check: Profile.Check) -> [String] {
        var fields = ["json: \(quoted(check.field))"]
        let condition: String
        switch check.predicate {
        case .exists(let wanted): condition = wanted ? "exists" : "missing"
        case .isString, .isNumber, .isBool, .isNull, .isArray, .isObject: condition = check.predicate.name
        default: condition = "{ \(check.predicate.name): \(check.predicate.expected?.spacedLine ?? "true") }"
        }
        switch check.action {
        case .fail:
            fields.append("failWhen: \(condition)")
            if let message = check.message { fields.append("message: \(quoted(message))") }
        case .retry(let retry):
            fields.append("retryWhen: \(condition)")
            if let retry { fields.append("retry: \(self.retry(retry))") }
            if let methods = check.retryMethods { fields.append("retryMethods: [\(methods.map(quoted).joined(separator: ", "))]") }
        }
        if let name = check.name { fields.append("name: \(quoted(name))") }
        return ["  - check:"] + fields.map { "      " + $0 }
    }

    /// An alternate request's JSON body with every string value that holds more than
    /// references masked (keys stay, so the shape still shows).
    static func maskedJSON(_ json: String) -> String {
        JSONStringLiterals.map(json) { text, isKey in isKey || Secrets.holdsNoSecret(text) ? text : Secrets.mask }
    }

    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONText.quote(text, into: &out)
        return out
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
