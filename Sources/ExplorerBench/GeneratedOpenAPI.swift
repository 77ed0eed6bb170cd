import Foundation

/// A large OpenAPI 3.0 description made the same on every run, for `explorer-bench import
/// --generated N`: each operation with path, query and header parameters, a request body and
/// responses referring to its own component schema of 28 described properties (200 operations
/// make 2.1 MB). As in many real descriptions, `components` comes first: the `openapi:` key follows
/// thousands of lines of schemas.
enum GeneratedOpenAPI {
    static func text(operations: Int) -> String {
        let words = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."
        var text = "components:\n  securitySchemes:\n    bearerAuth: {type: http, scheme: bearer}\n  schemas:\n"
        for index in 0..<operations {
            text += "    Item\(index):\n      type: object\n      required: [p0, p1, p2, p3]\n      properties:\n"
            for property in 0..<28 {
                let type = ["string", "integer", "boolean", "number"][property % 4]
                text += "        p\(property): {type: \(type), description: '\(words) \(words)'}\n"
            }
        }
        text += """
            openapi: 3.0.3
            info: {title: Large, version: '1.0'}
            servers: [{url: 'https://api.example.com/v1'}]
            security: [{bearerAuth: []}]
            paths:

            """
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
        return text
    }
}
