import CurlSyntax
import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// `explorer export http` and `export curl`: the text written, secrets never written, and a
/// profile's round trip (RoundTripTests runs them on every fixture).
@Suite struct HTTPFileExportTests {
    static let boundary = "ExplorerBoundary7MA4YWxkTrZu0gW"

    static var profile: Profile {
        var profile = Profile(name: "dev")
        profile.baseURL = "https://api.example.com/v1/"
        profile.headers = [NamedValue("Accept", "application/json"), NamedValue("X-Api-Key", "${env:API_KEY}")]
        profile.auth = .bearer("${env:TOKEN}")
        profile.vars = [NamedValue("petId", "1"), NamedValue("secret", "${env:SECRET}")]
        return profile
    }

    static let requests = [
        RequestSpec(name: "list pets", method: "GET", url: "pets?limit={{limit}}"),
        RequestSpec(name: "createPet", method: "POST", url: "pets", body: .json("{\"name\": \"Rex\"}"), description: "Adds a pet.\nNames need not be unique."),
        RequestSpec(name: "upload", method: "POST", url: "pets/{{petId}}/photo", headers: [NamedValue("Accept", "text/plain")],
                    body: .multipart([.text(name: "name", value: "Rex"), .file(name: "photo", path: "/tmp/rex.png")])),
        RequestSpec(name: "log-in", method: "POST", url: "https://auth.example.com/login",
                    body: .form([NamedValue("user", "a b&c"), NamedValue("pass", "{{password}}")])),
        RequestSpec(name: "note", method: "PUT", url: "/notes/1", body: .text("first\nsecond", contentType: "text/plain")),
    ]

    @Test func theHTTPFileWritesEachRequestWithTheProfilesHeadersAndAuthAsPlaceholders() throws {
        let files = HTTPFileExport.files(profile: Self.profile, requests: Self.requests)
        #expect(files.map(\.besideName) == [nil, "http-client.env.json"])
        let expected = """
            ### list pets
            GET {{baseUrl}}/pets?limit={{limit}}
            Accept: application/json
            X-Api-Key: {{API_KEY}}
            Authorization: Bearer {{TOKEN}}

            ### createPet
            # @name createPet
            # Adds a pet.
            # Names need not be unique.
            POST {{baseUrl}}/pets
            Accept: application/json
            X-Api-Key: {{API_KEY}}
            Authorization: Bearer {{TOKEN}}
            Content-Type: application/json

            {"name": "Rex"}

            ### upload
            # @name upload
            POST {{baseUrl}}/pets/{{petId}}/photo
            X-Api-Key: {{API_KEY}}
            Authorization: Bearer {{TOKEN}}
            Accept: text/plain
            Content-Type: multipart/form-data; boundary=\(Self.boundary)

            --\(Self.boundary)
            Content-Disposition: form-data; name="name"

            Rex
            --\(Self.boundary)
            Content-Disposition: form-data; name="photo"; filename="rex.png"

            < /tmp/rex.png
            --\(Self.boundary)--

            ### log-in
            # @name log-in
            POST https://auth.example.com/login
            Accept: application/json
            X-Api-Key: {{API_KEY}}
            Authorization: Bearer {{TOKEN}}
            Content-Type: application/x-www-form-urlencoded

            user=a%20b%26c&pass={{password}}

            ### note
            # @name note
            PUT {{baseUrl}}/notes/1
            Accept: application/json
            X-Api-Key: {{API_KEY}}
            Authorization: Bearer {{TOKEN}}
            Content-Type: text/plain

            first
            second

            """
        #expect(files[0].text == expected)
    }

    @Test func theEnvironmentHoldsTheBaseURLTheVarsAndEveryUndefinedVariableButNoSecret() throws {
        let files = HTTPFileExport.files(profile: Self.profile, requests: Self.requests)
        let environment = try JSONNode.parsing(files[1].text)
        guard case .object(let environments) = environment, case .object(let vars)? = environments.first?.value else {
            Issue.record("not an object of environments: \(files[1].text)")
            return
        }
        #expect(environments.map(\.key) == ["dev"])
        #expect(vars.map(\.key) == ["baseUrl", "petId", "secret", "limit", "API_KEY", "TOKEN", "password"])
        #expect(vars.map(\.value) == [.string("https://api.example.com/v1"), .string("1")] + Array(repeating: .string(""), count: 5))
    }

