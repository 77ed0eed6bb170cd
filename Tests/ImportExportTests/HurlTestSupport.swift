import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Hurl fixtures imported, and what a request file written from them reads back as.
enum HurlFixture {
    static func imported(_ name: String) throws -> ImportedAPI {
        try APIImport.read(Fixtures.url("hurl", name))
    }

    /// The requests written as a request file (SPEC §8) and read back: what a user's file holds.
    static func roundTripped(_ api: ImportedAPI) throws -> [RequestSpec] {
        let text = SavedRequestsFile.yaml(SavedRequests(api.requests))
        return try SavedRequestsFile.read(text, file: "imported.yaml").requests
    }

    /// `line N: TEXT: why` notes of one request.
    static func notes(_ api: ImportedAPI, _ request: String) -> [String] {
        api.skipped.filter { $0.item == request }.map(\.reason)
    }
}

/// Imports one `.hurl` text with nothing beside it.
func importHurl(_ text: String, name: String = "api.hurl") throws -> ImportedAPI {
    let folder = try HTTPFileFolder([name: text])
    defer { folder.remove() }
    return try folder.read(name)
}

/// The FileProblem importing `text` as `api.hurl` throws, with the folder's path cut to `api.hurl`; nil when it imports.
func hurlProblem(_ text: String) throws -> FileProblem? {
    let folder = try HTTPFileFolder(["api.hurl": text])
    defer { folder.remove() }
    do {
        _ = try folder.read("api.hurl")
        return nil
    } catch let problem as FileProblem {
        var cut = problem
        cut.file = URL(fileURLWithPath: problem.file).lastPathComponent
        return cut
    }
}
