import Foundation
import OpenAPIKit
import RequestModel

/// An operation's request body as a saved request sends it. The media type taken is the first
/// JSON one (`application/json`, `…+json`), else a form, else multipart, else the first; its
/// value is the media type's `example` (or its first `examples` entry), else one made from the
/// schema (`OpenAPISchemaSample`), both read from the file as written. JSON is written pretty; a
/// form's fields and multipart's parts come from the value's members, binary parts
/// (`format: binary`, `contentMediaType`) as a file part whose path names the field (`./photo`)
/// for the user to point at the file to send. Other media types are sent as text with their
/// content type, when the description has an example.
struct OpenAPIRequestBody {
    var sample: OpenAPISchemaSample
    let references: OpenAPIReferences

    init(references: OpenAPIReferences) {
        self.references = references
        sample = OpenAPISchemaSample(references: references)
    }

    /// The body, with the note for the import report when one of its kind cannot be made.
    mutating func body(_ request: OpenAPI.Request, at location: OpenAPILocation) throws(OpenAPIUnresolved) -> (RequestSpec.Body, note: String?) {
        let types = OpenAPISchemaSample.order(request.content.keys.map(\.rawValue), written: references.node(at: location.appending("content")))
        let lowered = types.map { $0.lowercased() }
        guard let index = lowered.firstIndex(where: Self.isJSON) ?? lowered.firstIndex(where: { $0.hasPrefix("application/x-www-form-urlencoded") })
                ?? lowered.firstIndex(where: { $0.hasPrefix("multipart/form-data") }) ?? (types.isEmpty ? nil : 0),
              let found = try references.followed(location.appending("content", types[index])) else {
            return (.none, nil)
        }
        let place = found.place
        let type = lowered[index]
        let written = try example(at: place)
        var value = written
        if value == nil { value = try sample.value(at: place.appending("schema")) }
        if Self.isJSON(type) { return (.json((value ?? .object([])).prettyText()), nil) }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return (.form(OpenAPITree.members(value).map { NamedValue($0.key, OpenAPITree.fieldText($0.value)) }), nil)
        }
        if type.hasPrefix("multipart/") {
            let binary = try binaryFields(at: place.appending("schema"))
            return (.multipart(OpenAPITree.members(value).map { member in
                binary.contains(member.key) ? .file(name: member.key, path: "./" + member.key)
                    : .text(name: member.key, value: OpenAPITree.fieldText(member.value))
            }), nil)
        }
        guard let written else {
            return (.none, "\(types[index]) body: no example to send, left empty")
        }
        return (.text(OpenAPITree.fieldText(written), contentType: types[index]), nil)
    }

    static func isJSON(_ type: String) -> Bool {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The media type's `example`, else the value of its first `examples` entry (a `$ref` to a
    /// component example followed).
    private func example(at place: OpenAPILocation) throws(OpenAPIUnresolved) -> JSONNode? {
        if let written = references.node(at: place.appending("example")) { return written }
        guard let first = OpenAPITree.members(references.node(at: place.appending("examples"))).first,
              let entry = try references.followed(place.appending("examples", first.key)) else { return nil }
        return entry.node["value"]
    }

    /// The properties of an object schema that hold files.
    private func binaryFields(at place: OpenAPILocation) throws(OpenAPIUnresolved) -> Set<String> {
        guard let schema = try references.followed(place) else { return [] }
        var fields: Set<String> = []
        for property in OpenAPITree.members(schema.node["properties"]) {
            guard let found = try references.followed(schema.place.appending("properties", property.key)) else { continue }
            if OpenAPITree.string(found.node["format"]) == "binary" || found.node["contentMediaType"] != nil
                || OpenAPITree.string(found.node["type"]) == "file" {
                fields.insert(property.key)
            }
        }
        return fields
    }
}