    @Test func secretsWrittenInClearNeverReachAnExport() {
        var profile = Profile(name: "prod")
        profile.headers = [NamedValue("Cookie", "session=abc123")]
        profile.auth = .basic(username: "alice", password: "hunter2")
        profile.vars = [NamedValue("token", "${env:TOKEN}")]
        let requests = [RequestSpec(name: "me", url: "me"), RequestSpec(name: "as bob", url: "me", headers: [NamedValue("Proxy-Authorization", "Basic Ym9iOnMzY3JldA==")])]
        let texts = ExportFormat.allCases.flatMap { APIExport.files($0, profile: profile, requests: requests) }.map(\.text)
        for secret in ["abc123", "alice", "hunter2", "${env:", "Ym9iOnMzY3JldA=="] {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret) written")
        }
        #expect(texts[0].contains("Authorization: Basic {{username}}:{{password}}"))
        #expect(texts[0].contains("Cookie: {{cookie}}"))
        #expect(texts[0].contains("Proxy-Authorization: {{proxy_authorization}}"))
    }

    @Test func optionalTemplateQueryItemsAreLinesOfTheirOwnInTheHTTPFileAndListedBesideTheCurlCommand() throws {
        let request = RequestSpec(name: "list", url: "pets{?limit,tags,page}", parameters: [
            .init(name: "limit", location: .query), .init(name: "tags", location: .query), .init(name: "page", location: .query, required: true),
        ])
        let noneRequired = RequestSpec(name: "find", url: "pets{?tags}", parameters: [.init(name: "tags", location: .query)])
        let profile = Profile(name: "p")
        #expect(HTTPFileExport.request(profile: profile, request) == """
            ### list
            # @name list
            GET {{baseUrl}}/pets
                ?limit={{limit}}
                &tags={{tags}}
                &page={{page}}

            """)
        #expect(HTTPFileExport.request(profile: profile, noneRequired).contains("GET {{baseUrl}}/pets\n    ?tags={{tags}}\n"))
        // Imported again, every query parameter is there (SPEC §9).
        let text = HTTPFileExport.request(profile: profile, request)
        #expect(try importHTTP(text).requests.map(\.url) == ["{{baseUrl}}/pets?limit={{limit}}&tags={{tags}}&page={{page}}"])
        let command = CurlListExport.command(profile: profile, request)
        #expect(command.hasPrefix("# list\n# optional query: limit={{limit}}&tags={{tags}}\ncurl "))
        #expect(try CurlRoundTrip.request(command).url == "{{baseUrl}}/pets?page={{page}}")
    }

    /// An OpenAPI operation with optional, exploded and required query parameters, exported to
    /// `.http` and imported again: every query parameter name is in the URL.
    @Test func aDescriptionsTemplateQueryParametersSurviveTheHTTPRoundTrip() throws {
        let description = """
        openapi: 3.0.3
        info: {title: Pets, version: '1'}
        servers: [{url: 'https://api.example.com/v1'}]
        paths:
          /pets/{petId}/toys:
            get:
              operationId: toys
              responses: {'200': {description: ok}}
              parameters:
                - {name: petId, in: path, required: true, schema: {type: string}}
                - {name: limit, in: query, schema: {type: integer}}
                - {name: tags, in: query, explode: true, schema: {type: array, items: {type: string}}}
                - {name: sort, in: query, required: true, schema: {type: string}}
                - {name: "filter[kind]", in: query, schema: {type: string}}
        """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pets-\(UInt64.random(in: 0...UInt64.max)).yaml")
        try Data(description.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let api = try APIImport.read(file)
        let again = try RoundTrip.http.reimported(api)
        let url = try #require(again.api.requests.first?.url)
        let names = ExportURL.split(url).1.map(\.0)
        #expect(Set(names) == ["limit", "tags", "sort", "filter%5Bkind%5D"], "\(url)")
        #expect(url.hasPrefix("{{baseUrl}}/pets/{{petId}}/toys?"))
    }

    @Test func aRoundTripOfTheExportKeepsMethodURLHeadersAndBody() throws {
        let api = ImportedAPI(format: .http, title: "dev", profile: Self.profile, requests: Self.requests)
        let again = try RoundTrip.http.reimported(api)
        #expect(again.profile.vars.first { $0.name == "baseUrl" }?.value == "https://api.example.com/v1")
        #expect(again.api.requests.map { $0.name ?? "" } == Self.requests.map { $0.name ?? "" })
        #expect(again.api.requests.map(\.description) == Self.requests.map(\.description))
        // The profile's headers and auth are each request's own now, secrets as placeholders.
        #expect(again.api.requests[0].headers == [
            NamedValue("Accept", "application/json"), NamedValue("X-Api-Key", "{{API_KEY}}"), NamedValue("Authorization", "Bearer {{TOKEN}}"),
        ])
        #expect(again.api.requests.map { SentRequest($0, profile: again.profile) } == Self.requests.map { SentRequest($0, profile: Self.profile) })
    }

    /// SPEC §13: `.http` writes a GraphQL body as the JSON it sends, with GraphQL's Accept; read
    /// back, it sends the same bytes.
    @Test func aGraphQLBodyIsWrittenAsJSON() throws {
        let graphQL = RequestSpec(name: "user", method: "POST", url: "graphql",
                                  body: .graphql(GraphQLBody(query: "query U($id: ID!) { user(id: $id) { name } }", variables: #"{"id": "{{petId}}"}"#)))
        let text = try #require(HTTPFileExport.files(profile: Self.profile, requests: [graphQL]).first?.text)
        #expect(text.contains(#"{"query": "query U($id: ID!) { user(id: $id) { name } }", "variables": {"id": "{{petId}}"}}"#), "\(text)")
        #expect(text.contains("Content-Type: application/json\nAccept: application/graphql-response+json, application/json"), "\(text)")
        let again = try RoundTrip.http.reimported(ImportedAPI(format: .http, title: "dev", profile: Self.profile, requests: [graphQL]))
        #expect(again.api.requests.map { SentRequest($0, profile: again.profile) } == [SentRequest(graphQL, profile: Self.profile)])
    }

    @Test func theProfilesCurlCommandsParseBackWithTheirPlaceholders() throws {
        // The command alone sends the profile's headers and auth: only the base URL resolves it.
        var resolving = Profile(name: "dev")
        resolving.baseURL = Self.profile.baseURL
        for request in Self.requests {
            let command = CurlListExport.command(profile: Self.profile, request)
            #expect(command.hasPrefix("# \(request.name ?? "")\ncurl "))
            let parsed = try CurlRoundTrip.request(command)
            #expect(SentRequest(parsed, profile: resolving) == SentRequest(request, profile: Self.profile), "\(request.name ?? "")")
        }
        let command = CurlListExport.command(profile: Self.profile, Self.requests[0])
        #expect(command.contains("'Authorization: Bearer {{TOKEN}}'"))
    }
}
