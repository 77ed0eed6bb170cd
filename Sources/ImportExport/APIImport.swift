import Foundation
import LocatedYAML

/// `explorer import FILE` without the writing: reads the file, tells its format (or takes the
/// one forced), hands it to that format's importer and makes the request names unique.
public enum APIImport {
    /// Larger files are refused before they are read: a bounded import, never an out-of-memory kill.
    public static let maxBytes = 32 << 20

    public static func read(_ file: URL, format forced: ImportFormat? = nil) throws(FileProblem) -> ImportedAPI {
        let data = try contents(of: file)
        guard let format = forced ?? ImportFormat.detect(data, fileName: file.lastPathComponent) else {
            throw FileProblem(file: file.path, line: nil, key: nil, message:
                "not a format explorer imports (OpenAPI 3.x or Swagger 2.0, Postman v2.0/v2.1, Insomnia v4, .http, .hurl); --format forces one")
        }
        var api: ImportedAPI
        switch format {
        case .openapi: api = try OpenAPIImport.read(data, file: file)
        case .postman: api = try PostmanImport.read(data, file: file)
        case .insomnia: api = try InsomniaImport.read(data, file: file)
        case .http: api = try HTTPFileImport.read(data, file: file)
        case .hurl: api = try HurlImport.read(data, file: file)
        }
        ImportReadBack.keepingWhatReadsBack(&api)
        var names = UniqueNames()
        for index in api.requests.indices {
            api.requests[index].name = names.claim(api.requests[index].name ?? api.requests[index].summary)
        }
        return api
    }

    /// The file's bytes, or why they cannot be had (missing, a directory, past `maxBytes`).
    static func contents(of file: URL) throws(FileProblem) -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let attributes else { throw FileProblem(file: file.path, line: nil, key: nil, message: "no such file") }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw FileProblem(file: file.path, line: nil, key: nil, message: "a directory, not a file")
        }
        if let size = attributes[.size] as? Int, size > maxBytes {
            throw FileProblem(file: file.path, line: nil, key: nil, message: "\(size) bytes: larger than the \(maxBytes >> 20) MiB an import reads")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw FileProblem(file: file.path, line: nil, key: nil, message: "cannot be read: \(error.localizedDescription)")
        }
    }
}
