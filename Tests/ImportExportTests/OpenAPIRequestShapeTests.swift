import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// What a request is made of: its URL template and fields, headers, body, and the profile's auth.
@Suite struct OpenAPIRequestShapeTests {
    @Test func parametersMergeAndTakeTheirTemplateForm() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.1.0
            info: {title: params, version: '1'}
            servers:
              - url: '{scheme}://{host}:{port}/base'
                variables:
                  scheme: {default: https}
                  host: {default: api.example.com}
                  port: {default: '8443'}
            paths:
              /items/{id}/{coords}/{range}:
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}}
                  - {name: limit, in: query, description: path-level, schema: {type: integer}}
                  - {name: X-Trace, in: header, required: true, schema: {type: string}}
                get:
                  operationId: getItem
                  parameters:
                    - {name: limit, in: query, description: operation-level, required: true, schema: {type: integer}}
                    - {name: coords, in: path, required: true, style: matrix, explode: true, schema: {type: array, items: {type: number}}}
                    - {name: range, in: path, required: true, style: label, schema: {type: string}}
                    - {name: filter, in: query, style: deepObject, schema: {type: object}}
                    - {name: page-size, in: query, schema: {type: integer}}
                    - {name: ids, in: query, explode: false, schema: {type: array, items: {type: string, enum: [a, b]}}}
                    - {name: X-Optional, in: header, schema: {type: string}}
                    - {name: Accept, in: header, required: true, schema: {type: string}}
                    - {name: session, in: cookie, required: true, schema: {type: string}}
                    - {name: theme, in: cookie, required: true, schema: {type: string}}
                  summary: Get one
                  description: Longer words
                  tags: [items, extra]
                  responses: {'200': {description: ok}}
            """)
        #expect(api.profile.baseURL == "https://api.example.com:8443/base")
        let request = try #require(api.requests.first)
        #expect(request.name == "getItem")
        #expect(request.group == "items")
        #expect(request.description == "Get one")
        #expect(request.url == "items/{id}/{;coords*}/{.range}{?limit,filter,page%2Dsize,ids}")
        #expect(request.parameters == [
            .init(name: "id", location: .path, required: true),
            .init(name: "coords", location: .path, required: true),
            .init(name: "range", location: .path, required: true),
            .init(name: "limit", location: .query, required: true, description: "operation-level"),
            .init(name: "filter", location: .query),
            .init(name: "page%2Dsize", location: .query),
            .init(name: "ids", location: .query, values: ["a", "b"]),
        ])
        #expect(request.headers == [NamedValue("X-Trace", "{{X-Trace}}"), NamedValue("Cookie", "session={{session}}; theme={{theme}}")])
    }

    @Test func bodiesComeFromExamplesInTheirOrderElseFromTheSchema() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.0.3
            info: {title: bodies, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /example:
                post:
                  operationId: example
                  requestBody:
                    content:
                      application/xml: {example: '<a/>'}
                      application/vnd.api+json:
                        schema: {type: object}
                        example: {zeta: 1, alpha: [true, null], mid: {b: 2, a: 1}}
                  responses: {'200': {description: ok}}
              /examples:
                put:
                  operationId: examples
                  requestBody:
                    content:
                      application/json:
                        examples:
                          first: {$ref: '#/components/examples/Cat'}
                          second: {value: {name: second}}
                  responses: {'200': {description: ok}}
              /generated:
                post:
                  operationId: generated
                  requestBody:
                    content:
                      application/json:
                        schema:
                          allOf:
                            - {$ref: '#/components/schemas/Base'}
                            - type: object
                              required: [kind, when, day, id, mail, site, pick, either, list, count, ratio, flag, note]
                              properties:
                                kind: {type: string, enum: [small, large]}
                                when: {type: string, format: date-time}
                                day: {type: string, format: date}
                                id: {type: string, format: uuid}
                                mail: {type: string, format: email}
                                site: {type: string, format: uri}
                                pick: {type: integer, default: 7}
                                either: {oneOf: [{type: boolean}, {type: string}]}
                                list: {type: array, items: {type: integer}}
                                count: {type: integer}
                                ratio: {type: number}
                                flag: {type: boolean}
                                note: {type: string}
                                optional: {type: string}
                                secret: {type: string, readOnly: true}
                  responses: {'200': {description: ok}}
              /form:
                post:
                  operationId: form
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            a: {type: string, example: one}
                            b: {type: integer}
                  responses: {'200': {description: ok}}
              /upload:
                post:
                  operationId: upload
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [photo, caption]
                          properties:
                            caption: {type: string, example: hi}
                            photo: {type: string, format: binary}
                  responses: {'200': {description: ok}}
              /text:
                post:
                  operationId: text
                  requestBody:
                    content:
                      text/plain: {example: hello there}
                  responses: {'200': {description: ok}}
              /xml:
                post:
                  operationId: xml
                  requestBody:
                    content:
                      application/xml: {schema: {type: object}}
                  responses: {'200': {description: ok}}
            components:
              examples:
                Cat: {value: {name: cat, lives: 9}}
              schemas:
                Base:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string, example: base}
            """)
        let bodies = Dictionary(uniqueKeysWithValues: api.requests.map { ($0.name ?? "", $0.body) })
        // The JSON media type is taken over the first one; its example keeps the file's order.
        #expect(bodies["example"] == .json("{\n  \"zeta\": 1,\n  \"alpha\": [true, null],\n  \"mid\": {\"b\": 2, \"a\": 1}\n}"))
        #expect(bodies["examples"] == .json("{\"name\": \"cat\", \"lives\": 9}"))
        guard case .json(let generated)? = bodies["generated"], let value = JSONNode.parse(generated) else {
            Issue.record("no generated body")
            return
        }
        #expect(value == [
            "name": "base", "kind": "small", "when": "2024-01-01T00:00:00Z", "day": "2024-01-01",
            "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "mail": "user@example.com", "site": "https://example.com",
            "pick": 7, "either": true, "list": [0], "count": 0, "ratio": 0, "flag": true, "note": "string",
        ])
        // No property required: all of them.
        #expect(bodies["form"] == .form([NamedValue("a", "one"), NamedValue("b", "0")]))
        #expect(bodies["upload"] == .multipart([.text(name: "caption", value: "hi"), .file(name: "photo", path: "./photo")]))
        #expect(bodies["text"] == .text("hello there", contentType: "text/plain"))
        #expect(bodies["xml"] == RequestSpec.Body.none)
        #expect(api.skipped.contains { $0.item == "xml" && $0.reason.contains("no example") })
    }

    @Test(arguments: [
        ("bearerAuth", "{type: http, scheme: bearer}", Profile.Auth.bearer("${env:BEARER_AUTH_TOKEN}"), [NamedValue](), [NamedValue]()),
        ("basic", "{type: http, scheme: basic}", .basic(username: "${env:BASIC_USERNAME}", password: "${env:BASIC_PASSWORD}"), [], []),
        ("api_key", "{type: apiKey, in: header, name: X-API-Key}", .header(name: "X-API-Key", value: "${env:API_KEY}"), [], []),
        ("sso", "{type: openIdConnect, openIdConnectUrl: 'https://example.com/.well-known/openid-configuration'}",
         .oauth2({ var oauth = Profile.OAuth2(grant: .authorizationCode, clientId: "${env:SSO_CLIENT_ID}"); oauth.issuer = "https://example.com"; return oauth }()), [], []),
        ("machine", "{type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://login.example.com/token', scopes: {read: r}}}}",
         .oauth2({
            var oauth = Profile.OAuth2(grant: .clientCredentials, clientId: "${env:MACHINE_CLIENT_ID}")
            oauth.tokenURL = "https://login.example.com/token"
            oauth.clientSecret = "${env:MACHINE_CLIENT_SECRET}"
            return oauth
         }()), [], []),
        ("login", "{type: oauth2, flows: {authorizationCode: {authorizationUrl: 'https://login.example.com/authorize', tokenUrl: 'https://login.example.com/token', scopes: {}}}}",
         .oauth2({
            var oauth = Profile.OAuth2(grant: .authorizationCode, clientId: "${env:LOGIN_CLIENT_ID}")
            oauth.authorizationURL = "https://login.example.com/authorize"
            oauth.tokenURL = "https://login.example.com/token"
            return oauth
         }()), [], []),
        ("legacy", "{type: oauth2, flows: {implicit: {authorizationUrl: 'https://login.example.com/authorize', scopes: {}}}}",
         .bearer("${env:LEGACY_TOKEN}"), [], []),
        ("session", "{type: apiKey, in: cookie, name: sid}", nil, [NamedValue("Cookie", "sid=${env:SESSION_KEY}")], []),
        ("queryKey", "{type: apiKey, in: query, name: key}", nil, [], [NamedValue("key", "${env:QUERY_KEY}")]),
    ] as [(String, String, Profile.Auth?, [NamedValue], [NamedValue])])
    func theRequiredSchemeBecomesTheProfilesAuth(name: String, scheme: String, auth: Profile.Auth?, headers: [NamedValue], vars: [NamedValue]) throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.1.0
            info: {title: secure, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            security: [{}, {\(name): []}]
            paths:
              /things:
                get:
                  operationId: things
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                first: {type: http, scheme: basic}
                \(name): \(scheme)
            """)
        #expect(api.profile.auth == auth)
        #expect(api.profile.headers == headers)
        #expect(api.profile.vars == vars)
        #expect(api.requests.first?.url == (vars.isEmpty ? "things" : "things{?key}"))
        #expect(api.skipped.contains { $0.item == "security scheme queryKey" } == !vars.isEmpty)
    }

    @Test func aJSONDescriptionReadsAsItsYAMLTwin() throws {
        let yaml = try OpenAPIFixtureTests.imported("petstore.yaml")
        let text = try String(contentsOf: Fixtures.url("openapi", "petstore.yaml"), encoding: .utf8)
        // The same document, written as JSON (by hand: the JSON parser reads it back as the YAML one).
        let tree = try #require(JSONNode.parse(#"""
            {"openapi": "3.0.0", "info": {"version": "1.0.0", "title": "Swagger Petstore", "license": {"name": "MIT"}},
             "servers": [{"url": "http://petstore.swagger.io/v1"}],
             "paths": {
               "/pets": {
                 "get": {"summary": "List all pets", "operationId": "listPets", "tags": ["pets"],
                         "parameters": [{"name": "limit", "in": "query", "description": "How many items to return at one time (max 100)",
                                         "required": false, "schema": {"type": "integer", "maximum": 100, "format": "int32"}}],
                         "responses": {"200": {"description": "A paged array of pets"}}},
                 "post": {"summary": "Create a pet", "operationId": "createPets", "tags": ["pets"],
                          "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}, "required": true},
                          "responses": {"201": {"description": "Null response"}}}},
               "/pets/{petId}": {
                 "get": {"summary": "Info for a specific pet", "operationId": "showPetById", "tags": ["pets"],
                         "parameters": [{"name": "petId", "in": "path", "required": true, "description": "The id of the pet to retrieve",
                                         "schema": {"type": "string"}}],
                         "responses": {"200": {"description": "Expected response to a valid request"}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "required": ["id", "name"],
               "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}, "tag": {"type": "string"}}}}}}
            """#))
        #expect(text.contains("operationId: showPetById"))
        let json = try OpenAPITestFiles.imported(tree.prettyText(), named: "api.json")
        #expect(json.requests == yaml.requests)
        #expect(json.profile == yaml.profile)
    }
}
