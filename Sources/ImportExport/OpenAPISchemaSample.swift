import Foundation
import OpenAPIKit
import RequestModel

/// A value a schema accepts, to start a request body from when the description gives no example:
/// the schema's own example, else its `default`, else its first `enum` value; else by type:
/// objects with their required properties (all of them when none is marked required, so the
/// body shows what may be sent; read-only ones left out), arrays with one item, strings by
/// format (`date-time`, `date`, `uuid`, `email`, `uri`…), numbers 0, booleans true; `oneOf` and
/// `anyOf` their first branch, `allOf` its branches' objects merged. Nesting stops at
/// `maxDepth` (recursive schemas end there) and the value at `maxValues` values. Properties keep
/// the order the file writes them in (read from the tree at the schema's location).
struct OpenAPISchemaSample {
    static let maxDepth = 6
    static let maxValues = 2_000

    let references: OpenAPIReferences
    private var values = 0

    init(references: OpenAPIReferences) {
        self.references = references
    }

    /// Nil when the schema says nothing to build from, or past the limits.
    mutating func value(_ schema: JSONSchema, at place: OpenAPILocation, depth: Int = 0) throws(OpenAPIUnresolved) -> JSONNode? {
        guard depth <= Self.maxDepth, values < Self.maxValues else { return nil }
        values += 1
        if let written = schema.examples.first ?? schema.defaultValue ?? schema.allowedValues?.first {
            let value = OpenAPIAnyValue.json(written)
            // `example: 12345` on a string property is YAML's number, the description's text.
            if case .string = schema.value, case .number(let text) = value { return .string(text) }
            return value
        }
        switch schema.value {
        case .reference(let reference, _):
            let (found, target) = try references.resolve(schema: reference, from: place.file)
            return try value(found, at: target, depth: depth + 1)
        case .object(_, let object):
            return try self.object(object, at: place, depth: depth)
        case .array(_, let array):
            guard let items = array.items else { return .array([]) }
            return .array(try value(items, at: place.appending("items"), depth: depth + 1).map { [$0] } ?? [])
        case .string(let core, _): return .string(Self.text(format: core.format.rawValue))
        case .integer: return .integer(0)
        case .number: return .number("0")
        case .boolean: return .bool(true)
        case .null: return .null
        case .one(let branches, _), .any(let branches, _):
            let key = if case .one = schema.value { "oneOf" } else { "anyOf" }
            for (index, branch) in branches.enumerated() {
                if let found = try value(branch, at: place.appending(key, String(index)), depth: depth + 1) { return found }
            }
            return nil
        case .all(let branches, _):
            var merged: [JSONNode.Member] = []
            var other: JSONNode?
            for (index, branch) in branches.enumerated() {
                switch try value(branch, at: place.appending("allOf", String(index)), depth: depth + 1) {
                case .object(let members)?:
                    for member in members {
                        if let index = merged.firstIndex(where: { $0.key == member.key }) { merged[index] = member } else { merged.append(member) }
                    }
                case let found?: other = other ?? found
                case nil: break
                }
            }
            return merged.isEmpty ? other : .object(merged)
        case .not, .fragment:
            return nil
        }
    }

    private mutating func object(_ object: JSONSchema.ObjectContext, at place: OpenAPILocation, depth: Int) throws(OpenAPIUnresolved) -> JSONNode {
        let required = Set(object.requiredProperties)
        var members: [JSONNode.Member] = []
        for name in Self.order(object.properties.keys, written: references.node(at: place.appending("properties")))
        where required.isEmpty || required.contains(name) {
            guard let property = object.properties[name], !property.readOnly else { continue }
            if let found = try value(property, at: place.appending("properties", name), depth: depth + 1) { members.append(JSONNode.Member(name, found)) }
        }
        return .object(members)
    }

    /// `names` in the order the file writes them (`written`'s keys); any it does not, after them
    /// in alphabetical order, so that a value is the same on every run.
    static func order(_ names: [String], written: JSONNode?) -> [String] {
        let known = Set(names)
        let inFile = OpenAPITree.members(written).map(\.key).filter { known.contains($0) }
        let seen = Set(inFile)
        return inFile + names.filter { !seen.contains($0) }.sorted()
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
}
