import Foundation
import HTTPParsing
import LocatedYAML
import RequestModel

/// Reads one request wherever a file keeps it: an item of a saved-requests or request file
/// (SPEC §4, §8) or a session exchange's `request:` (SPEC §5). Both files' body forms read, so
/// files written before the two met still open: `raw` or `text`, `json` as text or as YAML,
/// form and multipart items as `"k=v"` / `"k=@FILE"` or `{ name, value | text | file }`.
public enum RequestSpecReader {
    static let keys = ["name", "method", "url", "headers", "body", "vars", "capture", "assert", "poll", "group", "description", "parameters", "websocket"]
    static let bodyKinds = ["text", "raw", "json", "form", "multipart", "base64", "graphql"]

    /// - Parameter named: a saved request needs a name; a session's exchange names itself.
    public static func request(_ node: LocatedNode, named: Bool) throws(FileProblem) -> RequestSpec {
        let entries = try node.mapping(allowed: keys, required: named ? ["name", "url"] : ["url"])
        var request = RequestSpec(url: try entries.required("url").string())
        for (key, value) in entries {
            switch key {
            case "name":
                request.name = try value.string()
                guard request.name?.isEmpty == false else { throw value.problem("a saved request needs a name") }
            case "method": request.method = try value.method()
            case "headers": request.headers = try headers(value)
            case "body": request.body = try body(value)
            case "vars": request.vars = try vars(value)
            case "capture": request.captures = try captures(value)
            case "assert": request.asserts = try asserts(value)
            case "poll": request.poll = try poll(value)
            case "group": request.group = try value.string()
            case "description": request.description = try value.string()
            case "parameters": request.parameters = try parameters(value)
            case "websocket": request.webSocket = try value.bool()
            default: break
            }
        }
        return request
    }

    /// `["Name: value"]`; the spaces after the colon are the writer's (a field value never starts with one).
    static func headers(_ node: LocatedNode) throws(FileProblem) -> [NamedValue] {
        try node.sequence().map { (item) throws(FileProblem) in
            let (name, value) = try item.pair(separator: ":", form: "Name: value")
            let header = NamedValue(name, String(value.drop { $0 == " " }))
            if let problem = FieldSyntax.headerProblem(name: header.name, value: header.value) { throw item.problem(problem) }
            return header
        }
    }

    static func body(_ node: LocatedNode) throws(FileProblem) -> RequestSpec.Body {
        let entries = try node.mapping(allowed: bodyKinds + ["contentType"])
        let given = bodyKinds.filter { entries[$0] != nil }
        guard given.count == 1, let kind = given.first, let value = entries[kind] else {
            throw node.problem("give exactly one of text, json, form, multipart, base64 or graphql")
        }
        let contentType = try entries["contentType"]?.string()
        if let misplaced = entries["contentType"], !["text", "raw", "base64"].contains(kind) {
            throw misplaced.problem("only a text or base64 body has a contentType")
        }
        switch kind {
        case "text", "raw": return .text(try value.string(), contentType: contentType)
        // Text as written; a session of older builds wrote the JSON itself, as YAML.
        case "json":
            if let text = value.text { return .json(text) }
            return .json(try value.json().prettyText())
        case "graphql": return .graphql(try graphQL(value))
        case "form":
            return .form(try value.sequence().map { (item) throws(FileProblem) in
                if item.text != nil {
                    let (name, value) = try item.pair(separator: "=", form: "name=value")
                    return NamedValue(name, String(value))
                }
                let field = try item.mapping(allowed: ["name", "value"], required: ["name", "value"])
                return NamedValue(try field.required("name").string(), try field.required("value").string())
            })
        case "multipart":
            return .multipart(try value.sequence().map { (item) throws(FileProblem) in
                if item.text != nil {
                    let (name, value) = try item.pair(separator: "=", form: "name=value")
                    return value.first == "@" ? .file(name: name, path: String(value.dropFirst())) : .text(name: name, value: String(value))
                }
                let part = try item.mapping(allowed: ["name", "text", "file", "filename", "contentType"], required: ["name"])
                let content: MultipartPart.Content
                if let text = part["text"], part["file"] == nil {
                    content = .text(try text.string())
                } else if let file = part["file"], part["text"] == nil {
                    content = .file(try file.string())
                } else {
                    throw item.problem("a part has exactly one of text or file")
                }
                return MultipartPart(name: try part.required("name").string(), content: content,
                                     filename: try part["filename"]?.string(), contentType: try part["contentType"]?.string())
            })
        default:
            guard let data = Data(base64Encoded: try value.string()) else { throw value.problem("not valid base64") }
            return .binary(data, contentType: contentType)
        }
    }

    /// `{ query: "…", variables: { … }, operationName: "…" }` (SPEC §13); the variables as YAML
    /// or as JSON text, kept as JSON text (a template in them is filled at sending).
    static func graphQL(_ node: LocatedNode) throws(FileProblem) -> GraphQLBody {
        let fields = try node.mapping(allowed: ["query", "variables", "operationName"], required: ["query"])
        var variables: String?
        if let given = fields["variables"] {
            if let text = given.text {
                variables = text
            } else {
                let json = try given.json()
                guard case .object = json else { throw given.problem("variables must be a mapping (a JSON object)") }
                variables = json.prettyText()
            }
        }
        return GraphQLBody(query: try fields.required("query").string(), variables: variables, operationName: try fields["operationName"]?.string())
    }

    /// `[{ name: petId, in: path, required: true, description: "…", enum: [a, b] }]`.
    static func parameters(_ node: LocatedNode) throws(FileProblem) -> [RequestSpec.Parameter] {
        try node.sequence().map { (item) throws(FileProblem) in
            let fields = try item.mapping(allowed: ["name", "in", "required", "description", "enum"], required: ["name", "in"])
            let place = fields.required("in")
            guard let location = RequestSpec.Parameter.Location(rawValue: try place.string()) else {
                throw place.problem("a parameter is in path or query")
            }
            return RequestSpec.Parameter(
                name: try fields.required("name").string(), location: location,
                required: try fields["required"]?.bool() ?? false, description: try fields["description"]?.string(),
                values: try fields["enum"]?.sequence().map { (value) throws(FileProblem) in try value.string() } ?? [])
        }
    }

    /// `{ user: "ann" }`, in file order.
    static func vars(_ node: LocatedNode) throws(FileProblem) -> [NamedValue] {
        try node.entries().map { (name, value) throws(FileProblem) in NamedValue(try variable(name, at: value), try value.string()) }
    }

    /// A name `{{name}}` can use (`VariableName`).
    static func variable(_ name: String, at node: LocatedNode) throws(FileProblem) -> String {
        guard VariableName.isValid(name) else {
            throw node.problem("\(QuotedValue.quoted(name)) is not a variable name (\(VariableName.rule))")
        }
        return name
    }
}
