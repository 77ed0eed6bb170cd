import Foundation
import RequestModel

/// A value a schema accepts, to start a request body from when the description gives no example,
/// made from the schema as the file writes it (OpenAPIKit is not asked to decode schemas: on a
/// large description that is most of its time, and the file's order is the one to keep): the
/// schema's `example` (or first `examples` item), else its `default`, `const` or first `enum`
/// value; else by type: objects with their required properties (all of them when none is marked
/// required, so the body shows what may be sent; read-only ones left out), arrays with one item,
/// strings by format (`date-time`, `date`, `uuid`, `email`, `uri`…), numbers 0, booleans true;
/// `oneOf` and `anyOf` their first branch, `allOf` its branches' objects merged. Nesting stops at
/// `maxDepth` (recursive schemas end there) and the value at `maxValues` values.
struct OpenAPISchemaSample {
    static let maxDepth = 6
    static let maxValues = 2_000

    let references: OpenAPIReferences
    private var values = 0

    init(references: OpenAPIReferences) {
        self.references = references
    }

    /// The value of the schema at `place`; nil when it says nothing to build from, or past the limits.
    mutating func value(at place: OpenAPILocation, depth: Int = 0) throws(OpenAPIUnresolved) -> JSONNode? {
        guard depth <= Self.maxDepth, values < Self.maxValues, let node = references.node(at: place) else { return nil }
        values += 1
        if let reference = OpenAPITree.string(node["$ref"]) {
            let target = try references.target(of: reference, from: place.file)
            guard references.node(at: target) != nil else { throw OpenAPIUnresolved(reference: reference, reason: "points at nothing") }
            return try value(at: target, depth: depth + 1)
        }
        let type = Self.type(node)
        if let written = node["example"] ?? OpenAPITree.items(node["examples"]).first ?? node["default"] ?? node["const"]
            ?? OpenAPITree.items(node["enum"]).first {
            // `example: 12345` on a string property is YAML's number, the description's text.
            if type == "string", case .number(let text) = written { return .string(text) }
            return written
        }
        if case .array(let branches)? = node["allOf"] {
            var merged: [JSONNode.Member] = []
            var other: JSONNode?
            for index in branches.indices {
                switch try value(at: place.appending("allOf", String(index)), depth: depth + 1) {
                case .object(let members)?:
                    for member in members {
                        if let at = merged.firstIndex(where: { $0.key == member.key }) { merged[at] = member } else { merged.append(member) }
                    }
                case let found?: other = other ?? found
                case nil: break
                }
            }
            if case .object(let own)? = try ownObject(node, type: type, at: place, depth: depth) { merged += own.filter { member in !merged.contains { $0.key == member.key } } }
            return merged.isEmpty ? other : .object(merged)
        }
        for key in ["oneOf", "anyOf"] {
            for index in OpenAPITree.items(node[key]).indices {
                if let found = try value(at: place.appending(key, String(index)), depth: depth + 1) { return found }
            }
        }
        if let own = try ownObject(node, type: type, at: place, depth: depth) { return own }
        switch type {
        case "array": return .array(try value(at: place.appending("items"), depth: depth + 1).map { [$0] } ?? [])
        case "string": return .string(Self.text(format: OpenAPITree.string(node["format"]) ?? ""))
        case "integer": return .integer(0)
        case "number": return .number("0")
        case "boolean": return .bool(true)
        case "null": return .null
        default: return nil
        }
    }

    /// An object's properties, when the schema is an object (by type, or by having properties).
    private mutating func ownObject(_ node: JSONNode, type: String?, at place: OpenAPILocation, depth: Int) throws(OpenAPIUnresolved) -> JSONNode? {
        guard type == "object" || type == nil && node["properties"] != nil else { return nil }
        let required = Set(OpenAPITree.items(node["required"]).compactMap(OpenAPITree.string))
        var members: [JSONNode.Member] = []
        for property in OpenAPITree.members(node["properties"]) where required.isEmpty || required.contains(property.key) {
            guard property.value["readOnly"] != .bool(true) else { continue }
            if let found = try value(at: place.appending("properties", property.key), depth: depth + 1) {
                members.append(JSONNode.Member(property.key, found))
            }
        }
        return .object(members)
    }

    /// The schema's type: 3.1's list of types gives its first that is not null.
    static func type(_ node: JSONNode) -> String? {
        if case .array(let types)? = node["type"] { return types.compactMap(OpenAPITree.string).first { $0 != "null" } ?? "null" }
        return OpenAPITree.string(node["type"])
    }

    /// A string of `format`, as an example would write one.
    static func text(format: String) -> String {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "time": "00:00:00Z"
        case "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "email": "user@example.com"
        case "uri", "url", "uri-reference", "iri": "https://example.com"
        case "hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "U3dhZ2dlciByb2Nrcw=="
        case "password": "********"
        default: "string"
        }
    }

    /// `names` in the order the file writes them (`written`'s keys); any it does not, after them
    /// in alphabetical order, so that a value is the same on every run.
    static func order(_ names: [String], written: JSONNode?) -> [String] {
        let known = Set(names)
        let inFile = OpenAPITree.members(written).map(\.key).filter { known.contains($0) }
        let seen = Set(inFile)
        return inFile + names.filter { !seen.contains($0) }.sorted()
    }
}
