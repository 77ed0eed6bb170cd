import Foundation
import LocatedYAML
import RequestModel
import Testing
@testable import ImportExport

/// VS Code REST Client's environments in `.vscode/settings.json`, beside the JetBrains ones.
@Suite struct HTTPFileEnvironmentTests {
    @Test func restClientSettingsAddTheirEnvironmentsWithTheSharedOnesMerged() throws {
        let folder = try HTTPFileFolder([
            "api.http": "GET {{host}}/pets\n",
            ".vscode/settings.json": """
                {
                  "editor.tabSize": 2,
                  "rest-client.environmentVariables": {
                    "$shared": {"version": "v2"},
                    "local": {"host": "http://localhost:3000", "version": "v1"},
                    "production": {"host": "https://api.example.com"}
                  }
                }
                """,
            "http-client.env.json": #"{"local": {"user": "me"}}"#,
        ])
        defer { folder.remove() }
        let api = try folder.read()
        #expect(api.environments == [
            ImportedAPI.Environment(name: "local", vars: [NamedValue("version", "v1"), NamedValue("user", "me"), NamedValue("host", "http://localhost:3000")]),
            ImportedAPI.Environment(name: "production", vars: [NamedValue("version", "v2"), NamedValue("host", "https://api.example.com")]),
        ])
        #expect(api.skipped.isEmpty)
    }

    @Test func settingsWithCommentsAreListedAsSkippedNotARefusal() throws {
        let folder = try HTTPFileFolder([
            "api.http": "GET https://example.com/pets\n",
            ".vscode/settings.json": "{\n  // the team's environments\n  \"rest-client.environmentVariables\": {}\n}\n",
        ])
        defer { folder.remove() }
        let api = try folder.read()
        #expect(api.requests.count == 1)
        #expect(api.environments.isEmpty)
        #expect(api.skipped.map(\.item) == [".vscode/settings.json"])
    }

    @Test func aHandlerBeforeTheRequestLineIsNamedAsOne() throws {
        let api = try importHTTP("### a\n> ./after.js\nGET https://example.com\n")
        #expect(api.skipped == [ImportedAPI.Skipped("a", "response handler before the request line at line 2: explorer runs no scripts")])
    }

    /// Every fixture cut at each line's end and in the middle of each line imports or is refused
    /// with a FileProblem at a line: nothing crashes on a truncated file.
    @Test(arguments: HTTPFileFixtureTests.all)
    func everyTruncationOfAFixtureImportsOrIsRefusedWithALine(file: URL) throws {
        let data = try Data(contentsOf: file)
        let elsewhere = URL(fileURLWithPath: "/nonexistent-folder/\(file.lastPathComponent)")
        var refused = 0
        let ends = data.indices.filter { data[$0] == 0x0A }
        let cuts = [0, data.count] + ends + zip([0] + ends, ends).map { ($0 + $1) / 2 }
        for length in cuts {
            do {
                _ = try HTTPFileImport.read(data.prefix(length), file: elsewhere)
            } catch {
                refused += 1
                #expect(error.line != nil || error.message == "not UTF-8 text", "\(length): \(error)")
            }
        }
        // The empty prefix at least has no request.
        #expect(refused >= 1)
    }
}
