import Foundation
import LocatedYAML
import TestSupport
import Testing
@testable import ImportExport

/// A description that cannot be read is refused at FILE:LINE:COLUMN with what was expected; the
/// places below were counted by hand in each text.
@Suite struct OpenAPIBadInputTests {
    static func problem(_ text: String, named name: String = "api.yaml") -> FileProblem? {
        do {
            _ = try OpenAPITestFiles.imported(text, named: name)
            return nil
        } catch {
            return error as? FileProblem
        }
    }

    @Test func truncatedYAMLIsRefusedWhereItEnds() {
        // Line 2 is `info: {title: t, version: '1'` (29 characters): it ends at column 30.
        let problem = Self.problem("openapi: 3.0.0\ninfo: {title: t, version: '1'\n")
        #expect(problem?.line == 2)
        #expect(problem?.column == 30)
        #expect(problem?.message.contains("not valid YAML") == true)
        #expect(problem?.message.contains("ends before it is complete") == true)
    }

    @Test func truncatedJSONIsRefusedWhereItEnds() {
        // Line 3 is `  "info": {"title": "t"` (23 characters): the input ends at column 24.
        let problem = Self.problem("{\n  \"openapi\": \"3.0.0\",\n  \"info\": {\"title\": \"t\"", named: "api.json")
        #expect(problem?.line == 3)
        #expect(problem?.column == 24)
        #expect(problem?.message.contains("not valid JSON") == true)
        #expect(problem?.message.contains("expected ',' or '}'") == true)
    }

    @Test func aMissingKeyIsReportedAtTheMappingThatLacksIt() {
        // `info:`'s mapping starts at line 3, column 3 (`version`).
        let problem = Self.problem("openapi: 3.0.0\ninfo:\n  version: '1'\npaths: {}\n")
        #expect(problem?.line == 3)
        #expect(problem?.column == 3)
        #expect(problem?.key == "info")
        #expect(problem?.message.contains("Expected to find `title`") == true)
    }

    @Test func aWrongValueIsReportedAtItsNodeInYAMLAndInJSON() {
        // The parameter's mapping starts at line 7, column 11 (`name: x` after `        - `).
        let yaml = Self.problem("""
            openapi: 3.0.0
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  parameters:
                    - name: x
                      in: body
                  responses: {'200': {description: ok}}
            """)
        #expect(yaml?.line == 7)
        #expect(yaml?.column == 11)
        #expect(yaml?.key == "paths./a.get.parameters[0]")
        #expect(yaml?.message.contains("not a valid OpenAPI document") == true)

        // `5` is at line 5, column 34 of `    "/a": {"get": {"parameters": 5, "responses": {}}}`.
        let json = Self.problem("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"t\", \"version\": \"1\"},\n  \"paths\": {\n    \"/a\": {\"get\": {\"parameters\": 5, \"responses\": {}}}\n  }\n}\n",
                                named: "api.json")
        #expect(json?.line == 5)
        #expect(json?.column == 34)
        #expect(json?.key == "paths./a.get.parameters")
        #expect(json?.message.contains("not a valid OpenAPI document") == true)
    }

    @Test func aSwagger2ProblemIsReportedInTheSwaggerFile() {
        // The bad parameter's mapping starts at line 7, column 11 of the 2.0 file.
        let problem = Self.problem("""
            swagger: '2.0'
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  parameters:
                    - name: x
                      in: query
                      type: 7
                  responses: {'200': {description: ok}}
            """)
        #expect(problem?.line == 7)
        #expect(problem?.column == 11)
    }

    @Test func anUnknownVersionIsRefusedAtIt() {
        let problem = Self.problem("openapi: 4.0.0\ninfo: {title: t, version: '1'}\n")
        #expect(problem?.line == 1)
        #expect(problem?.column == 10)
        #expect(problem?.message.contains("3.0.x, 3.1.x") == true)
    }

    @Test func aliasesThatRepeatTooMuchAreRefusedFast() throws {
        // 10^8 values from nine lines.
        var lines = ["openapi: 3.0.0", "a: &a [1,2,3,4,5,6,7,8,9,10]"]
        for (name, previous) in zip("bcdefgh", "abcdefg") {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]")
        }
        let start = ContinuousClock.now
        let problem = Self.problem(lines.joined(separator: "\n") + "\n")
        #expect(problem?.message.contains("values") == true)
        // Not a speed figure: a hang guard (10^8 values would take minutes and gigabytes).
        #expect(ContinuousClock.now - start < TestTime.scaled(.seconds(5)))
    }
}
