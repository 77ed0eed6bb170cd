import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// One odd part never sinks an import (issue 29): variables Postman allows under any name are
/// renamed with every reference to them, parts that cannot be written are left out with why, and
/// what is imported reads back.
@Suite struct ImportOddPartsTests {
    static func imported(_ text: String, as name: String = "c.json") throws -> ImportedAPI {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("odd-\(UInt64.random(in: 0...UInt64.max))-\(name)")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try APIImport.read(file)
    }

    @Test func variableNamesAreMadeValidOrUniqueAndReservedAsTyped() {
        #expect(VariableName.isValid("base_url") && VariableName.isValid("api-key") && VariableName.isValid("_1"))
        #expect(!VariableName.isValid("base url") && !VariableName.isValid("1st") && !VariableName.isValid("a.b") && !VariableName.isValid(""))
        #expect(VariableName.valid(from: "base url", avoiding: []) == "base_url")
        #expect(VariableName.valid(from: "base url", avoiding: ["base_url"]) == "base_url_2")
        #expect(VariableName.valid(from: "base url", avoiding: ["base_url", "base_url_2"]) == "base_url_3")
        #expect(VariableName.valid(from: "1st", avoiding: []) == "_1st")
        #expect(VariableName.valid(from: "api.key (v2)", avoiding: []) == "api_key_v2_")
        #expect(VariableName.valid(from: "???", avoiding: []) == "_")
        #expect(VariableName.valid(from: "", avoiding: []) == "var")
        #expect(VariableName.valid(from: "ключ", avoiding: []) == "_")
    }

    @Test func postmanVariablesWithOddNamesAreRenamedEverywhereTheyAreUsed() throws {
        let api = try Self.imported("""
        {"info": {"name": "Odd", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "variable": [{"key": "base url", "value": "https://example.com"}, {"key": "base_url", "value": "taken"},
                      {"key": "api.key", "value": "k"}, {"key": "ok", "value": "1"}],
         "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{ api.key }}"}]},
         "item": [{"name": "folder", "variable": [{"key": "user id", "value": "7"}], "item": [
           {"name": "get", "request": {"method": "POST",
             "header": [{"key": "X-Key", "value": "{{api.key}}"}],
             "body": {"mode": "raw", "raw": "{\\"id\\": \\"{{user id}}\\", \\"tpl\\": \\"{{#each items}}\\", \\"ok\\": \\"{{ok}}\\"}"},
             "url": {"raw": "{{base url}}/users/{{user id}}", "host": ["{{base url}}"], "path": ["users", "{{user id}}"]}}}]}]}
        """)
        #expect(api.profile.vars == [NamedValue("base_url_2", "https://example.com"), NamedValue("base_url", "taken"),
                                     NamedValue("api_key", "k"), NamedValue("ok", "1")])
        let request = try #require(api.requests.first)
        #expect(request.url == "{{base_url_2}}/users/{{user_id}}")
        #expect(request.vars == [NamedValue("user_id", "7")])
        #expect(request.headers.contains(NamedValue("X-Key", "{{api_key}}")))
        // Mustache that names no variable of the collection is the body's own text.
        #expect(request.body == .text("{\"id\": \"{{user_id}}\", \"tpl\": \"{{#each items}}\", \"ok\": \"{{ok}}\"}", contentType: nil))
        #expect(api.profile.auth == .bearer("{{api_key}}"))
        #expect(api.changed.map(\.item) == ["variable \"base url\"", "variable \"api.key\"", "variable \"user id\""])
        #expect(api.changed.first?.reason == "imported as {{base_url_2}} (a variable name is a letter or _, then letters, digits, _ or -)")
        #expect(api.skipped.isEmpty)
        try Self.expectReadsBack(api)
    }

    @Test func aHeaderThatCannotBeSentIsLeftOutAndTheRestOfTheRequestKept() throws {
        let api = try Self.imported("""
        {"info": {"name": "H"}, "item": [{"name": "r", "request": {"method": "GET", "url": "https://example.com/x",
          "header": [{"key": "Bad Header", "value": "v"}, {"key": "X-Ok", "value": "fine"}, {"key": "X-Split", "value": "a\\r\\nInjected: 1"}]}}]}
        """)
        let request = try #require(api.requests.first)
        #expect(request.headers == [NamedValue("X-Ok", "fine")])
        #expect(api.skipped.map(\.item) == ["r header \"Bad Header\"", "r header \"X-Split\""])
        #expect(api.skipped.first?.reason.contains("invalid header name") == true)
        try Self.expectReadsBack(api)
    }

    @Test func anInsomniaEnvironmentVariableWithAnOddNameIsLeftOutWithWhy() throws {
        let api = try Self.imported("""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "name": "W"},
          {"_id": "env_1", "_type": "environment", "parentId": "wrk_1", "name": "Base", "data": {"host": "https://example.com", "my key": "x"}},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "r", "method": "GET", "url": "{{ _.host }}/x"}]}
        """, as: "i.json")
        #expect(!api.profile.vars.contains { $0.name == "my key" })
        #expect(api.profile.vars.contains { $0.name == "host" })
        #expect(api.skipped.contains { $0.item == "profile variable \"my key\"" })
        try Self.expectReadsBack(api)
    }

    /// The profile and saved requests an import writes, read back as the store reads them.
    static func expectReadsBack(_ api: ImportedAPI) throws {
        let plan = try ImportPlan.make(api, name: "odd", mode: .refuseExisting) { _ in nil }
        for write in plan.writes {
            let profile = try ProfileReader.read(ProfileWriter.yaml(write.profile, maskingSecrets: false), name: write.profile.name, file: "odd.yaml")
            #expect(profile.vars == write.profile.vars)
            let requests = try SavedRequestsFile.read(SavedRequestsFile.yaml(write.requests), file: "odd.requests.yaml")
            #expect(requests.requests == write.requests.requests)
        }
    }
}
