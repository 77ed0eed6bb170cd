import Foundation
import LocatedYAML
import Testing
@testable import ImportExport

@Suite struct ImportFormatTests {
    @Test(arguments: [
        ("openapi: 3.1.0\ninfo: {title: t, version: '1'}\n", "api.yaml", ImportFormat.openapi),
        ("{\n  \"openapi\": \"3.0.3\",\n  \"info\": {}\n}", "api.json", .openapi),
        ("swagger: \"2.0\"\n", "petstore.yaml", .openapi),
        ("{\"info\":{\"title\":\"t\"},\"openapi\":\"3.1.0\",\"paths\":{}}", "min.json", .openapi),
        ("{\"info\": {\"_postman_id\": \"x\", \"schema\": \"https://schema.getpostman.com/json/collection/v2.1.0/collection.json\"}}", "c.json", .postman),
        ("{\"_type\": \"export\", \"__export_format\": 4, \"resources\": []}", "insomnia.json", .insomnia),
        ("### list\nGET https://example.com/pets\n", "requests.txt", .http),
        ("GET https://example.com/pets\n", "api.rest", .http),
    ] as [(String, String, ImportFormat)])
    func theFormatIsToldByContent(text: String, fileName: String, format: ImportFormat) {
        #expect(ImportFormat.detect(Data(text.utf8), fileName: fileName) == format)
    }

    /// go-swagger sorts the top-level keys: `definitions` first, `swagger: "2.0"` last, past the
    /// first 64 KiB (as in LXD's rest-api.yaml fixture).
    @Test func aSwaggerVersionWrittenLastIsFound() {
        let definitions = String(repeating: "    Thing:\n        type: object\n", count: 4_000)
        let text = "definitions:\n" + definitions + "paths: {}\nswagger: \"2.0\"\n"
        #expect(text.utf8.count > 64 * 1024)
        #expect(ImportFormat.detect(Data(text.utf8), fileName: "rest-api.yaml") == .openapi)
        // Without the version line it is no format.
        #expect(ImportFormat.detect(Data(("definitions:\n" + definitions).utf8), fileName: "rest-api.yaml") == nil)
    }

    /// Real descriptions put the version key after thousands of lines of `components`, with
    /// thousands of lines of `paths` after it: neither in the first nor in the last bytes.
    @Test func theVersionKeyIsFoundInTheMiddleOfALargeDescription() {
        let schemas = String(repeating: "    Thing:\n      type: object\n      properties:\n        openapi: {type: string}\n", count: 3_000)
        let paths = String(repeating: "  /things/{id}:\n    get:\n      responses: {'200': {description: ok}}\n", count: 3_000)
        let yaml = "components:\n  schemas:\n" + schemas + "openapi: 3.0.3 # the version\ninfo: {title: t, version: '1'}\npaths:\n" + paths
        #expect(ImportFormat.detect(Data(yaml.utf8), fileName: "api.yaml") == .openapi)
        #expect(TopLevelKeys(Data(yaml.utf8))["openapi"] == "3.0.3")

        let members = (0..<3_000).map { "\"T\($0)\": {\"type\": \"object\", \"description\": \"a } and a \\\" and a {\"}" }.joined(separator: ",")
        let json = "{\"components\": {\"schemas\": {\(members)}}, \"swagger\" : \"2.0\", \"paths\": {\(members)}}"
        #expect(json.utf8.count > 256 * 1024)
        #expect(ImportFormat.detect(Data(json.utf8), fileName: "api.json") == .openapi)
        #expect(TopLevelKeys(Data(json.utf8))["swagger"] == "2.0")
    }

    /// A key of that name deeper down (a property called `openapi`, a Postman body holding a
    /// description) is not the document's version key.
    @Test func aNestedVersionKeyIsNotTheDocuments() {
        #expect(ImportFormat.detect(Data("settings:\n  openapi: 3.0.0\n  swagger: '2.0'\n".utf8), fileName: "config.yaml") == nil)
        #expect(ImportFormat.detect(Data("{\"settings\": {\"openapi\": \"3.0.0\"}, \"list\": [{\"swagger\": \"2.0\"}]}".utf8), fileName: "c.json") == nil)
        let postman = "{\"item\": [{\"name\": \"spec\", \"request\": {\"body\": {\"mode\": \"raw\", \"raw\": \"{\\\"openapi\\\": \\\"3.0.0\\\"}\"}}}], \"info\": {\"name\": \"c\"}}"
        #expect(ImportFormat.detect(Data(postman.utf8), fileName: "c.json") == .postman)
    }

    @Test func collectionsAreToldByTheirKeysInAnyOrder() {
        let items = (0..<2_000).map { "{\"name\": \"r\($0)\", \"request\": {\"method\": \"GET\", \"url\": \"https://example.com/\($0)\"}}" }.joined(separator: ",")
        #expect(ImportFormat.detect(Data("{\"item\": [\(items)], \"info\": {\"name\": \"c\"}}".utf8), fileName: "c.json") == .postman)
        let resources = (0..<2_000).map { "{\"_id\": \"req_\($0)\", \"_type\": \"request\"}" }.joined(separator: ",")
        #expect(ImportFormat.detect(Data("{\"resources\": [\(resources)], \"_type\": \"export\", \"__export_format\": 4}".utf8), fileName: "i.json") == .insomnia)
        #expect(ImportFormat.detect(Data("_type: export\n__export_format: 4\nresources: []\n".utf8), fileName: "i.yaml") == .insomnia)
    }

    @Test func somethingElseIsNoFormat() {
        #expect(ImportFormat.detect(Data("{\"name\": \"a package.json\"}".utf8), fileName: "package.json") == nil)
        #expect(ImportFormat.detect(Data("just some notes\n".utf8), fileName: "notes.txt") == nil)
    }

    @Test func repeatedNamesBecomeUniqueInOrder() {
        var names = UniqueNames(taken: ["b"])
        #expect(["a", "a", "b", "a (2)", "a"].map { names.claim($0) } == ["a", "a (2)", "b (2)", "a (2) (2)", "a (3)"])
    }

    @Test func aFileLargerThanAnImportReadsIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UInt64.random(in: 0...UInt64.max)).json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{\"openapi\": \"3.1.0\"".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        // Sparse: 50 MiB on paper, nothing on disk.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        #expect { try APIImport.read(url) } throws: { error in
            let problem = error as? FileProblem
            return problem?.file == url.path && problem?.message == "52428800 bytes: larger than the 32 MiB an import reads"
        }
    }

    @Test func aMissingFileOrADirectoryIsRefusedByName() {
        #expect { try APIImport.read(URL(fileURLWithPath: "/nonexistent/api.yaml")) } throws: { error in
            let problem = error as? FileProblem
            return problem?.file == "/nonexistent/api.yaml" && problem?.message == "no such file"
        }
        #expect { try APIImport.read(FileManager.default.temporaryDirectory) } throws: { error in
            (error as? FileProblem)?.message.contains("a directory") == true
        }
    }
}
