import ClientCore
import Foundation
import RequestModel

/// The validator chain as data, turned into ClientCore validators in the profile's order.
extension Profile.Validator {
    func make(key: String, context: ProfileContext) -> any HTTPValidator {
        switch self {
        case .standard(let standard): standard.make()
        case .altRequest(let alt): alt.make(key: "\(key).altRequest", context: context)
        case .check(let check): check.make()
        }
    }
}

extension Profile.DefaultValidator {
    func make() -> HTTPDefaultValidator {
        var rules = RetryRules()
        if let respectRetryAfter { rules.respectRetryAfter = respectRetryAfter }
        if let retryMethods { rules.retryMethods = Set(retryMethods.map(HTTPMethod.init(rawValue:))) }
        return HTTPDefaultValidator(allowsEmptyResponses: allowsEmptyResponses ?? true,
                                    retriableStatuses: retryStatuses ?? HTTPDefaultValidator.defaultRetriableStatuses,
                                    strategy: retry?.clientStrategy ?? .exponential, rules: rules)
    }
}

extension Profile.Retry {
    /// ClientCore's defaults fill what the profile leaves out: delayed 1 s; exponential base
    /// 0.5 ×2 with full jitter; fibonacci unit 0.5 without; every curve capped at 30 s.
    public var clientStrategy: HTTPRetryStrategy {
        let jitter = self.jitter.flatMap(Backoff.Jitter.init(rawValue:))
        let cap = maxDelay ?? 30
        switch strategy {
        case "immediate": return .immediate
        case "delayed": return .backoff(Backoff(.constant(delay ?? 1), cap: maxDelay ?? max(delay ?? 1, 0), jitter: jitter ?? .none))
        case "fibonacci": return .fibonacci(unit: unit ?? 0.5, cap: cap, jitter: jitter ?? .none)
        default: return .exponential(base: base ?? 0.5, multiplier: multiplier ?? 2, cap: cap, jitter: jitter ?? .full)
        }
    }
}

extension Profile.Check {
    /// The reader refused a bad path or message, so both compile here.
    func make() -> HTTPJSONFieldValidator {
        let action: HTTPJSONFieldValidator.Action
        switch self.action {
        case .fail: action = .fail(message: message.flatMap { try? Template($0) })
        case .retry(let retry):
            var rules = RetryRules()
            if let retryMethods { rules.retryMethods = Set(retryMethods.map(HTTPMethod.init(rawValue:))) }
            action = .retry(retry?.clientStrategy ?? .fibonacci, rules)
        }
        let path = (try? JSONPath(field.isEmpty ? "$" : field)) ?? (try! JSONPath("$"))
        return HTTPJSONFieldValidator(name: name ?? "check \(field.isEmpty ? "body" : field)", path: path, when: predicate, then: action)
    }
}

extension Profile.AltRequest {
    /// On `statuses`: sends the request (its `{{name}}` and `${env:NAME}` filled then), then sets
    /// `apply`'s headers on the client, `{{alt.json.path}}` filled from the response, replacing
    /// the profile's auth and common headers of those names for the attempts that follow. The
    /// client sends what `apply` set as it is: a token is never read as a template.
    func make(key: String, context: ProfileContext) -> HTTPAltRequestValidator {
        let alt = self
        return HTTPAltRequestValidator(statusCodes: Set(statuses), { _, _ in
            alt.request(key: key, context: context)
        }, onReceiveAltResponse: { response, client in
            let values = try alt.applied(to: response, key: key, context: context)
            for header in values { client.setHeader(header.name, header.value, credential: true) }
        })
    }

    /// The alternate request; a variable that is not set makes it a request that cannot be
    /// sent, so the exchange fails saying which variable and which key.
    func request(key: String, context: ProfileContext) -> HTTPRequest {
        var request = HTTPRequest(HTTPMethod(rawValue: method), url)
        do throws(ProfileProblem) {
            request.route = try context.fill(url, key: "\(key).request.url")
            for header in headers {
                request.headers.add(name: header.name, value: try context.fill(header.value, key: "\(key).request.headers.\(header.name)"))
            }
            if let json {
                // Resolved inside each string literal and quoted again, so a value with `"` or `\` stays one string.
                let body = try JSONStringLiterals.map(json) { (text, _) throws(ProfileProblem) in
                    try context.fill(text, key: "\(key).request.json")
                }
                request.body = .data(Data(body.utf8), contentType: "application/json")
            }
        } catch {
            request.body = .invalid(error.description)
        }
        return request
    }

    /// `apply`'s headers, `{{name}}`, `${env:NAME}` and `{{alt.json PATH}}` filled in one pass of
    /// the template read from the file, so no value — from the environment or the server — is
    /// read as a reference.
    func applied(to response: HTTPResponse, key: String, context: ProfileContext) throws -> [Profile.Header] {
        guard response.isSuccess else {
            throw ApplyFailure(message: "\(method) \(url) answered \(response.status), so there is nothing to apply")
        }
        let json = response.body.count <= HTTPJSONFieldValidator.maxBytes ? JSONNode.parse(response.body.data) : nil
        var values = TemplateValues(variables: context.variables, secretDocuments: ["alt"], environment: context.currentEnvironment)
        values.documents["alt"] = json
        return try applyHeaders.map { header in
            let headerKey = "\(key).apply.headers.\(header.name)"
            let template = try Template(header.value)
            let value = try template.render(with: values) { (part) throws(ApplyFailure) in
                switch part {
                case .environment: throw ApplyFailure(message: "\(headerKey): \(TemplateMissing(part: part))")
                case .json(_, let path):
                    let what = json == nil ? "a body that is not JSON" : "no \(path.text)"
                    throw ApplyFailure(message: "\(method) \(url) answered \(response.status) with \(what), which \(headerKey) needs")
                default: return part.placeholder
                }
            }
            return Profile.Header(header.name, value.text)
        }
    }

    struct ApplyFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
