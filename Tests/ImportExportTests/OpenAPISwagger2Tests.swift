import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Swagger 2.0's own ways, converted: body and formData parameters, securityDefinitions,
/// host/basePath/schemes, `#/parameters/` and `#/definitions/` references.
@Suite struct OpenAPISwagger2Tests {
    static let document = """
        swagger: "2.0"
        info: {title: Two, version: 1.0}
        host: api.example.com
        basePath: /v2
        schemes: [http, https]
        consumes: [application/json]
        securityDefinitions:
          basicAuth: {type: basic}
          petstore_auth:
            type: oauth2
            flow: implicit
            authorizationUrl: https://example.com/oauth
            scopes: {read: read things}
          api_key: {type: apiKey, name: X-Key, in: header}
        security: [{petstore_auth: [read]}]
        parameters:
          traceId: {name: X-Trace, in: header, required: true, type: string}
          petBody: {name: pet, in: body, required: true, schema: {$ref: '#/definitions/Pet'}}
        paths:
          /pets/{id}:
            parameters:
              - {name: id, in: path, required: true, type: integer}
            put:
              operationId: replacePet
              parameters:
                - $ref: '#/parameters/traceId'
                - $ref: '#/parameters/petBody'
              responses: {'200': {description: ok}}
            post:
              operationId: uploadPhoto
              consumes: [multipart/form-data]
              parameters:
                - {name: caption, in: formData, type: string, required: true}
                - {name: photo, in: formData, type: file, required: true}
              responses: {'200': {description: ok}}
            patch:
              operationId: renamePet
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - {name: name, in: formData, type: string, required: true}
                - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: multi}
              responses: {'200': {description: ok}}
        definitions:
          Pet:
            type: object
            discriminator: kind
            required: [kind, owner]
            properties:
              kind: {type: string, enum: [cat, dog]}
              owner: {$ref: '#/definitions/Owner'}
          Owner:
            type: object
            required: [id]
            properties:
              id: {type: string, format: uuid}
        """

    @Test func bodiesFormsSchemesAndTheServerAreConverted() throws {
        let api = try OpenAPITestFiles.imported(Self.document)
        #expect(api.title == "Two")
        // https is listed: it is the one taken.
        #expect(api.profile.baseURL == "https://api.example.com/v2")
        #expect(api.profile.auth == .bearer("${env:PETSTORE_AUTH_TOKEN}"))
        #expect(api.requests.map(\.name) == ["replacePet", "uploadPhoto", "renamePet"])
        #expect(api.requests.map(\.method) == ["PUT", "POST", "PATCH"])
        #expect(api.requests[0].url == "pets/{id}")
        #expect(api.requests[0].headers == [NamedValue("X-Trace", "{{X-Trace}}")])
        #expect(api.requests[0].body == .json("{\n  \"kind\": \"cat\",\n  \"owner\": {\"id\": \"3fa85f64-5717-4562-b3fc-2c963f66afa6\"}\n}"))
        #expect(api.requests[1].body == .multipart([.text(name: "caption", value: "string"), .file(name: "photo", path: "./photo")]))
        #expect(api.requests[2].body == .form([NamedValue("name", "string")]))
        // collectionFormat multi: the array exploded.
        #expect(api.requests[2].url == "pets/{id}{?tags*}")
    }

    @Test(arguments: [
        ("basicAuth", Profile.Auth.basic(username: "${env:BASIC_AUTH_USERNAME}", password: "${env:BASIC_AUTH_PASSWORD}")),
        ("api_key", .header(name: "X-Key", value: "${env:API_KEY}")),
    ])
    func eachSecurityDefinitionBecomesItsAuth(scheme: String, auth: Profile.Auth) throws {
        let api = try OpenAPITestFiles.imported(Self.document.replacingOccurrences(of: "security: [{petstore_auth: [read]}]",
                                                                                   with: "security: [{\(scheme): []}]"))
        #expect(api.profile.auth == auth)
    }

    @Test func aBasePathWithoutHostIsARelativeServer() throws {
        let api = try OpenAPITestFiles.imported("""
            swagger: '2.0'
            info: {title: t, version: '1'}
            basePath: /api
            paths:
              /ping:
                get:
                  responses: {'200': {description: ok}}
            """)
        #expect(api.profile.baseURL == nil)
        #expect(api.requests.map(\.summary) == ["GET api/ping"])
        #expect(api.requests.map(\.name) == ["GET /ping"])
    }
}
