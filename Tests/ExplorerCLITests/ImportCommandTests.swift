import Foundation
import Testing

/// `explorer import`, `requests list` and `export` through the binary, on the stored fixtures.
@Suite struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    @Test func aCollectionBecomesAProfileItsRequestsListAndExportBack() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let collection = "\(Self.fixtures)/postman/newman-sample-collection.json"

        let imported = try await home.run(["import", collection])
        #expect(imported.status == 0, "\(imported.stderrText)")
        #expect(imported.stdoutText.contains("postman, 3 requests"))
        #expect(imported.stdoutText.contains("wrote profile sample-postman-collection"))
        #expect(imported.stdoutText.contains("skipped 1:"))

        let listed = try await home.run(["requests", "list", "--profile", "sample-postman-collection", "--json"])
        #expect(listed.status == 0, "\(listed.stderrText)")
        #expect(listed.stdoutText.hasPrefix("[{\"name\":\"A simple GET request\",\"method\":\"GET\",\"url\":\"https://echo.getpostman.com/get?source=newman-sample-github-collection\",\"headers\":[],\"body\":null}"))
        #expect(listed.stdoutText.contains("\"body\":{\"kind\":\"json\",\"value\":{\"text\":\"Duis posuere augue vel cursus pharetra. In luctus a ex nec pretium...\"}}"))

        // A second import refuses, leaving every file as it was; --merge and --force say what they did.
        let before = home.everyFile().map(\.data)
        let refused = try await home.run(["import", collection])
        #expect(refused.status == 2)
        #expect(refused.stderrText.contains("sample-postman-collection already exists: --merge"))
        #expect(home.everyFile().map(\.data) == before)
        let merged = try await home.run(["import", collection, "--merge"])
        #expect(merged.status == 0 && merged.stdoutText.contains("(replacing what was there)"))

        let http = directory.path("out.http")
        let exported = try await home.run(["export", "http", "--profile", "sample-postman-collection", "-o", http])
        #expect(exported.status == 0, "\(exported.stderrText)")
        let text = try String(contentsOfFile: http, encoding: .utf8)
        #expect(text.contains("### A simple POST request with JSON body\nPOST https://echo.getpostman.com/post\n"))
        #expect(FileManager.default.fileExists(atPath: directory.path("http-client.env.json")))

        // The export imports again with the same requests.
        let again = try await home.run(["import", http, "--profile", "again"])
        #expect(again.status == 0, "\(again.stderrText)")
        let relisted = try await home.run(["requests", "list", "--profile", "again", "--json"])
        #expect(relisted.stdoutText == listed.stdoutText)
    }

    @Test func dryRunWritesNothingAndEnvironmentsBecomeProfiles() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        let outcome = try await home.run(["import", "\(Self.fixtures)/insomnia/rentx-insomnia.json", "--dry-run"])
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(outcome.stdoutText.contains("would write profile rentx:"))
        #expect(outcome.stdoutText.contains("would write profile rentx-dev:"))
        #expect(home.everyFile().isEmpty)
    }

    @Test func badInputIsAUsageErrorThatNamesTheFile() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = try ProfileHome(directory)
        try Data("{\"info\": {\"schema\": \"https://schema.getpostman.com/json/collection/v2.1.0/\"}, \"item\": [".utf8)
            .write(to: URL(fileURLWithPath: directory.path("cut.json")))
        let truncated = try await home.run(["import", directory.path("cut.json")])
        #expect(truncated.status == 2)
        #expect(truncated.stderrText.contains("\(directory.path("cut.json")):1:"))
        let unknown = try await home.run(["import", "\(Self.fixtures)/postman/SOURCE.md"])
        #expect(unknown.status == 2 && unknown.stderrText.contains("not a format explorer imports"))
        let format = try await home.run(["import", "x.json", "--format", "har"])
        #expect(format.status == 2 && format.stderrText.contains("--format \"har\""))
        let missing = try await home.run(["export", "postman", "--profile", "nope"])
        #expect(missing.status == 2 && missing.stderrText.contains("no profile named \"nope\""))
        #expect(home.everyFile().isEmpty)
    }
}
