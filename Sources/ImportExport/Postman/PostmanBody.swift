import Foundation
import RequestModel

/// A Postman request's `body` as explorer's: raw (JSON when `options.raw.language` or the Content-Type says so, else
/// text with the request's Content-Type), urlencoded, formdata (files by their `src` path), and
/// GraphQL as the JSON `{"query", "variables"}` it is sent as. Disabled fields left out; a file
/// body (binary upload) is not imported and said.
enum PostmanBody {
    static func read(_ node: JSONNode?, headers: [NamedValue], skippedAs name: String, skipped: inout [ImportedAPI.Skipped]) -> RequestSpec.Body {
        guard let node, let mode = PostmanJSON.text(node["mode"]) else { return .none }
        switch mode {
        case "raw":
            let raw = PostmanJSON.text(node["raw"]) ?? ""
            if raw.isEmpty { return .none }
            if PostmanJSON.text(node["options"]?["raw"]?["language"]) == "json" || MediaType.isJSON(contentType(in: headers)) { return .json(raw) }
            return .text(raw, contentType: contentType(in: headers))
        case "urlencoded":
            return .form(fields(node["urlencoded"]).map { NamedValue($0.key, $0.value ?? "") })
        case "formdata":
            var parts: [MultipartPart] = []
            for field in fields(node["formdata"]) {
                if PostmanJSON.text(field.node["type"]) == "file" {
                    let source = PostmanJSON.text(field.node["src"]) ?? PostmanJSON.array(field.node["src"]).lazy.compactMap(PostmanJSON.text).first
                    guard let source, !source.isEmpty else {
                        skipped.append(.init("\(name) form file \"\(field.key)\"", "no file chosen in the collection"))
                        continue
                    }
                    parts.append(.file(name: field.key, path: source))
                } else {
                    parts.append(.text(name: field.key, value: field.value ?? ""))
                }
            }
            return .multipart(parts)
        case "graphql":
            // SPEC §13: GraphQL is a body kind of its own; the variables stay the text they are.
            let graphql = node["graphql"]
            let variables = PostmanJSON.text(graphql?["variables"]).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            return .graphql(GraphQLBody(query: PostmanJSON.text(graphql?["query"]) ?? "", variables: variables))
        case "file":
            skipped.append(.init("\(name) body", "a file body (binary upload) is not imported"))
            return .none
        default:
            skipped.append(.init("\(name) body", "body mode \"\(mode)\" is not imported"))
            return .none
        }
    }

    private struct Field {
        var key: String
        var value: String?
        var node: JSONNode
    }

    /// Enabled `{key, value}` fields in order.
    private static func fields(_ node: JSONNode?) -> [Field] {
        PostmanJSON.array(node).compactMap { item in
            guard !PostmanJSON.isTrue(item["disabled"]), let key = PostmanJSON.text(item["key"]) else { return nil }
            return Field(key: key, value: PostmanJSON.text(item["value"]), node: item)
        }
    }

    static func contentType(in headers: [NamedValue]) -> String? {
        headers.last { $0.name.lowercased() == "content-type" }?.value
    }

    /// A multipart body's own `Content-Type: multipart/form-data` without a boundary is dropped:
    /// the client writes the header with the boundary it chose; the bare one would break the body.
    static func headers(_ headers: [NamedValue], for body: RequestSpec.Body) -> [NamedValue] {
        guard case .multipart = body else { return headers }
        return headers.filter { !($0.name.lowercased() == "content-type" && !$0.value.lowercased().contains("boundary=")) }
    }
}
