import Foundation
import Testing
import TestSupport

/// `send --jsonpath` (SPEC §2, §7) against httpbin's `/json`, a document nobody here wrote:
/// `{"slideshow": {"author": "Yours Truly", …, "slides": [{"title": "Wake up to WonderWidgets!", …},
/// {"items": […], "title": "Overview", …}], "title": "Sample Slide Show"}}`.
@Suite struct SendJSONPathTests {
    func send(_ path: String, _ endpoint: String = "json") async throws -> ExplorerProcess.Outcome {
        let directory = try TestDirectory()
        defer { directory.remove() }
        return try await ExplorerProcess.run(["send", "--jsonpath", path, "\(try await Httpbin.baseURL())/\(endpoint)"], in: directory)
    }

    @Test func eachSelectedNodeIsCompactJSONOnALine() async throws {
        let titles = try await send("$.slideshow.slides[*].title")
        #expect(titles.status == 0, "\(titles.stderrText)")
        #expect(titles.stdoutText == "\"Wake up to WonderWidgets!\"\n\"Overview\"\n")

        let filtered = try await send("$..slides[?@.items && length(@.items) == 2].items[0]")
        #expect(filtered.stdoutText == "\"Why <em>WonderWidgets</em> are great\"\n", "\(filtered.stderrText)")

        let object = try await send("$.slideshow.slides[0]")
        #expect(object.stdoutText == "{\"title\":\"Wake up to WonderWidgets!\",\"type\":\"all\"}\n")
    }

    @Test func theShorthandOfOldProfilesStillWorks() async throws {
        let author = try await send("slideshow.author")
        #expect(author.status == 0)
        #expect(author.stdoutText == "\"Yours Truly\"\n")
        #expect(try await send("slideshow.slides.1.title").stdoutText == "\"Overview\"\n")
    }

    @Test func selectingNothingPrintsNothingAndSucceeds() async throws {
        let outcome = try await send("$.slideshow.nope[*]")
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func anInvalidPathIsUsageWithItsColumnBeforeAnythingIsSent() async throws {
        let outcome = try await send("$.slideshow[?@.a ==]")
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderrText.contains("--jsonpath"), "\(outcome.stderrText)")
        #expect(outcome.stderrText.contains("column 20"), "\(outcome.stderrText)")
        #expect(outcome.stderrText.contains("$.slideshow[?@.a ==]\n") && outcome.stderrText.contains(String(repeating: " ", count: 19) + "^"),
                "\(outcome.stderrText)")
        #expect(!outcome.stderrText.contains("HTTP/1.1"), "nothing was sent")
    }

    @Test func aBodyThatIsNotJSONFails() async throws {
        let outcome = try await send("$.a", "html")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderrText.contains("not JSON"), "\(outcome.stderrText)")
    }
}
