import LocatedYAML
import RequestModel

/// SPEC §8's `capture`, `assert` and `poll`, checked where they are read: a bad path at its
/// column, an unknown predicate or key at its line.
extension RequestSpecReader {
    static let captureSources = ["json", "header", "cookie", "body", "status"]
    static let subjects = ["status", "header", "json", "body", "bytes", "duration", "httpVersion", "cookie"]
    /// Subjects that name something (`header: NAME`) and take their predicate beside it.
    static let keyedSubjects = ["header", "json", "cookie"]

    /// `token: { json: "$.token", secret: true }`, `sid: { header: "Set-Cookie", regex: "sid=([^;]+)" }`, `code: { status: true }`.
    public static func captures(_ node: LocatedNode) throws(FileProblem) -> [RequestSpec.Capture] {
        try node.entries().map { (name, value) throws(FileProblem) in
            let fields = try value.mapping(allowed: captureSources + ["regex", "secret"])
            let given = captureSources.filter { fields[$0] != nil }
            guard given.count == 1, let kind = given.first, let argument = fields[kind] else {
                throw value.problem("give exactly one of json, header, cookie, body or status")
            }
            let source: RequestSpec.Capture.Source
            switch kind {
            case "json": source = .json(try path(argument))
            case "header": source = .header(try argument.string())
            case "cookie": source = .cookie(try argument.string())
            default:
                // `code: { status: true }`, or with nothing written: `page: { body }`.
                let given = try argument.isNull ? true : argument.bool()
                guard given else { throw argument.problem("write \(kind): true") }
                source = kind == "body" ? .body : .status
            }
            var capture = RequestSpec.Capture(try variable(name, at: value), source, secret: try fields["secret"]?.bool() ?? false)
            if let regex = fields["regex"] {
                capture.regex = try regex.string()
                if let problem = AssertPredicate.problem(withPattern: capture.regex ?? "") { throw regex.problem(problem) }
            }
            return capture
        }
    }

    /// `- { status: 200 }`, `- { duration: { lessThan: 500 } }`, `- { json: "$.id", equals: 2 }`.
    public static func asserts(_ node: LocatedNode) throws(FileProblem) -> [RequestSpec.Assert] {
        try node.sequence().map { (item) throws(FileProblem) in try self.assert(item) }
    }

    static func assert(_ node: LocatedNode) throws(FileProblem) -> RequestSpec.Assert {
        let entries = try node.mapping(allowed: subjects + ProfileReader.predicateNames)
        let given = subjects.filter { entries[$0] != nil }
        guard given.count == 1, let key = given.first, let value = entries[key] else {
            throw node.problem("give exactly one subject: \(subjects.joined(separator: ", "))")
        }
        let predicates = entries.filter { $0.key != key }
        guard keyedSubjects.contains(key) else {
            if let extra = predicates.first { throw extra.value.problem("write \(key): { \(extra.key): VALUE }") }
            // `status: 200` is `status: { equals: 200 }`.
            let predicate = value.isMapping ? try ProfileReader.predicate(value) : .equals(try value.json())
            let subject: RequestSpec.Assert.Subject = switch key {
            case "status": .status
            case "body": .body
            case "bytes": .bytes
            case "duration": .duration
            default: .httpVersion
            }
            return RequestSpec.Assert(subject, predicate)
        }
        guard predicates.count == 1, let (name, expected) = predicates.first else {
            throw node.problem("give exactly one predicate beside \(key): \(AssertPredicate.names.joined(separator: ", "))")
        }
        let subject: RequestSpec.Assert.Subject = switch key {
        case "json": .json(try path(value))
        case "header": .header(try value.string())
        default: .cookie(try value.string())
        }
        return RequestSpec.Assert(subject, try ProfileReader.predicate(named: name, expected))
    }

    /// `{ until: [asserts], every: SECONDS, max: TRIES }`.
    public static func poll(_ node: LocatedNode) throws(FileProblem) -> RequestSpec.Poll {
        let entries = try node.mapping(allowed: ["until", "every", "max"], required: ["until", "every", "max"])
        let until = try asserts(entries.required("until"))
        guard !until.isEmpty else { throw entries.required("until").problem("a poll needs at least one assert to wait for") }
        let everyNode = entries.required("every")
        let every = try everyNode.seconds()
        // Written back as plain decimals, which these are.
        guard every == 0 || (0.001...86_400).contains(every) else { throw everyNode.problem("every is 0 or 0.001 to 86400 seconds") }
        return RequestSpec.Poll(until: until, every: every, max: try entries.required("max").int(in: 1...10_000))
    }

    /// A path as written, refused at the column where it stops being valid.
    static func path(_ node: LocatedNode) throws(FileProblem) -> JSONPath {
        try ProfileReader.path(try node.string(), at: node)
    }
}
