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

    static func validator(_ node: ProfileNode) throws(ProfileProblem) -> Profile.Validator {
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

    static func standard(_ node: ProfileNode) throws(ProfileProblem) -> Profile.DefaultValidator {
        var validator = Profile.DefaultValidator()
        // An empty `default:` takes every default.
        guard node.node.scalar?.string.isEmpty != true else { return validator }
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

    static func retry(_ node: ProfileNode) throws(ProfileProblem) -> Profile.Retry {
        let entries = try node.mapping(allowed: ["strategy", "delay", "base", "multiplier", "unit", "maxDelay", "jitter"])
        let strategyNode = try required("strategy", in: entries, of: node)
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

    static func altRequest(_ node: ProfileNode) throws(ProfileProblem) -> Profile.AltRequest {
        let entries = try node.mapping(allowed: ["statuses", "request", "apply"])
        let request = try required("request", in: entries, of: node)
        let requestEntries = try request.mapping(allowed: ["method", "url", "headers", "json"])
        var alt = Profile.AltRequest(
            statuses: try statuses(try required("statuses", in: entries, of: node)),
            method: try requestEntries.first { $0.key == "method" }?.value.method() ?? "POST",
            url: try required("url", in: requestEntries, of: request).referencing()
        )
        for (key, value) in requestEntries {
            if key == "headers" { alt.headers = try value.headers() }
            if key == "json" { alt.json = try value.checkReferences(in: try value.jsonText()) }
        }
        if let apply = entries.first(where: { $0.key == "apply" })?.value {
            for (_, value) in try apply.mapping(allowed: ["headers"]) {
                alt.applyHeaders = try value.headers()
                for (index, header) in alt.applyHeaders.enumerated() {
                    try checkPlaceholders(in: header.value, prefix: "alt.json", at: value.entry(index))
                }
            }
        }
        return alt
    }

    static func statuses(_ node: ProfileNode) throws(ProfileProblem) -> [Int] {
        try node.sequence().map { (item) throws(ProfileProblem) in try item.int(in: 100...999) }
    }
}
