import RequestModel

/// `[Captures]` as SPEC §8's captures: jsonpath, header, cookie, body, status and regex queries,
/// with at most one `regex` filter; `redact` makes it secret. Anything else has no equivalent.
enum HurlCaptures {
    static func capture(_ capture: HurlCapture) -> Result<RequestSpec.Capture, Refusal> {
        guard VariableName.isValid(capture.name) else {
            return .failure(Refusal("\(capture.name) is not a variable name explorer reads (\(VariableName.rule))"))
        }
        let argument = capture.query.argument?.text ?? ""
        var regex: String?
        let source: RequestSpec.Capture.Source
        switch capture.query.kind {
        case "jsonpath":
            switch HurlQueries.path(argument) {
            case .success(let path): source = .json(path)
            case .failure(let refusal): return .failure(refusal)
            }
        case "header": source = .header(argument)
        case "cookie":
            switch HurlQueries.cookie(argument) {
            case .success(let name): source = .cookie(name)
            case .failure(let refusal): return .failure(refusal)
            }
        case "body": source = .body
        case "status": source = .status
        case "regex":
            guard let token = capture.query.argument else { return .failure(Refusal("a regex query without its pattern")) }
            switch HurlQueries.regex(token) {
            case .success(let pattern): regex = pattern
            case .failure(let refusal): return .failure(refusal)
            }
            source = .body
        case "duration", "bytes", "version":
            return .failure(Refusal("a \(capture.query.kind) capture has no equivalent"))
        default:
            return .failure(Refusal(HurlQueries.whyNot(capture.query.kind)))
        }
        for filter in capture.filters {
            guard filter.name == "regex", regex == nil, filter.arguments.count == 1 else {
                return .failure(Refusal("the filter \(filter.name) has no equivalent"))
            }
            switch HurlQueries.regex(filter.arguments[0]) {
            case .success(let pattern): regex = pattern
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(RequestSpec.Capture(capture.name, source, regex: regex, secret: capture.redact))
    }
}
