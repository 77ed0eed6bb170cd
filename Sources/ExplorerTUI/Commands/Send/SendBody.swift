import Foundation
import RequestModel
import CurlSyntax

/// The body `send` was asked for, as a `RequestSpec` body — the one kind every request has — and
/// the file it was read from, which `--as-curl` names (`@path`) instead of inlining its bytes.
/// Text the user typed may hold `{{name}}`; a file's bytes are data and never filled.
struct SendBody: Sendable {
    var body: RequestSpec.Body = .none
    var file: String?

    var isEmpty: Bool { body == .none }

    /// From `--data`, `--json`, `--form`, `--multipart` and `--graphql` (with its `--variables` and
    /// `--operation`), of which one kind at most is given.
    init(data: String?, json: String?, form: [String], multipart: [String], graphQL: GraphQLArguments = GraphQLArguments()) throws(CLIError) {
        let given = [("--data", data != nil), ("--json", json != nil), ("--form", !form.isEmpty), ("--multipart", !multipart.isEmpty),
                     ("--graphql", graphQL.query != nil)]
            .filter(\.1).map(\.0)
        guard given.count <= 1 else {
            throw .usage("\(given.joined(separator: " and ")) can't be combined: a request has one body, so give one of them")
        }
        if graphQL.query == nil, let stray = graphQL.variables != nil ? "--variables" : graphQL.operation != nil ? "--operation" : nil {
            throw .usage("\(stray) goes with --graphql: give the query with --graphql QUERY|@FILE")
        }
        if let graphQL = try graphQL.body() {
            body = .graphql(graphQL)
        } else if let data {
            guard data.hasPrefix("@") else { body = .text(data, contentType: nil); return }
            let path = try SendArguments.filePath(data, flag: "--data")
            (body, file) = (.binary(try InputFile.read(path, flag: "--data \(data)"), contentType: nil), path)
        } else if let json {
            (body, file) = try Self.json(json)
        } else if !form.isEmpty {
            var fields: [NamedValue] = []
            for raw in form { fields.append(try Self.field(raw, flag: "--form")) }
            body = .form(fields)
        } else if !multipart.isEmpty {
            var parts: [MultipartPart] = []
            for raw in multipart { parts.append(try Self.part(raw)) }
            body = .multipart(parts)
        }
    }

    init(_ body: RequestSpec.Body) {
        self.body = body
    }

    /// `--graphql QUERY|@FILE [--variables JSON|@FILE] [--operation NAME]` (SPEC §13).
    struct GraphQLArguments: Sendable {
        var query: String?
        var variables: String?
        var operation: String?

        /// The body they ask for; nil without `--graphql`. The variables must be a JSON object.
        func body() throws(CLIError) -> GraphQLBody? {
            guard let query else { return nil }
            let document = try Self.text(query, flag: "--graphql")
            let variables = try variables.map { (raw) throws(CLIError) in try Self.text(raw, flag: "--variables") }
            let body = GraphQLBody(query: document, variables: variables, operationName: operation)
            do throws(JSONProblem) {
                _ = try body.json()
            } catch {
                throw .usage("--variables: \(error.line):\(error.column): \(error.message)")
            }
            return body
        }

        /// The text given, or a file's (`@FILE`), which must be UTF-8.
        private static func text(_ raw: String, flag: String) throws(CLIError) -> String {
            guard raw.hasPrefix("@") else { return raw }
            let path = try SendArguments.filePath(raw, flag: flag)
            guard let text = String(data: try InputFile.read(path, flag: "\(flag) \(raw)"), encoding: .utf8) else {
                throw .usage("\(flag) \(raw): \(path) is not UTF-8 text")
            }
            return text
        }
    }

    /// `--json TEXT|@FILE`: checked to be JSON, then sent byte for byte (never re-encoded).
    private static func json(_ raw: String) throws(CLIError) -> (RequestSpec.Body, file: String?) {
        let file = raw.hasPrefix("@") ? try SendArguments.filePath(raw, flag: "--json") : nil
        let bytes = if let file { try InputFile.read(file, flag: "--json @\(file)") } else { Data(raw.utf8) }
        do throws(JSONProblem) {
            _ = try JSONNode.parsing(bytes)
        } catch {
            throw .usage(file.map { "--json @\($0): \($0) is not valid JSON: \(error)" } ?? "--json: not valid JSON: \(error)")
        }
        return file == nil ? (.json(raw), nil) : (.binary(bytes, contentType: "application/json"), file)
    }

    /// `name=value`; the value may be empty, the name may not.
    private static func field(_ raw: String, flag: String) throws(CLIError) -> NamedValue {
        guard let equals = raw.firstIndex(of: "="), equals != raw.startIndex else {
            throw .usage("\(flag) \(raw.debugDescription): expected name=value")
        }
        return NamedValue(String(raw[..<equals]), String(raw[raw.index(after: equals)...]))
    }

    /// `--multipart name=value` (text) or `name=@FILE` (a file part, streamed from disk when sent).
    private static func part(_ raw: String) throws(CLIError) -> MultipartPart {
        let field = try field(raw, flag: "--multipart")
        guard field.value.hasPrefix("@") else { return .text(name: field.name, value: field.value) }
        let path = String(field.value.dropFirst())
        guard !path.isEmpty else { throw .usage("--multipart \(raw.debugDescription): a file name must follow '@'") }
        try InputFile.check(path, flag: "--multipart \(raw)")
        // The type ClientCore would guess, written down so --as-curl's `;type=` says what is sent.
        let type = MediaType.guess(forExtension: URL(fileURLWithPath: path).pathExtension)
        return MultipartPart(name: field.name, content: .file(path), contentType: type)
    }

    /// curl's `-F` parts as multipart parts; `flag` names where they came from.
    static func parts(_ parts: [CurlFormPart], flag: String) throws(CLIError) -> [MultipartPart] {
        var converted: [MultipartPart] = []
        for part in parts {
            guard part.headers.isEmpty else {
                throw .usage("\(flag) \(part.name): ;headers= is not supported (a part carries only its type and file name)")
            }
            let content: MultipartPart.Content
            switch part.content {
            case .text(let value): content = .text(value)
            case .file(let path):
                guard path != "-" else { throw .usage("\(flag) \(part.name)=@-: a file part can't come from stdin") }
                try InputFile.check(path, flag: "\(flag) \(part.name)=@\(path)")
                content = .file(path)
            case .fileContents(let path):
                let data = path == "-" ? InputFile.readStandardInput() : try InputFile.read(path, flag: "\(flag) \(part.name)=<\(path)")
                guard let text = String(data: data, encoding: .utf8) else {
                    throw .usage("\(flag) \(part.name)=<\(path): not UTF-8 text; send the file as a file part (\(part.name)=@\(path))")
                }
                content = .text(text)
            }
            converted.append(MultipartPart(name: part.name, content: content, filename: part.filename, contentType: part.contentType))
        }
        return converted
    }

    /// The same body in curl's terms, for `--as-curl`: a file by its path.
    var curlBody: CurlExporter.Body { file.map { .file($0) } ?? CurlExporter.Body(body) }
}
