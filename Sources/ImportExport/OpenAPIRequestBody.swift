import Foundation
import OpenAPIKit
import RequestModel

/// An operation's request body as a saved request sends it. The media type taken is the first
/// JSON one (`application/json`, `…+json`), else a form, else multipart, else the first; its
/// value is the media type's `example` (or its first `examples` entry), else one made from the
/// schema (`OpenAPISchemaSample`). JSON is written pretty; a form's fields and multipart's parts
/// come from the value's members, binary parts (`format: binary`, `contentMediaType`) as a file
/// part whose path names the field (`./photo`) for the user to point at the file to send. Other
/// media types are sent as text with their content type, when the description has an example.
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
                ?? lowered.firstIndex(where: { $0.hasPrefix("multipart/form-data") }) ?? (types.isEmpty ? nil : 0) else {
            return (.none, nil)
        }
        guard let contentType = OpenAPI.ContentType(rawValue: types[index]), let entry = request.content[contentType] else { return (.none, nil) }
        let (content, place) = try references.resolve(entry, at: location.appending("content", types[index]))
        let type = lowered[index]
        let written = try example(content, at: place)
        var value = written
        if value == nil, let schema = content.schema { value = try sample.value(schema, at: place.appending("schema")) }
        if Self.isJSON(type) { return (.json((value ?? .object([])).prettyText()), nil) }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return (.form(OpenAPITree.members(value).map { NamedValue($0.key, OpenAPIAnyValue.text($0.value)) }), nil)
        }
        if type.hasPrefix("multipart/") {
            let binary = try binaryFields(content.schema, in: place.file)
            return (.multipart(OpenAPITree.members(value).map { member in
                binary.contains(member.key) ? .file(name: member.key, path: "./" + member.key)
                    : .text(name: member.key, value: OpenAPIAnyValue.text(member.value))
            }), nil)
        }
        guard let written else {
            return (.none, "\(types[index]) body: no example to send, left empty")
        }
        return (.text(OpenAPIAnyValue.text(written), contentType: types[index]), nil)
    }

    static func isJSON(_ type: String) -> Bool {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The media type's example as written in the file (members in order), else its first
    /// `examples` entry's value.
    private func example(_ content: OpenAPI.Content, at place: OpenAPILocation) throws(OpenAPIUnresolved) -> JSONNode? {
        if let written = references.node(at: place.appending("example")) { return written }
        // The first entry as written (the map OpenAPIKit hands over may not keep the file's order).
        let names = OpenAPITree.members(references.node(at: place.appending("examples"))).map(\.key)
        if let examples = content.examples,
           let (name, entry) = names.lazy.compactMap({ name in examples[name].map { (name, $0) } }).first ?? examples.first {
            let (example, found) = try references.resolve(entry, at: place.appending("examples", name))
            if let written = references.node(at: found.appending("value")) { return written }
            if let value = example.dataOrLegacyValue { return OpenAPIAnyValue.json(value) }
        }
        return content.example.map(OpenAPIAnyValue.json)
    }

    /// The properties of an object schema that hold files.
    private func binaryFields(_ schema: JSONSchema?, in file: URL) throws(OpenAPIUnresolved) -> Set<String> {
        guard var schema else { return [] }
        var file = file
        for _ in 0..<OpenAPIReferences.maxHops {
            guard case .reference(let reference, _) = schema.value else { break }
            let (found, place) = try references.resolve(schema: reference, from: file)
            (schema, file) = (found, place.file)
        }
        guard case .object(_, let object) = schema.value else { return [] }
        return Set(object.properties.compactMap { name, property in
            if case .string(let core, let string) = property.value,
               core.format.rawValue == "binary" || string.contentMediaType != nil || string.contentEncoding != nil {
                return name
            }
            return nil
        })
    }
}
