import ClientCore
import Foundation
import RequestModel
import CurlSyntax

/// The body `send` was asked for, kept as a recipe: the client gets a `RequestBody` from it and
/// `--as-curl` the matching curl options (a file stays `@path` there instead of being inlined).
enum SendBody: Sendable {
    case none
    /// Sent exactly as given; `file` is the path the bytes were read from.
    case bytes(Data, file: String?, contentType: String?)
    /// `application/x-www-form-urlencoded`, in order, repeated names kept.
    case form([(name: String, value: String)])
    /// `multipart/form-data`, in curl's model of parts, which `--multipart` and curl's `-F` share.
    case multipart([CurlFormPart])

    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// From `--data`, `--json`, `--form` and `--multipart`, of which one kind at most is given.
    init(data: String?, json: String?, form: [String], multipart: [String]) throws(CLIError) {
        let given = [("--data", data != nil), ("--json", json != nil), ("--form", !form.isEmpty), ("--multipart", !multipart.isEmpty)]
            .filter(\.1).map(\.0)
        guard given.count <= 1 else {
            throw .usage("\(given.joined(separator: " and ")) can't be combined: a request has one body, so give one of them")
        }
        if let data {
            self = .bytes(try SendArguments.body(data), file: data.hasPrefix("@") ? String(data.dropFirst()) : nil, contentType: nil)
        } else if let json {
            self = try Self.json(json)
        } else if !form.isEmpty {
            var fields: [(name: String, value: String)] = []
            for raw in form { fields.append(try Self.field(raw, flag: "--form")) }
            self = .form(fields)
        } else if !multipart.isEmpty {
            var parts: [CurlFormPart] = []
            for raw in multipart { parts.append(try Self.part(raw)) }
            self = .multipart(parts)
        } else {
            self = .none
        }
    }

    /// `--json TEXT|@FILE`: checked to be JSON, then sent byte for byte (never re-encoded).
    private static func json(_ raw: String) throws(CLIError) -> SendBody {
        let file = raw.hasPrefix("@") ? try SendArguments.filePath(raw, flag: "--json") : nil
        let bytes = if let file { try InputFile.read(file, flag: "--json @\(file)") } else { Data(raw.utf8) }
        do throws(JSONProblem) {
            _ = try JSONNode.parsing(bytes)
        } catch {
            throw .usage(file.map { "--json @\($0): \($0) is not valid JSON: \(error)" } ?? "--json: not valid JSON: \(error)")
        }
        return .bytes(bytes, file: file, contentType: "application/json")
    }

    /// `name=value`; the value may be empty, the name may not.
    private static func field(_ raw: String, flag: String) throws(CLIError) -> (name: String, value: String) {
        guard let equals = raw.firstIndex(of: "="), equals != raw.startIndex else {
            throw .usage("\(flag) \(raw.debugDescription): expected name=value")
        }
        return (String(raw[..<equals]), String(raw[raw.index(after: equals)...]))
    }

    /// `--multipart name=value` (text) or `name=@FILE` (a file part, streamed from disk when sent).
    private static func part(_ raw: String) throws(CLIError) -> CurlFormPart {
        let (name, value) = try field(raw, flag: "--multipart")
        guard value.hasPrefix("@") else { return CurlFormPart(name: name, content: .text(value)) }
        let path = String(value.dropFirst())
        guard !path.isEmpty else { throw .usage("--multipart \(raw.debugDescription): a file name must follow '@'") }
        try InputFile.check(path, flag: "--multipart \(raw)")
        // The type ClientCore would guess, written down so --as-curl's `;type=` says what is sent.
        let type = MediaType.guess(forExtension: URL(fileURLWithPath: path).pathExtension)
        return CurlFormPart(name: name, content: .file(path), contentType: type)
    }

    /// The body for ClientCore; `flag` names the option multipart problems came from.
    func requestBody(flag: String) throws(CLIError) -> RequestBody {
        switch self {
        case .none: return .empty
        case .bytes(let data, _, let contentType): return .data(data, contentType: contentType)
        case .form(let fields): return .form(fields.map { QueryEntry($0.name, .string($0.value)) })
        case .multipart(let parts): return .multipart(try Self.multipartForm(parts, flag: flag))
        }
    }

    private static func multipartForm(_ parts: [CurlFormPart], flag: String) throws(CLIError) -> MultipartForm {
        var form = MultipartForm()
        for part in parts {
            guard part.headers.isEmpty else {
                throw .usage("\(flag) \(part.name): ;headers= is not supported (a part carries only its type and file name)")
            }
            switch part.content {
            case .text(let value) where part.filename == nil && part.contentType == nil:
                form.add(string: value, name: part.name)
            case .text(let value):
                form.add(data: Data(value.utf8), name: part.name, filename: part.filename, contentType: part.contentType)
            case .file(let path):
                guard path != "-" else { throw .usage("\(flag) \(part.name)=@-: a file part can't come from stdin") }
                try InputFile.check(path, flag: "\(flag) \(part.name)=@\(path)")
                form.add(fileURL: URL(fileURLWithPath: path), name: part.name, filename: part.filename, contentType: part.contentType)
            case .fileContents(let path):
                let data = path == "-" ? InputFile.readStandardInput() : try InputFile.read(path, flag: "\(flag) \(part.name)=<\(path)")
                form.add(data: data, name: part.name, filename: part.filename, contentType: part.contentType)
            }
        }
        return form
    }

    /// The same body in curl's terms, for `--as-curl`.
    var curlBody: CurlExporter.Body {
        switch self {
        case .none: return .none
        case .bytes(let data, let file, _): return file.map { .file($0) } ?? .bytes(data)
        case .form(let fields): return .urlencodedForm(fields)
        case .multipart(let parts): return .multipart(parts)
        }
    }
}
