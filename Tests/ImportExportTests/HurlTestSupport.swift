import Foundation
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
