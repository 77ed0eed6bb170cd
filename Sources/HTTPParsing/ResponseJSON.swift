import Foundation
import RequestModel

/// A response body read as JSON, for declarative checks (`HTTPJSONFieldValidator`) and for
/// templates that take values from a response (`{{alt.json.token}}`, `{{json.message}}`).
///
/// Fields are named by dotted paths: `a.b.0.c` walks object keys, and a whole-number
/// component indexes an array. The empty path is the whole document.
public indirect enum ResponseJSON: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ResponseJSON])
    case object([String: ResponseJSON])

    /// Bodies above this size are not parsed for a check or a template (nothing is found in them).
    public static let maxBytes = 16 << 20

    /// The document in `data`; nil when it is not JSON (or larger than `maxBytes`).
    public init?(data: Data) {
        guard !data.isEmpty, data.count <= Self.maxBytes,
              let value = try? JSONDecoder().decode(ResponseJSON.self, from: data) else { return nil }
        self = value
    }

    /// JSON text (a YAML flow value, as profiles store it) read as a value.
    public init?(text: String) {
        self.init(data: Data(text.utf8))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([ResponseJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: ResponseJSON].self))
        }
    }

    /// Why `path` cannot name a field (an empty component, as in `a..b`); nil when it can.
    public static func problem(withPath path: String) -> String? {
        guard !path.isEmpty else { return nil }
        return path.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
            ? "\(path.debugDescription) is not a field path: write keys and indices joined by dots, as in data.items.0.id"
            : nil
    }

    /// The value at the dotted `path`, or nil when there is none.
    public func value(at path: String) -> ResponseJSON? {
        guard !path.isEmpty else { return self }
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let fields):
                guard let next = fields[String(component)] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Compact JSON text, object keys sorted.
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// What a template puts in place of this value: a string's own text, JSON text for the rest.
    public var templateText: String {
        if case .string(let text) = self { return text }
        return jsonText
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let text): JSONText.quote(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONText.quote(key, into: &out)
                out += ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }
}

/// `{{json.path}}` placeholders in text, filled from a JSON document.
public enum ResponseJSONTemplate {
    /// The placeholders of `template` in order, as written between the braces (trimmed).
    public static func placeholders(in template: String) -> [String] {
        var found: [String] = []
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            found.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The path a placeholder names under `prefix` (`alt.json.token` under `alt.json` is `token`;
    /// `alt.json` alone is the whole document); nil when it is not one of those.
    public static func path(of placeholder: String, prefix: String) -> String? {
        if placeholder == prefix { return "" }
        guard placeholder.hasPrefix(prefix + ".") else { return nil }
        return String(placeholder.dropFirst(prefix.count + 1))
    }

    /// `template` with each `{{prefix.path}}` replaced by that field of `json`. A field that is
    /// not there is handed to `missing`, which returns the replacement or throws.
    public static func render<Failure: Error>(
        _ template: String, prefix: String, json: ResponseJSON?,
        missing: (_ path: String) throws(Failure) -> String
    ) throws(Failure) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out += rest[..<open.lowerBound]
            let placeholder = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let path = path(of: placeholder, prefix: prefix) {
                if let value = json?.value(at: path) {
                    out += value.templateText
                } else {
                    out += try missing(path)
                }
            } else {
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
