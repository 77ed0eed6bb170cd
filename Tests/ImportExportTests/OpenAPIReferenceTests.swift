import Foundation
import RequestModel
import Testing
@testable import ImportExport

/// `$ref`s: local, in files beside the description, cyclic, unresolvable, remote.
@Suite struct OpenAPIReferenceTests {
    @Test func cyclicSchemasEndAtTheDepthLimitAndCyclicParametersSkipTheirOperation() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.1.0
            info: {title: cycles, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /nodes:
                post:
                  operationId: addNode
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Node'}
                  responses: {'200': {description: ok}}
              /loop:
                post:
                  operationId: loop
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/A'}
                  responses: {'200': {description: ok}}
              /params:
                get:
                  operationId: params
                  parameters: [{$ref: '#/components/parameters/P'}]
                  responses: {'200': {description: ok}}
            components:
              schemas:
                Node:
                  type: object
                  required: [name, child]
                  properties:
                    name: {type: string}
                    child: {$ref: '#/components/schemas/Node'}
                A: {$ref: '#/components/schemas/B'}
                B: {$ref: '#/components/schemas/A'}
              parameters:
                P: {$ref: '#/components/parameters/Q'}
                Q: {$ref: '#/components/parameters/P'}
            """)
        #expect(api.requests.map(\.name) == ["addNode", "loop"])
        guard case .json(let text) = api.requests[0].body, let body = JSONNode.parse(text) else {
            Issue.record("addNode has no JSON body")
            return
        }
        // Node → child → child …: each level is a reference and an object, two of the
        // `maxDepth` (6) steps, so three levels, the last without its child.
        var depth = 0
        var node: JSONNode? = body
        while let current = node, current["name"] == .string("string") {
            depth += 1
            node = current["child"]
        }
        #expect(depth == 3)
        #expect(node == nil)
        #expect(api.requests[1].body == .json("{}"))
        #expect(api.skipped.contains { $0.item == "params" && $0.reason.contains("cycle") })
    }

    @Test func anUnresolvedReferenceSkipsOnlyItsOperation() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.0.3
            info: {title: missing, version: '1'}
            paths:
              /a:
                get:
                  operationId: fine
                  responses: {'200': {description: ok}}
                post:
                  operationId: broken
                  requestBody: {$ref: '#/components/requestBodies/Missing'}
                  responses: {'200': {description: ok}}
              /b:
                put:
                  operationId: brokenSchema
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Nowhere'}
                  responses: {'200': {description: ok}}
                delete:
                  operationId: remote
                  parameters: [{$ref: 'https://example.com/common.yaml#/components/parameters/Id'}]
                  responses: {'200': {description: ok}}
                patch:
                  operationId: alsoFine
                  responses: {'200': {description: ok}}
            """)
        #expect(api.requests.map(\.name) == ["fine", "alsoFine"])
        let reasons = Dictionary(uniqueKeysWithValues: api.skipped.map { ($0.item, $0.reason) })
        #expect(reasons["broken"]?.contains("#/components/requestBodies/Missing") == true)
        #expect(reasons["brokenSchema"]?.contains("#/components/schemas/Nowhere") == true)
        #expect(reasons["remote"]?.contains("not fetched") == true)
    }

    @Test func referencesToFilesBesideTheDescriptionAreRead() throws {
        let api = try OpenAPITestFiles.imported([
            "api.yaml": """
                openapi: 3.0.3
                info: {title: split, version: '1'}
                servers: [{url: 'https://api.example.com/v1/'}]
                paths:
                  /pets:
                    $ref: 'paths/pets.yaml'
                  /owners:
                    post:
                      operationId: addOwner
                      parameters: [{$ref: 'common.json#/parameters/trace'}]
                      requestBody:
                        content:
                          application/json:
                            schema: {$ref: 'schemas.yaml#/Owner'}
                      responses: {'200': {description: ok}}
                  /lost:
                    get:
                      operationId: lost
                      parameters: [{$ref: 'nowhere.yaml#/parameters/x'}]
                      responses: {'200': {description: ok}}
                """,
            "paths/pets.yaml": """
                get:
                  operationId: listPets
                  parameters:
                    - {name: kind, in: query, schema: {type: string, enum: [cat, dog]}}
                  responses: {'200': {description: ok}}
                post:
                  operationId: addPet
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '../schemas.yaml#/Pet'}
                  responses: {'200': {description: ok}}
                """,
            "schemas.yaml": """
                Pet:
                  type: object
                  required: [name, owner]
                  properties:
                    name: {type: string, example: Rex}
                    owner: {$ref: '#/Owner'}
                Owner:
                  type: object
                  required: [email]
                  properties:
                    email: {type: string, format: email}
                """,
            "common.json": #"{"parameters": {"trace": {"name": "X-Trace", "in": "header", "required": true, "schema": {"type": "string"}}}}"#,
        ])
        #expect(api.profile.baseURL == "https://api.example.com/v1/")
        #expect(api.requests.map(\.name) == ["listPets", "addPet", "addOwner"])
        #expect(api.requests[0].url == "pets{?kind}")
        #expect(api.requests[0].parameters.first?.values == ["cat", "dog"])
        #expect(api.requests[1].body == .json("{\n  \"name\": \"Rex\",\n  \"owner\": {\"email\": \"user@example.com\"}\n}"))
        #expect(api.requests[2].headers == [NamedValue("X-Trace", "{{X-Trace}}")])
        #expect(api.requests[2].body == .json("{\"email\": \"user@example.com\"}"))
        #expect(api.skipped.contains { $0.item == "lost" && $0.reason.contains("nowhere.yaml") })
    }
}

extension OpenAPIReferenceTests {
    @Test func aPathItemFromTheComponentsIsImportedInItsPlace() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.1.0
            info: {title: items, version: '1'}
            paths:
              /first:
                get: {operationId: first, responses: {'200': {description: ok}}}
              /shared/{id}:
                $ref: '#/components/pathItems/Shared'
            components:
              pathItems:
                Shared:
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  delete:
                    operationId: removeShared
                    responses: {'204': {description: gone, content: {application/json: {schema: {type: nonsense}}}}}
                  get:
                    operationId: readShared
                    responses: {'200': {description: ok}}
            """)
        // Methods in the file's order; the response schema no import reads does not refuse the file.
        #expect(api.requests.map(\.name) == ["first", "removeShared", "readShared"])
        #expect(api.requests.map(\.url) == ["first", "shared/{id}", "shared/{id}"])
    }
}
