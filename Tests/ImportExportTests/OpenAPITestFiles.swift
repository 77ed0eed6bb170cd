import Foundation
@testable import ImportExport

/// Handwritten descriptions for the OpenAPI tests, written to a fresh directory (with the files
/// their `$ref`s name beside them) and imported from there.
enum OpenAPITestFiles {
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    /// Imports `main` (the first file named `api.yaml` or `api.json`) of `files`.
    static func imported(_ files: [String: String], main: String = "api.yaml") throws -> ImportedAPI {
        let directory = try directory(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try APIImport.read(directory.appendingPathComponent(main))
    }

    static func imported(_ text: String, named name: String = "api.yaml") throws -> ImportedAPI {
        try imported([name: text], main: name)
    }
}
