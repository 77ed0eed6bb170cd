import Foundation
import RequestModel
import Testing
@testable import ImportExport

/// Issue 16: importing a 200-operation, 2 MB description takes at most 1 s (a release build;
/// a debug build is given ten times as long). The description is made here, the same on every
/// run: each operation with path, query and header parameters, a request body and responses
/// referring to its own component schema of 28 described properties.
@Suite struct OpenAPIImportTimingTests {
    static func largeDescription(operations: Int) -> String {
        var text = """
            openapi: 3.0.3
            info: {title: Large, version: '1.0'}
            servers: [{url: 'https://api.example.com/v1'}]
            security: [{bearerAuth: []}]
            paths:

            """
        let words = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."
        for index in 0..<operations {
            text += """
                  /resources\(index)/{id}/items:
                    post:
                      operationId: createItem\(index)
                      tags: [group\(index % 10)]
                      summary: Create an item of resource \(index)
                      description: \(words) \(words) \(words)
                      parameters:
                        - {name: id, in: path, required: true, description: '\(words)', schema: {type: string, format: uuid}}
                        - {name: limit, in: query, description: '\(words)', schema: {type: integer, minimum: 1, maximum: 100}}
                        - {name: sort, in: query, description: '\(words)', schema: {type: string, enum: [asc, desc]}}
                        - {name: X-Request-Id, in: header, required: true, description: '\(words)', schema: {type: string}}
                      requestBody:
                        required: true
                        content:
                          application/json:
                            schema: {$ref: '#/components/schemas/Item\(index)'}
                      responses:
                        '200':
                          description: \(words)
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Item\(index)'}
                        '400': {description: '\(words)'}
                        '404': {description: '\(words)'}

                """
        }
        text += "components:\n  securitySchemes:\n    bearerAuth: {type: http, scheme: bearer}\n  schemas:\n"
        for index in 0..<operations {
            text += "    Item\(index):\n      type: object\n      required: [p0, p1, p2, p3]\n      properties:\n"
            for property in 0..<28 {
                let type = ["string", "integer", "boolean", "number"][property % 4]
                text += "        p\(property): {type: \(type), description: '\(words) \(words)'}\n"
            }
        }
        return text
    }

    @Test func aTwoMegabyteDescriptionOfTwoHundredOperationsImportsInASecond() throws {
        let text = Self.largeDescription(operations: 200)
        #expect(text.utf8.count > 2_000_000)
        let directory = try OpenAPITestFiles.directory(["large.yaml": text])
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = ContinuousClock.now
        let api = try APIImport.read(directory.appendingPathComponent("large.yaml"))
        let elapsed = ContinuousClock.now - start
        print("OpenAPI import of \(text.utf8.count) bytes, \(api.requests.count) operations: \(elapsed)")
        #expect(api.requests.count == 200)
        #expect(api.requests[199].url == "resources199/{id}/items{?limit,sort}")
        #expect(api.requests[199].body == .json("{\"p0\": \"string\", \"p1\": 0, \"p2\": true, \"p3\": 0}"))
        #if DEBUG
        let bound = 10.0
        #else
        let bound = 1.0
        #endif
        #expect(elapsed < .seconds(bound * OpenAPITestFiles.slowdown))
    }
}
