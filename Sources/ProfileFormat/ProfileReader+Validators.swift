import LocatedYAML

/// The validator chain as data: `default` (statuses, methods, the retry strategy),
/// `altRequest` (a request run on some statuses, whose response fills headers) and `check`
/// (a condition on a JSON field that fails or retries; see ProfileReader+Check.swift).
extension ProfileReader {
    static let strategies = ["immediate", "delayed", "exponential", "fibonacci"]
    static let jitters = ["none", "full", "equal", "decorrelated"]
    /// The keys each strategy reads; any other is a mistake worth naming.
    static let strategyKeys = ["immediate": [], "delayed": ["delay", "maxDelay", "jitter"],
                               "exponential": ["base", "multiplier", "maxDelay", "jitter"],
                               "fibonacci": ["unit", "maxDelay", "jitter"]]

    static func validator(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Validator {
        let entries = try node.mapping(allowed: ["default", "altRequest", "check"])
        guard entries.count == 1, let (kind, value) = entries.first else {
            throw node.problem("each validator is one of default, altRequest or check")
        }
        switch kind {
        case "default": return .standard(try standard(value))
        case "altRequest": return .altRequest(try altRequest(value))
        default: return .check(try check(value))
        }
    }

    static func standard(_ node: LocatedNode) throws(ProfileProblem) -> Profile.DefaultValidator {
        var validator = Profile.DefaultValidator()
        // An empty `default:` takes every default.
        guard node.text?.isEmpty != true else { return validator }
        let keys = ["allowsEmptyResponses", "retryStatuses", "retry", "respectRetryAfter", "retryMethods"]
        for (key, value) in try node.mapping(allowed: keys) {
            switch key {
            case "allowsEmptyResponses": validator.allowsEmptyResponses = try value.bool()
            case "retryStatuses": validator.retryStatuses = try statuses(value)
            case "retry": validator.retry = try retry(value)
            case "respectRetryAfter": validator.respectRetryAfter = try value.bool()
            default: validator.retryMethods = try value.sequence().map { (item) throws(ProfileProblem) in try item.method() }
            }
        }
        return validator
    }

    static func retry(_ node: LocatedNode) throws(ProfileProblem) -> Profile.Retry {
        let entries = try node.mapping(allowed: ["strategy", "delay", "base", "multiplier", "unit", "maxDelay", "jitter"], required: ["strategy"])
        let strategyNode = entries.required("strategy")
        let strategy = try strategyNode.string()
        guard strategies.contains(strategy) else {
            throw strategyNode.problem("unknown strategy \"\(strategy)\" (one of \(strategies.joined(separator: ", ")))")
        }
        var retry = Profile.Retry(strategy: strategy)
        let reads = strategyKeys[strategy] ?? []
        for (key, value) in entries where key != "strategy" && !reads.contains(key) {
            throw value.problem(reads.isEmpty ? "\(strategy) takes no \(key)" : "\(strategy) takes no \(key) (it reads \(reads.joined(separator: ", ")))")
        }
        for (key, value) in entries {
            switch key {
            case "delay": retry.delay = try value.seconds()
            case "base": retry.base = try value.seconds()
            case "multiplier": retry.multiplier = try value.seconds()
            case "unit": retry.unit = try value.seconds()
            case "maxDelay": retry.maxDelay = try value.seconds()
            case "jitter":
                let jitter = try value.string()
                guard jitters.contains(jitter) else { throw value.problem("unknown jitter \"\(jitter)\" (one of \(jitters.joined(separator: ", ")))") }
                retry.jitter = jitter
            default: break
            }
        }
        return retry
    }

    static func altRequest(_ node: LocatedNode) throws(ProfileProblem) -> Profile.AltRequest {
        let entries = try node.mapping(allowed: ["statuses", "request", "apply"], required: ["request", "statuses"])
        let request = try entries.required("request").mapping(allowed: ["method", "url", "headers", "json"], required: ["url"])
        var alt = Profile.AltRequest(
            statuses: try statuses(entries.required("statuses")),
            method: try request["method"]?.method() ?? "POST",
            url: try request.required("url").referencing()
        )
        alt.headers = try request["headers"]?.headers() ?? []
        if let json = request["json"] { alt.json = try json.checkReferences(in: try json.json().compactText) }
        if let headers = try entries["apply"]?.mapping(allowed: ["headers"])["headers"] {
            alt.applyHeaders = try headers.headers()
            for (header, (_, value)) in zip(alt.applyHeaders, try headers.entries()) {
                _ = try template(header.value, reading: "alt", at: value)
            }
        }
        return alt
    }

    static func statuses(_ node: LocatedNode) throws(ProfileProblem) -> [Int] {
        try node.sequence().map { (item) throws(ProfileProblem) in try item.int(in: 100...999) }
    }
}
