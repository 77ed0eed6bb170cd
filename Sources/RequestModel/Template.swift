/// Text with placeholders — the one template engine of profiles, request files and checks:
///
/// - `{{name}}`: a variable (profile `vars:`, file `vars`, captures, `--var`; SPEC §8);
/// - `{{NAME.json PATH}}`: what an RFC 9535 path selects in the JSON document called NAME
///   (`{{alt.json $.token}}`), with `{{alt.json.token}}` as shorthand (SPEC §7);
/// - `{{json PATH}}`: the same in the response at hand (a `check` message);
/// - `${env:NAME}`: an environment variable, a secret by nature (SPEC §4).
///
/// A template is parsed once, where it is read, so a bad placeholder is refused there with its
/// column; rendering then only looks values up.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    public enum Part: Sendable, Hashable {
        case text(String)
        case variable(String)
        /// `document` is nil for `{{json PATH}}`, the response at hand.
        case json(document: String?, path: JSONPath)
        case environment(String)

        /// The placeholder as a message names it: `{{token}}`, `{{alt.json $.token}}`, `${env:HOME}`.
        public var placeholder: String {
            switch self {
            case .text(let text): text
            case .variable(let name): "{{\(name)}}"
            case .json(let document, let path): "{{\(document.map { "\($0).json" } ?? "json") \(path.text)}}"
            case .environment(let name): "${env:\(name)}"
            }
        }
    }

    /// The template as written.
    public let description: String
    public let parts: [Part]

    public init(_ text: String) throws(TemplateProblem) {
        description = text
        parts = try TemplateParser.parts(of: text)
    }

    /// A template whose only placeholders are `${env:NAME}`: what a profile value is, as it may hold
    /// `{{…}}` text that is not a template (`EnvironmentReference` reads profiles with it).
    public init(environmentOnly text: String) {
        description = text
        // Reading only `${env:NAME}` refuses nothing.
        parts = (try? TemplateParser.parts(of: text, placeholders: false)) ?? [.text(text)]
    }

    /// `text` read as a template, or as `init(environmentOnly:)` reads it when it is not a valid
    /// one: for what a value refers to without refusing it (a profile's values, which may hold
    /// braces of their own).
    public static func referencing(_ text: String) -> Template {
        (try? Template(text)) ?? Template(environmentOnly: text)
    }

    /// Whether `text` may hold a placeholder (`{{` or `${`): a byte scan, so the many texts that
    /// hold none are not parsed (or searched with `String.contains`, which is slow) on every use.
    public static func mayHavePlaceholders(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") || previous == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }

    /// The template `text` is; nil when it holds no placeholder or is not a valid template (it is
    /// then plain text: a body's own braces).
    public static func parsed(_ text: String) -> Template? {
        guard mayHavePlaceholders(text) else { return nil }
        return try? Template(text)
    }

    /// `text` with `encode` applied to all but its placeholders (`{{…}}`, `${…}`), which stay as
    /// written for filling to replace: a URL's query or a form written with templates in it.
    public static func encodingOutsidePlaceholders(_ text: String, _ encode: (Substring) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = [rest.range(of: "{{"), rest.range(of: "${")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }),
              let close = rest[open.upperBound...].range(of: rest[open] == "{{" ? "}}" : "}") {
            result += encode(rest[..<open.lowerBound]) + rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result + encode(rest)
    }

    /// Whether the text has no placeholder at all.
    public var isPlain: Bool { parts.allSatisfy { if case .text = $0 { true } else { false } } }

    /// The variables it names, in order.
    public var variables: [String] {
        parts.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// The environment variables it names, in order.
    public var environmentNames: [String] {
        parts.compactMap { if case .environment(let name) = $0 { name } else { nil } }
    }

    /// The named JSON documents it reads (`alt` for `{{alt.json …}}`), in order.
    public var documents: [String] {
        parts.compactMap { if case .json(let document?, _) = $0 { document } else { nil } }
    }

    /// The text with every placeholder filled from `values`; the first one that has no value
    /// throws, naming it.
    public func render(with values: TemplateValues) throws(TemplateMissing) -> RenderedText {
        try render(with: values) { (part) throws(TemplateMissing) in throw TemplateMissing(part: part) }
    }

    /// As `render(with:)`, but a placeholder without a value is whatever `fallback` makes of it.
    public func render<Failure: Error>(
        with values: TemplateValues, fallback: (Part) throws(Failure) -> String
    ) throws(Failure) -> RenderedText {
        var out = RenderedText()
        for part in parts {
            switch part {
            case .text(let text): out.text += text
            case .variable(let name):
                guard let value = values.variables[name] else { out.text += try fallback(part); continue }
                out.append(value.text, secret: value.secret)
            case .json(let document, let path):
                let root = document.map { values.documents[$0] } ?? values.response
                guard let root, let value = JSONNode.subject(of: path.values(in: root)) else {
                    out.text += try fallback(part)
                    continue
                }
                out.append(value.templateText, secret: document.map { values.secretDocuments.contains($0) } ?? false)
            case .environment(let name):
                guard let value = values.environment[name] else { out.text += try fallback(part); continue }
                out.append(value, secret: true)
            }
        }
        return out
    }
}

/// What placeholders are filled with.
public struct TemplateValues: Sendable {
    public var variables: [String: TemplateValue]
    /// Named JSON documents: `alt` is an alternate request's response.
    public var documents: [String: JSONNode]
    /// Documents whose values are secrets (a token endpoint's answer).
    public var secretDocuments: Set<String>
    /// The response at hand, for `{{json PATH}}`.
    public var response: JSONNode?
    public var environment: [String: String]

    public init(
        variables: [String: TemplateValue] = [:], documents: [String: JSONNode] = [:], secretDocuments: Set<String> = [],
        response: JSONNode? = nil, environment: [String: String] = [:]
    ) {
        self.variables = variables
        self.documents = documents
        self.secretDocuments = secretDocuments
        self.response = response
        self.environment = environment
    }
}

/// A variable's value, and whether it must be masked wherever it is shown.
public struct TemplateValue: Sendable, Hashable {
    public var text: String
    public var secret: Bool

    public init(_ text: String, secret: Bool = false) {
        self.text = text
        self.secret = secret
    }
}

/// A rendered template: its text, and the secret values in it, for whoever shows or saves it
/// to mask.
public struct RenderedText: Sendable, Hashable {
    public var text = ""
    public var secrets: [String] = []

    public init(text: String = "", secrets: [String] = []) {
        self.text = text
        self.secrets = secrets
    }

    mutating func append(_ value: String, secret: Bool) {
        text += value
        if secret, !value.isEmpty, !secrets.contains(value) { secrets.append(value) }
    }
}

/// A placeholder that had no value when the template was rendered.
public struct TemplateMissing: Error, Sendable, Hashable, CustomStringConvertible {
    public let part: Template.Part

    public init(part: Template.Part) {
        self.part = part
    }

    /// `{{token}} is not defined`, `{{alt.json $.token}} selects nothing`.
    public var description: String {
        switch part {
        case .text, .variable: "\(part.placeholder) is not defined"
        case .json: "\(part.placeholder) selects nothing"
        case .environment: "\(part.placeholder) is not set in the environment"
        }
    }
}

extension JSONNode {
    /// What a template puts in place of a value: a string's own text, compact JSON for the rest.
    public var templateText: String {
        if case .string(let text) = self { return text }
        return compactText
    }
}
