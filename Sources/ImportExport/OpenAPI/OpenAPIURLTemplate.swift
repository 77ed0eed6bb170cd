import OpenAPIKit
import RequestModel

/// An operation's path and query parameters as an RFC 6570 template relative to the base URL
/// (`pets/{petId}{?limit,tags*}`, or `images?public{&project}` after a query written in the path)
/// and as the fields a user fills. Exploded arrays and objects
/// take `*`; label and matrix path parameters take `.` and `;`. A parameter name that is not
/// an RFC 6570 variable name (`page-size`) is written percent-encoded (`page%2Dsize`), in the
/// template and in the field alike, so the two match.
enum OpenAPIURLTemplate {
    /// Each parameter comes with its schema as the file writes it (its `$ref` followed).
    static func url(path: String, prefix: String, parameters: [(OpenAPI.Parameter, schema: JSONNode?)], queryKey: String?)
        -> (url: String, fields: [RequestSpec.Parameter]) {
        var url = prefix + path.drop { $0 == "/" }
        var fields: [RequestSpec.Parameter] = []
        for (parameter, schema) in parameters where parameter.location == .path {
            let style = parameter.schemaOrContent.a
            let operator_ = switch style?.style { case .label?: "."; case .matrix?: ";"; default: "" }
            let name = variableName(parameter.name)
            let star = style?.explode == true && isComposite(schema) ? "*" : ""
            url = url.replacingOccurrences(of: "{\(parameter.name)}", with: "{\(operator_)\(name)\(star)}")
            fields.append(field(parameter, schema: schema, name: name, location: .path))
        }
        var query: [String] = []
        for (parameter, schema) in parameters where parameter.location == .query {
            let name = variableName(parameter.name)
            let explode = parameter.schemaOrContent.a?.explode ?? true
            query.append(name + (explode && isComposite(schema) ? "*" : ""))
            fields.append(field(parameter, schema: schema, name: name, location: .query))
        }
        if let queryKey, !parameters.contains(where: { $0.0.location == .query && $0.0.name == queryKey }) {
            query.append(variableName(queryKey))
        }
        // A path that has a query of its own (LXD's `/1.0/images?public`) is continued with `&`.
        if !query.isEmpty { url += (url.contains("?") ? "{&" : "{?") + query.joined(separator: ",") + "}" }
        return (url, fields)
    }

    /// RFC 6570's varname: letters, digits, `_`, and `.` between them; anything else percent-encoded.
    static func variableName(_ name: String) -> String {
        var result = ""
        let characters = Array(name.unicodeScalars)
        for (index, scalar) in characters.enumerated() {
            let dotInside = scalar == "." && index > 0 && index < characters.count - 1 && characters[index - 1] != "."
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") || dotInside {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
            }
        }
        return result
    }

    private static func isComposite(_ schema: JSONNode?) -> Bool {
        guard let schema else { return false }
        return ["array", "object"].contains(OpenAPISchemaSample.type(schema) ?? (schema["properties"] != nil ? "object" : ""))
    }

    private static func field(_ parameter: OpenAPI.Parameter, schema: JSONNode?, name: String, location: RequestSpec.Parameter.Location) -> RequestSpec.Parameter {
        RequestSpec.Parameter(name: name, location: location, required: parameter.required, description: parameter.description,
                              values: allowedValues(schema))
    }

    /// The schema's `enum`, or its items' for an array, as text.
    private static func allowedValues(_ schema: JSONNode?) -> [String] {
        let values = schema?["enum"] ?? schema?["items"]?["enum"]
        return OpenAPITree.items(values).map(OpenAPITree.fieldText)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
