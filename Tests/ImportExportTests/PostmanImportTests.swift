import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// The real collections of Tests/Fixtures/postman (SOURCE.md); the facts asserted were read from
/// the files themselves.
@Suite struct PostmanImportTests {
    static func imported(_ name: String) throws -> ImportedAPI {
        try APIImport.read(Fixtures.url("postman", name))
    }

    @Test func nestedFoldersOfAVersion2Collection() throws {
        let api = try Self.imported("nested-v2-collection.json")
        #expect(api.format == .postman)
        #expect(api.title == "multi-level-folders-v2")
        #expect(api.requests.map { $0.name ?? "" } == ["F1/F1.R1", "F1/F1.R2", "F1/F1.R3", "F2/F2.F3/F2.F3.R1", "F2/F2.R1", "R1"])
        #expect(api.requests.map(\.group) == ["F1", "F1", "F1", "F2/F2.F3", "F2", nil])
        #expect(api.requests.allSatisfy { $0.method == "GET" && $0.url == "https://postman-echo.com/get" && $0.body == .none })
        #expect(api.requests.allSatisfy { $0.description == nil && $0.headers.isEmpty })
        #expect(api.profile.baseURL == nil && api.profile.auth == nil && api.profile.vars.isEmpty)
        // Nine scripts: one test each, and a pre-request script too on F2.F3.R1 and R1.
        #expect(api.skipped.map(\.item) == [
            "F1/F1.R1 script \"test\"", "F1/F1.R2 script \"test\"", "F1/F1.R3 script \"test\"",
            "F2/F2.F3/F2.F3.R1 script \"prerequest\"", "F2/F2.F3/F2.F3.R1 script \"test\"", "F2/F2.R1 script \"test\"",
            "R1 script \"prerequest\"", "R1 script \"test\"",
        ])
    }

    @Test func rawBodiesTakeTheirContentType() throws {
        let api = try Self.imported("newman-sample-collection.json")
        #expect(api.title == "Sample Postman Collection")
        #expect(api.requests.map(\.method) == ["GET", "POST", "POST"])
        #expect(api.requests[0].url == "https://echo.getpostman.com/get?source=newman-sample-github-collection")
        #expect(api.requests[1].headers == [NamedValue("Content-Type", "text/plain")])
        #expect(api.requests[1].body == .text("Duis posuere augue vel cursus pharetra. In luctus a ex nec pretium...", contentType: "text/plain"))
        // A JSON Content-Type makes a raw body JSON, as the .http and Insomnia importers read it.
        #expect(api.requests[2].body == .json(#"{"text":"Duis posuere augue vel cursus pharetra. In luctus a ex nec pretium..."}"#))
        #expect(api.skipped.map(\.item) == ["A simple GET request script \"test\""])
    }

    @Test func aVersion21CollectionWithAuthFormsAndQueries() throws {
        let api = try Self.imported("wise-balance-groups.postman_collection.json")
        #expect(api.title == "Balance Groups API")
        #expect(api.requests.count == 11)
        #expect(api.requests.map(\.method) == ["POST", "POST", "POST", "GET", "GET", "POST", "GET", "POST", "POST", "GET", "GET"])
        #expect(api.requests[0].name == "Authentication/1. Generate tokens from authorization code")
        #expect(api.requests[0].group == "Authentication")
        #expect(api.requests[0].description == "Request access token | authorization code grant type")
        #expect(api.requests[0].body == .form([
            NamedValue("grant_type", "authorization_code"), NamedValue("client_id", "{{client_id}}"),
            NamedValue("redirect_uri", "{{client_redirect_uri}}"), NamedValue("code", "{{client_auth_code}}"),
        ]))
        #expect(api.requests[0].url == "{{host}}/oauth/token")
        // Basic auth on a request cannot be a plain header (it must be encoded when sent): listed, not imported.
        #expect(api.requests[0].headers.isEmpty)
        #expect(api.skipped.contains(.init("Authentication/1. Generate tokens from authorization code auth \"basic\"",
                                           "basic auth on a folder or request is not imported: set it on the profile (auth: basic)")))
        let details = try #require(api.requests.first { $0.name == "Get balance group details" })
        #expect(details.url == "{{host}}/v1/profile-access-groups/{{group_id}}?profileId={{profile_id}}")
        #expect(details.headers == [NamedValue("Authorization", "Bearer {{token}}")])
        #expect(details.group == nil)
        let currencies = try #require(api.requests.first { $0.name == "Get balance currencies for a group" })
        #expect(currencies.url == "{{host}}/v3/profiles/{{profile_id}}/balances?types=STANDARD&groupId={{group_id}}")
        let add = try #require(api.requests.first { $0.name == "Add balance currency to balance group" })
        #expect(add.headers == [NamedValue("Authorization", "Bearer {{token}}"), NamedValue("x-idempotence-uuid", "{{$guid}}")])
        #expect(add.body == .json("{\n    \"currency\": \"EUR\",\n    \"type\": \"STANDARD\",\n    \"name\": \"Travel\",\n    \"groupId\": {{group_id}},\n    \"primary\": false\n}"))
        #expect(api.profile.auth == nil && api.profile.vars.isEmpty)
        #expect(api.skipped.filter { $0.item.hasSuffix("script \"test\"") }.map(\.item) == [
            "Authentication/1. Generate tokens from authorization code script \"test\"",
            "Authentication/2. Refresh existing access token script \"test\"",
            "Create balance group script \"test\"",
        ])
    }

    @Test func aTruncatedCollectionIsRefusedWithLineAndColumn() throws {
        let text = try String(contentsOf: Fixtures.url("postman", "newman-sample-collection.json"), encoding: .utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-truncated-\(UUID().uuidString).json")
        try String(text.prefix(600)).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect { try APIImport.read(file) } throws: { error in
            let problem = error as? FileProblem
            return problem?.file == file.path && problem?.line != nil && problem?.column != nil
        }
        #expect { try APIImport.read(file, format: .insomnia) } throws: { error in (error as? FileProblem)?.line != nil }
    }
}
