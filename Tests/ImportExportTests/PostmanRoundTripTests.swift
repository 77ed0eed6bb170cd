import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Import → `export postman` → import again keeps what Postman holds beyond what a request sends
/// (RoundTripTests compares that on every fixture): names, folders, descriptions, the profile's
/// auth and each request's vars.
@Suite struct PostmanRoundTripTests {
    /// Every collection and export stored, not the schema beside them.
    static let fixtures = (Fixtures.files("postman", endingWith: [".json"]) + Fixtures.files("insomnia", endingWith: [".json"]))
        .filter { !$0.lastPathComponent.hasSuffix(".schema.json") }

    @Test(arguments: fixtures)
    func aRoundTripKeepsNamesFoldersDescriptionsAuthAndVars(fixture: URL) throws {
        let api = try APIImport.read(fixture)
        #expect(!api.requests.isEmpty)
        let again = try RoundTrip.postman.reimported(api).api
        #expect(again.format == .postman)
        #expect(again.title == api.profile.name)
        #expect(again.requests.map(\.name) == api.requests.map(\.name))
        #expect(again.requests.map(\.group) == api.requests.map(\.group))
        #expect(again.requests.map(\.description) == api.requests.map(\.description))
        #expect(Self.auth(again.profile) == Self.auth(api.profile))
        #expect(again.requests.map(\.vars) == api.requests.map(\.vars))
    }

    /// The profile's bearer or basic auth as the other side sees it (a header auth is a request header there).
    static func auth(_ profile: Profile) -> [String]? {
        switch profile.auth {
        case .bearer(let token): ["bearer", ExportSecrets.placeholder(for: token, fallback: "token")]
        case .basic(let username, let password):
            ["basic", ExportSecrets.placeholder(for: username, fallback: "username"), ExportSecrets.placeholder(for: password, fallback: "password")]
        case .oauth2(let oauth): ["oauth2", oauth.grant.rawValue, oauth.clientId]
        case .header, nil: nil
        }
    }

    @Test func variableReferencesSurviveAsWritten() throws {
        let api = try APIImport.read(Fixtures.url("postman", "wise-balance-groups.postman_collection.json"))
        let again = try RoundTrip.postman.reimported(api).api
        let details = try #require(again.requests.first { $0.name == "Get balance group details" })
        #expect(details.headers == [NamedValue("Authorization", "Bearer {{token}}")])
        let rentx = try RoundTrip.postman.reimported(try APIImport.read(Fixtures.url("insomnia", "rentx-insomnia.json"))).api
        #expect(rentx.requests.first?.vars == [NamedValue("resource", "users")])
        #expect(rentx.requests.first?.headers == [NamedValue("Content-Type", "application/json")])
    }

    @Test func aProfileWithABaseURLTemplatesAndSecretsRoundTrips() throws {
        var profile = Profile(name: "pets")
        profile.baseURL = "http://127.0.0.1:8080/api/"
        profile.auth = .bearer("${env:API_TOKEN}")
        profile.headers = [NamedValue("Accept", "application/json")]
        profile.vars = [NamedValue("region", "eu")]
        let requests = [
            RequestSpec(name: "listPets", url: "pets{?limit,tags*}", group: "pets", parameters: [
                .init(name: "limit", location: .query, required: true), .init(name: "tags", location: .query),
            ]),
            RequestSpec(name: "pets/showPetById", url: "pets/{petId}", group: "pets", parameters: [.init(name: "petId", location: .path, required: true)]),
            RequestSpec(name: "upload", method: "POST", url: "/files", body: .multipart([.text(name: "note", value: "hi"), .file(name: "f", path: "/tmp/a.txt")])),
            RequestSpec(name: "note", method: "PUT", url: "notes/1", headers: [NamedValue("X-Trace", "{{region}}")], body: .text("plain", contentType: "text/plain")),
            RequestSpec(name: "login", method: "POST", url: "https://auth.example.com:8443/login?next=a", body: .form([NamedValue("user", "ann")])),
            RequestSpec(name: "create", method: "POST", url: "pets", body: .json("{\"name\": \"{{name}}\"}")),
        ]
        let api = ImportedAPI(format: .openapi, title: "pets", profile: profile, requests: requests)
        let again = try RoundTrip.postman.reimported(api).api
        #expect(again.profile.vars.first == NamedValue("baseUrl", "http://127.0.0.1:8080/api"))
        #expect(again.profile.vars.contains(NamedValue("petId", "")))
        #expect(again.profile.auth == .bearer("{{API_TOKEN}}"))
        #expect(again.requests.map(\.name) == ["pets/listPets", "pets/showPetById", "upload", "note", "login", "create"])
        #expect(again.requests[0].url == "{{baseUrl}}/pets?limit={{limit}}")
        #expect(again.requests[1].url == "{{baseUrl}}/pets/{{petId}}")
        #expect(again.requests[4].url == "https://auth.example.com:8443/login?next=a")
        #expect(again.requests[3].headers == [NamedValue("Accept", "application/json"), NamedValue("X-Trace", "{{region}}"), NamedValue("Content-Type", "text/plain")])
        #expect(again.requests.map(\.vars) == api.requests.map(\.vars))
        for (before, after) in zip(api.requests, again.requests) {
            #expect(SentRequest(after, profile: again.profile) == SentRequest(before, profile: api.profile), "\(before.name ?? "")")
        }
    }
}
