import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// The published example descriptions (Tests/Fixtures/openapi/SOURCE.md). Each expected fact was
/// read from the file itself: operation counts by counting the method keys under `paths:` with
/// awk (`/^    (get|put|post|delete|options|head|patch|trace): *$/` within the `paths:` section),
/// names, paths, parameters and schemas by reading it.
@Suite struct OpenAPIFixtureTests {
    static func imported(_ name: String) throws -> ImportedAPI {
        try APIImport.read(Fixtures.url("openapi", name))
    }

    @Test(arguments: [
        ("petstore.yaml", 3), ("petstore-expanded.yaml", 4), ("uspto.yaml", 3), ("callback-example.yaml", 1),
        ("link-example.yaml", 6), ("api-with-examples.yaml", 2), ("webhook-example.yaml", 1), ("petstore-v2.yaml", 3),
        ("petstore-expanded-v2.yaml", 4), ("swagger-petstore-v3.yaml", 19), ("netlify-v2.yaml", 85),
    ])
    func everyOperationBecomesOneRequest(file: String, operations: Int) throws {
        let api = try Self.imported(file)
        #expect(api.format == .openapi)
        #expect(api.requests.count == operations)
        #expect(!api.skipped.contains { $0.reason.contains("not imported: $ref") })
    }

    @Test func petstoreHasItsServerNamesTemplatesAndAGeneratedBody() throws {
        let api = try Self.imported("petstore.yaml")
        #expect(api.title == "Swagger Petstore")
        #expect(api.profile.baseURL == "http://petstore.swagger.io/v1")
        #expect(api.profile.auth == nil)
        #expect(api.requests.map(\.name) == ["listPets", "createPets", "showPetById"])
        #expect(api.requests.map(\.method) == ["GET", "POST", "GET"])
        #expect(api.requests.map(\.url) == ["pets{?limit}", "pets", "pets/{petId}"])
        #expect(api.requests.map(\.group) == ["pets", "pets", "pets"])
        #expect(api.requests[0].description == "List all pets")
        #expect(api.requests[0].parameters == [.init(name: "limit", location: .query, required: false,
                                                     description: "How many items to return at one time (max 100)")])
        #expect(api.requests[2].parameters == [.init(name: "petId", location: .path, required: true, description: "The id of the pet to retrieve")])
        // Pet requires id (integer) and name (string); tag is optional and left out.
        #expect(api.requests[1].body == .json("{\"id\": 0, \"name\": \"string\"}"))
        #expect(api.requests[0].body == .none)
    }

    @Test func petstoreExpandedExplodesItsArrayQueryParameter() throws {
        let api = try Self.imported("petstore-expanded.yaml")
        #expect(api.requests.map(\.name) == ["findPets", "addPet", "find pet by id", "deletePet"])
        // tags: an array, style form, explode by default: `tags*`.
        #expect(api.requests.map(\.url) == ["pets{?tags*,limit}", "pets", "pets/{id}", "pets/{id}"])
        #expect(api.requests.map(\.method) == ["GET", "POST", "GET", "DELETE"])
        #expect(api.requests[0].description?.hasPrefix("Returns all pets from the system") == true)
        #expect(api.requests[0].group == nil)
        #expect(api.requests[1].body == .json("{\"name\": \"string\"}"))
    }

    @Test func usptoFillsItsServerVariableAndSendsAForm() throws {
        let api = try Self.imported("uspto.yaml")
        #expect(api.profile.baseURL == "https://developer.uspto.gov/ds-api")
        #expect(api.requests.map(\.name) == ["list-data-sets", "list-searchable-fields", "perform-search"])
        #expect(api.requests.map(\.url) == ["", "{dataset}/{version}/fields", "{dataset}/{version}/records"])
        #expect(api.requests.map(\.group) == ["metadata", "metadata", "search"])
        #expect(api.requests[1].description == "Provides the general information about the API and the list of fields that can be used to query the dataset.")
        // Only `criteria` is required; its default is '*:*'.
        #expect(api.requests[2].body == .form([NamedValue("criteria", "*:*")]))
        #expect(api.requests[2].parameters.map(\.name) == ["version", "dataset"])
    }

    @Test func callbacksAndWebhooksAreSkippedWithWhy() throws {
        let callbacks = try Self.imported("callback-example.yaml")
        #expect(callbacks.requests.map(\.name) == ["POST /streams"])
        #expect(callbacks.requests[0].url == "streams{?callbackUrl}")
        #expect(callbacks.requests[0].parameters.first?.required == true)
        #expect(callbacks.skipped.contains { $0.item == "callback onData of POST /streams" && $0.reason.contains("not imported") })

        let webhooks = try Self.imported("webhook-example.yaml")
        #expect(webhooks.requests.map(\.name) == ["listPets"])
        #expect(webhooks.skipped.contains { $0.item == "webhook newPet" && $0.reason.contains("not imported") })
        #expect(webhooks.skipped.contains { $0.item == "servers" })
        #expect(webhooks.profile.baseURL == nil)
    }

    @Test func linkExampleKeepsEnumValuesAsTheFieldsChoices() throws {
        let api = try Self.imported("link-example.yaml")
        let request = try #require(api.requests.first { $0.name == "getPullRequestsByRepository" })
        #expect(request.url == "2.0/repositories/{username}/{slug}/pullrequests{?state}")
        #expect(request.parameters.map(\.name) == ["username", "slug", "state"])
        #expect(request.parameters[2].values == ["open", "merged", "declined"])
        #expect(api.requests.last?.method == "POST")
    }

    @Test func apiWithExamplesHasRequestsOnTheBaseItself() throws {
        let api = try Self.imported("api-with-examples.yaml")
        #expect(api.requests.map(\.url) == ["", "v2"])
        #expect(api.requests.map(\.summary) == ["GET /", "GET v2"])
    }

    @Test func swagger2BecomesTheSameRequestsAsItsOpenAPI3Twin() throws {
        let two = try Self.imported("petstore-v2.yaml")
        let three = try Self.imported("petstore.yaml")
        #expect(two.profile.baseURL == three.profile.baseURL)
        #expect(two.requests.map(\.name) == three.requests.map(\.name))
        #expect(two.requests.map(\.url) == three.requests.map(\.url))
        #expect(two.requests.map(\.parameters) == three.requests.map(\.parameters))

        let expanded = try Self.imported("petstore-expanded-v2.yaml")
        #expect(expanded.profile.baseURL == "http://petstore.swagger.io/api")
        // collectionFormat csv: one comma-separated value, not exploded.
        #expect(expanded.requests[0].url == "pets{?tags,limit}")
        // `in: body` with schema NewPet (name required).
        #expect(expanded.requests[1].body == .json("{\"name\": \"string\"}"))
    }

    @Test func swaggerPetstoreUsesItsOAuthSchemeAndItsRelativeServer() throws {
        let api = try Self.imported("swagger-petstore-v3.yaml")
        #expect(api.title == "Swagger Petstore - OpenAPI 3.0")
        // No top-level `security`: the first scheme defined, petstore_auth (oauth2).
        #expect(api.profile.auth == .bearer("${env:PETSTORE_AUTH_TOKEN}"))
        #expect(api.profile.baseURL == nil)
        #expect(api.skipped.contains { $0.item == "server /v3" && $0.reason.contains("baseURL") })
        #expect(api.requests.allSatisfy { $0.url.hasPrefix("v3/") })
        let byName = Dictionary(uniqueKeysWithValues: api.requests.map { ($0.name ?? "", $0) })
        #expect(byName["findPetsByTags"]?.url == "v3/pet/findByTags{?tags*}")
        #expect(byName["findPetsByStatus"]?.parameters.first?.values == ["available", "pending", "sold"])
        #expect(byName["updatePetWithForm"]?.url == "v3/pet/{petId}{?name,status}")
        // Order: no property required, so all of them, each from its example or its format.
        #expect(byName["placeOrder"]?.body == .json("""
            {
              "id": 10,
              "petId": 198772,
              "quantity": 7,
              "shipDate": "2024-01-01T00:00:00Z",
              "status": "approved",
              "complete": true
            }
            """))
        // `example: 12345` on a string property stays text.
        if case .json(let text)? = byName["createUser"]?.body {
            #expect(text.contains("\"password\": \"12345\""))
        } else {
            Issue.record("createUser has no JSON body")
        }
        #expect(byName["uploadFile"]?.body == RequestSpec.Body.none)
        #expect(api.skipped.contains { $0.item == "uploadFile" && $0.reason.contains("application/octet-stream") })
        // deletePet's api_key header is optional: not sent.
        #expect(byName["deletePet"]?.headers == [])
    }

    @Test func netlifysRealSwaggerDescriptionImportsWhole() throws {
        let api = try Self.imported("netlify-v2.yaml")
        #expect(api.title == "Netlify's API definition")
        #expect(api.profile.baseURL == "https://api.netlify.com/api/v1")
        #expect(api.profile.auth == .bearer("${env:NETLIFY_AUTH_TOKEN}"))
        #expect(api.requests.first?.name == "listSites")
        #expect(api.requests.last?.name == "getCurrentUser")
        let byName = Dictionary(uniqueKeysWithValues: api.requests.map { ($0.name ?? "", $0) })
        #expect(byName["listSites"]?.url == "sites{?name,filter}")
        #expect(byName["listSites"]?.parameters.last?.values == ["all", "owner", "guest"])
        #expect(byName["addMemberToAccount"]?.url == "{account_slug}/members{?role,email}")
        // A body parameter given once for the whole path, and an operation with no parameters of its own.
        #expect(byName["updateSiteBuildLog"]?.body == .json("{\"message\": \"string\", \"error\": true}"))
        // accountSetup requires name and type_id.
        #expect(byName["createAccount"]?.body == .json("{\"name\": \"string\", \"type_id\": \"string\"}"))
        #expect(byName["uploadDeployFile"]?.body == RequestSpec.Body.none)
        #expect(api.skipped.contains { $0.item == "uploadDeployFile" && $0.reason.contains("application/octet-stream") })
        #expect(byName["getServices"]?.url == "services/{?search}")
    }
}
