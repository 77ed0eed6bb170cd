import Foundation
import LocatedYAML
@testable import ImportExport

/// Files written to a fresh temporary folder for one test: a `.http` file and what sits beside it.
struct HTTPFileFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("httpfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Imports `name` (default `api.http`) as `explorer import` does.
    func read(_ name: String = "api.http") throws -> ImportedAPI { try APIImport.read(file(name)) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Imports one `.http` text with nothing beside it.
func importHTTP(_ text: String) throws -> ImportedAPI {
    let folder = try HTTPFileFolder(["api.http": text])
    defer { folder.remove() }
    return try folder.read()
}

/// The FileProblem importing `text` throws, or nil.
func httpProblem(_ text: String, files: [String: String] = [:]) throws -> FileProblem? {
    let folder = try HTTPFileFolder(files.merging(["api.http": text]) { $1 })
    defer { folder.remove() }
    do {
        _ = try folder.read()
        return nil
    } catch let problem as FileProblem {
        return problem
    }
}
