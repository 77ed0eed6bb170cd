/// An RFC 6570 URI Template (levels 1–4), parsed once and expandable many times.
///
///     let template = try URITemplate("/users/{id}{?fields*}")
///     try template.expand(["id": "42", "fields": ["name", "email"]])  // "/users/42?fields=name&fields=email"
///
/// Positions in errors count Unicode scalars (code points) from 0, because RFC 6570's grammar is
/// defined over code points; for ASCII templates that is the plain character offset.
public struct URITemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template text exactly as given.
    public let template: String
    let parts: [Part]

    /// Parses `template`; throws the position of the first syntax error.
    public init(_ template: String) throws(URITemplateError) {
        self.template = template
        self.parts = try Parser.parse(template)
    }

    public var description: String { template }

    /// Every variable the template refers to, in order of first use, without duplicates.
    public var variableNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for case .expression(let expression) in parts {
            for spec in expression.variables where seen.insert(spec.name).inserted {
                names.append(spec.name)
            }
        }
        return names
    }

    /// Expands the template. Variables missing from `variables` are undefined and skipped, per RFC 6570 §2.3.
    /// Throws when a prefix modifier (`{x:3}`) meets a list or object, which the RFC does not define.
    public func expand(_ variables: [String: Value]) throws(URITemplateError) -> String {
        var result = ""
        try expandPieces(variables) { text, _ in result += text }
        return result
    }

    // Equal text means equal parse, so the text alone decides identity.
    public static func == (lhs: URITemplate, rhs: URITemplate) -> Bool { lhs.template == rhs.template }
    public func hash(into hasher: inout Hasher) { hasher.combine(template) }

    /// Feeds each part's output, with the operator that produced it (nil for literals), to `body`.
    func expandPieces(
        _ variables: [String: Value], _ body: (String, Operator?) -> Void
    ) throws(URITemplateError) {
        for part in parts {
            switch part {
            case .literal(let text): body(text, nil)
            case .expression(let expression): body(try expression.expand(variables), expression.op)
            }
        }
    }
}

/// A template syntax error, or an expansion the RFC leaves undefined (prefix on a composite value).
public struct URITemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 0-based offset, in Unicode scalars, of the offending character or expression in the template.
    public let position: Int
    /// What is wrong, e.g. "unclosed expression".
    public let message: String

    public init(position: Int, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(message) at position \(position)" }
}

extension URITemplate {
    /// The parsed template: literal runs (already percent-encoded) and expressions.
    enum Part: Sendable {
        case literal(String)
        case expression(Expression)
    }

    struct Expression: Sendable {
        let op: Operator
        let variables: [VarSpec]
    }

    struct VarSpec: Sendable {
        /// The name as written, pct-encoded triplets included; it is also the lookup key.
        let name: String
        /// Maximum number of Unicode scalars to keep (1–9999), or nil.
        let prefix: Int?
        let explode: Bool
        /// Where the name starts, so expansion errors can point at it.
        let position: Int
    }
}
