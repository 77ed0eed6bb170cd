import Foundation
import ProfileFormat
import RequestModel
import Testing
import TestSupport
@testable import ImportExport

/// Every Postman export is valid against the published v2.1.0 collection schema
/// (Tests/Fixtures/postman/postman-collection-v2.1.0.schema.json, SOURCE.md), checked by
/// python's `jsonschema` with the draft the schema declares. scripts/test installs it; without
/// it the test fails, saying so.
@Suite struct PostmanSchemaTests {
    static let schema = Fixtures.url("postman", "postman-collection-v2.1.0.schema.json")

    static let validator = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("python3 has no jsonschema module: scripts/test installs it (python3 -m pip install jsonschema)")
        sys.exit(3)
    schema = json.load(open(sys.argv[1]))
    document = json.load(open(sys.argv[2]))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors[:10]:
        print("/".join(str(p) for p in error.absolute_path) + ": " + error.message[:300])
    sys.exit(1 if errors else 0)
    """

    /// The validator's exit status and what it printed.
    static func validate(_ text: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-postman-export-\(UUID().uuidString).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try PythonScript.run(["-c", validator, schema.path, file.path])
        return (outcome.status, outcome.output + outcome.errors)
    }

    @Test(arguments: PostmanRoundTripTests.fixtures)
    func theExportOfEachFixtureIsValid(fixture: URL) throws {
        let api = try APIImport.read(fixture)
        let text = try #require(APIExport.files(.postman, profile: api.profile, requests: api.requests).first?.text)
        let result = try Self.validate(text)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func anExportWithEveryBodyAuthAndTemplateIsValid() throws {
        var profile = Profile(name: "pets")
        profile.baseURL = "https://petstore.example.com/v1/"
        profile.auth = .basic(username: "ann", password: "${env:PASSWORD}")
        profile.headers = [NamedValue("Cookie", "sid=1")]
        profile.vars = [NamedValue("region", "eu")]
        let requests = [
            RequestSpec(name: "list", url: "pets{?limit}", group: "pets/read", parameters: [.init(name: "limit", location: .query)]),
            RequestSpec(name: "show", url: "pets/{petId}", parameters: [.init(name: "petId", location: .path, required: true)]),
            RequestSpec(name: "form", method: "POST", url: "f", body: .form([NamedValue("a", "1")])),
            RequestSpec(name: "upload", method: "POST", url: "u", body: .multipart([.text(name: "t", value: "v"), .file(name: "f", path: "a.png")])),
            RequestSpec(name: "text", method: "PUT", url: "t", body: .text("x", contentType: "text/csv")),
            RequestSpec(name: "json", method: "PATCH", url: "j", body: .json("{}"), description: "a JSON body"),
            RequestSpec(name: "bytes", method: "POST", url: "b", body: .binary(Data([0xff]), contentType: nil)),
        ]
        let text = try #require(PostmanExport.files(profile: profile, requests: requests).first?.text)
        let result = try Self.validate(text)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theValidatorRefusesWhatTheSchemaRefuses() throws {
        // Without `item`, and with a header lacking its value: the check is not one that passes anything.
        let result = try Self.validate(#"{"info": {"name": "x", "schema": "s"}, "variable": [{"value": 1}]}"#)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("'item' is a required property"))
    }
}
