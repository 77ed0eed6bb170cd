import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

@Suite struct ExportURLTests {
    @Test func aTemplateBecomesPlaceholdersUnderTheBaseURL() {
        let request = RequestSpec(url: "pets/{petId}{?limit,tags*}", parameters: [
            .init(name: "petId", location: .path, required: true),
            .init(name: "limit", location: .query, required: true),
            .init(name: "tags", location: .query),
        ])
        let url = ExportURL(request)
        #expect(url.base == "{{baseUrl}}/pets/{{petId}}")
        #expect(url.query.map(\.name) == ["limit", "tags"])
        #expect(url.query.map(\.optional) == [false, true])
        #expect(url.text == "{{baseUrl}}/pets/{{petId}}?limit={{limit}}&tags={{tags}}")
    }

    @Test func absoluteURLsVariablesAndLiteralQueriesAreKept() {
        #expect(ExportURL(RequestSpec(url: "https://api.test/v1/x?a=1&b")).text == "https://api.test/v1/x?a=1&b=")
        #expect(ExportURL(RequestSpec(url: "{{host}}/users/{{id}}")).text == "{{host}}/users/{{id}}")
        #expect(ExportURL(RequestSpec(url: "/status/200")).text == "{{baseUrl}}/status/200")
        #expect(ExportURL(RequestSpec(url: "")).text == "{{baseUrl}}/")
    }

    @Test func secretsBecomePlaceholders() {
        #expect(ExportSecrets.authHeader(.bearer("${env:API_TOKEN}")) == NamedValue("Authorization", "Bearer {{API_TOKEN}}"))
        #expect(ExportSecrets.authHeader(.bearer("abc123")) == NamedValue("Authorization", "Bearer {{token}}"))
        #expect(ExportSecrets.authHeader(.header(name: "X-Api-Key", value: "k")) == NamedValue("X-Api-Key", "{{x_api_key}}"))
        var profile = Profile(name: "p")
        profile.headers = [NamedValue("Accept", "application/json"), NamedValue("Cookie", "sid=1"), NamedValue("X-Key", "${env:KEY}")]
        #expect(ExportSecrets.commonHeaders(profile) == [NamedValue("Accept", "application/json"), NamedValue("Cookie", "{{cookie}}"), NamedValue("X-Key", "{{KEY}}")])
    }

    @Test func aValueThatOnlyRefersToItsSecretKeepsItsReferences() {
        #expect(ExportSecrets.placeholder(for: "{{API_TOKEN}}", fallback: "token") == "{{API_TOKEN}}")
        #expect(ExportSecrets.placeholder(for: "Bearer ${env:TOKEN}", fallback: "authorization") == "Bearer {{TOKEN}}")
        #expect(ExportSecrets.placeholder(for: "Token {{t}}", fallback: "x") == "Token {{t}}")
        #expect(ExportSecrets.placeholder(for: "abc123", fallback: "token") == "{{token}}")
        #expect(ExportSecrets.placeholder(for: "Bearer abc123", fallback: "authorization") == "{{authorization}}")
        #expect(ExportSecrets.authHeader(.bearer("{{API_TOKEN}}")) == NamedValue("Authorization", "Bearer {{API_TOKEN}}"))
    }

    @Test func aRequestsOwnCredentialHeaderBecomesAPlaceholder() {
        #expect(ExportSecrets.requestHeader(NamedValue("Authorization", "Basic dXNlcjpwYXNz")) == NamedValue("Authorization", "{{authorization}}"))
        #expect(ExportSecrets.requestHeader(NamedValue("Authorization", "Bearer {{token}}")) == NamedValue("Authorization", "Bearer {{token}}"))
        #expect(ExportSecrets.requestHeader(NamedValue("X-Key", "${env:KEY}")) == NamedValue("X-Key", "{{KEY}}"))
        #expect(ExportSecrets.requestHeader(NamedValue("Accept", "text/plain")) == NamedValue("Accept", "text/plain"))
    }
}
