import Foundation
import RequestModel
import Testing
@testable import ImportExport

/// The published `.http` fixtures (Tests/Fixtures/http/SOURCE.md): facts read off each file by
/// hand — counts, names, methods, URLs, headers, bodies, what is skipped.
@Suite struct HTTPFileFixtureTests {
    @Test func dependencyTrackRequestsTakeTheirOriginFromHostAndTheirBodiesFromContentType() throws {
        let file = Fixtures.url("http/hyades", "requests.http")
        let api = try APIImport.read(file)
        #expect(api.format == .http)
        #expect(api.title == "requests")
        #expect(api.requests.map { $0.name ?? "" } == [
            "Change Admin Password", "Login as Admin", "Delete Project", "Create Project", "Get Project", "Upload BOM",
            "Check BOM Upload Token Status", "Get Project Findings",
        ])
        #expect(api.requests.map(\.method) == ["POST", "POST", "DELETE", "PUT", "GET", "POST", "GET", "GET"])
        let origin = "http://localhost:8080/api/v1/"
        #expect(api.requests.map(\.url) == [
            "user/forceChangePassword", "user/login", "project/{{ projectUUID }}", "project",
            "project/lookup?name={{ projectName }}&version={{ projectVersion }}", "bom", "bom/token/{{ bomUploadToken }}",
            "finding/project/{{ projectUUID }}",
        ].map { origin + $0 })
        #expect(api.requests.allSatisfy { !$0.headers.contains { $0.name == "Host" } })
        #expect(api.requests[0].headers == [NamedValue("Content-Type", "application/x-www-form-urlencoded")])
        #expect(api.requests[0].body == .form([
            NamedValue("username", "admin"), NamedValue("password", "admin"),
            NamedValue("newPassword", "{{ adminPassword }}"), NamedValue("confirmPassword", "{{ adminPassword }}"),
        ]))
        #expect(api.requests[1].body == .form([NamedValue("username", "admin"), NamedValue("password", "{{ adminPassword}}")]))
        #expect(api.requests[2].headers == [NamedValue("Authorization", "Bearer {{bearerToken}}")])
        #expect(api.requests[2].body == .none)
        #expect(api.requests[3].headers == [NamedValue("Content-Type", "application/json"), NamedValue("Authorization", "Bearer {{bearerToken}}")])
        #expect(api.requests[3].body == .json("{\n  \"name\": \"{{ projectName }}\",\n  \"version\": \"{{ projectVersion }}\",\n  \"classifier\": \"APPLICATION\"\n}"))
        // The multipart body becomes parts; its boundary header goes with the file's boundary.
        #expect(api.requests[5].headers == [NamedValue("Authorization", "Bearer {{ bearerToken }}")])
        let bom = file.deletingLastPathComponent().appendingPathComponent("src/test/resources/bom-1.xml").standardizedFileURL.path
        #expect(api.requests[5].body == .multipart([
            .file(name: "bom", path: bom), .text(name: "projectName", value: "{{ projectName }}"),
            .text(name: "projectVersion", value: "{{ projectVersion }}"),
        ]))
        #expect(api.skipped.map(\.item) == ["Login as Admin", "Create Project", "Get Project", "Upload BOM"])
        #expect(api.skipped.allSatisfy { $0.reason.contains("response handler") })
        #expect(api.profile.vars.isEmpty)
        #expect(api.environments == [ImportedAPI.Environment(name: "dev", vars: [
            NamedValue("adminPassword", "admin123"), NamedValue("projectName", "Foo"), NamedValue("projectVersion", "1.2.3"),
        ])])
    }

    @Test func swatchHostsAreNamedByTheirRequestLineAndTheirPrivateIdentityIsAPlaceholder() throws {
        let api = try APIImport.read(Fixtures.url("http/swatch", "hosts.http"))
        let products = [
            "OpenShift%20Container%20Platform", "RHEL", "RHEL%20Compute%20Node", "RHEL%20Desktop", "RHEL%20for%20ARM",
            "RHEL%20for%20IBM%20Power", "RHEL%20for%20IBM%20Power", "RHEL%20for%20IBM%20z", "RHEL%20for%20x86", "RHEL%20Server",
            "RHEL%20Workstation", "Satellite", "Satellite%20Capsule", "Satellite%20Server", "Satellite%206", "Satellite%206%20Capsule",
        ]
        let urls = products.map { "{{base_url}}/hosts/products/" + $0 }
        #expect(api.requests.count == 16)
        #expect(api.requests.map(\.url) == urls)
        #expect(api.requests.allSatisfy { $0.method == "GET" && $0.body == .none })
        #expect(api.requests.allSatisfy { $0.headers == [NamedValue("x-rh-identity", "{{identity}}")] })
        // The repeated request line is made unique by the import, the first keeps its name.
        var names = urls.map { "GET " + $0 }
        names[6] += " (2)"
        #expect(api.requests.map { $0.name ?? "" } == names)
        #expect(api.skipped.map(\.item) == ["GET {{base_url}}/hosts/products/Satellite%206", "GET {{base_url}}/hosts/products/Satellite%206%20Capsule"])
        #expect(api.environments == [ImportedAPI.Environment(name: "dev", vars: [
            NamedValue("accountNumber", "account123"), NamedValue("base_url", "http://localhost:8080/api/rhsm-subscriptions/v1"),
            NamedValue("identity", "${env:IDENTITY}"),
        ])])
    }

    @Test func restClientTestsKeepFileVariablesAndSystemVariablesAcrossCRLFLines() throws {
        let file = Fixtures.url("http/restclient", "tests.http")
        #expect(try Data(contentsOf: file).contains(0x0D))
        let api = try APIImport.read(file)
        #expect(api.profile.vars.map(\.name) == ["arm", "graph", "arm-cn", "graph-cn", "arm-de", "graph-de", "arm-us", "graph-us", "arm-ppe", "graph-ppe"])
        #expect(api.profile.vars.first == NamedValue("arm", "https://management.azure.com"))
        #expect(api.profile.vars.last == NamedValue("graph-ppe", "https://graph.ppe.windows.net"))
        let subscriptions = "/subscriptions?api-version=2017-08-01"
        #expect(api.requests.map(\.url) == ["{{arm}}/tenants?api-version=2017-08-01"]
            + ["arm", "arm", "arm", "arm-cn", "arm-de", "arm", "arm-cn", "arm-de", "arm-us", "arm-ppe"].map { "{{\($0)}}" + subscriptions })
        #expect(api.requests.allSatisfy { $0.method == "GET" && $0.body == .none && $0.headers.count == 1 })
        #expect(api.requests.map { $0.headers[0].value } == [
            "{{$aadToken}}", "{{$aadToken f884863f-04ce-4326-b064-dfbc608f0dd2}}", "{{$aadToken dreamsparkuser1outlook.onmicrosoft.com}}",
            "{{$aadToken new dreamsparkuser1outlook.onmicrosoft.com}}", "{{$aadToken}}", "{{$aadToken}}", "{{$aadToken public}}",
            "{{$aadToken new cn bbedd486-2c6a-4208-a2df-56f43cc823aa}}", "{{$aadToken de}}", "{{$aadToken us}}", "{{$aadToken ppe}}",
        ])
        #expect(api.requests[1].name == "GET {{arm}}/subscriptions?api-version=2017-08-01")
        #expect(api.requests[2].name == "GET {{arm}}/subscriptions?api-version=2017-08-01 (2)")
        #expect(api.requests[0].description == "Use the default directory for the account")
        #expect(api.requests[4].description == "Implicit cloud selection (via REST endpoint TLD) -- cn\nTODO: FAILED!!!")
        // `{{$aadToken …}}` is REST Client's own: each request that uses it says so.
        #expect(api.skipped.map(\.item) == api.requests.map { $0.name ?? "" })
        #expect(api.skipped.allSatisfy { $0.reason.hasPrefix("`{{$aadToken}}` is a REST Client / JetBrains system variable") })
        #expect(api.environments.isEmpty)
    }

    @Test func queryMethodExamplesAreNamedByTheirSeparatorText() throws {
        let api = try APIImport.read(Fixtures.url("http/restclient", "query-method-examples.http"))
        #expect(api.requests.map { $0.name ?? "" } == [
            "QUERY with JSON body", "QUERY with XML body", "QUERY with URL-encoded form data", "QUERY with Accept header",
            "QUERY with Authorization", "Using QUERY (safe, idempotent - can be cached)", "Using POST (not safe, potentially not idempotent)",
        ])
        #expect(api.requests.map(\.method) == ["QUERY", "QUERY", "QUERY", "QUERY", "QUERY", "QUERY", "POST"])
        #expect(api.requests.allSatisfy { $0.url == "https://httpbin.org/anything" })
        #expect(api.requests[0].description == "The QUERY method allows sending a request body for complex queries\nwhile maintaining the safe and idempotent semantics of GET")
        #expect(api.requests[1].description == nil)
        #expect(api.requests[1].body == .text(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<query>\n    <filter field=\"status\" value=\"active\"/>\n    <filter field=\"category\" value=\"books\"/>\n    <limit>25</limit>\n</query>",
            contentType: "application/xml"))
        #expect(api.requests[2].body == .form([NamedValue("search", "keyword"), NamedValue("category", "all"), NamedValue("page", "1")]))
        #expect(api.requests[3].headers == [NamedValue("Content-Type", "application/json"), NamedValue("Accept", "application/json")])
        #expect(api.requests[3].body == .json("{\n    \"query\": \"SELECT * FROM items WHERE active = true\"\n}"))
        #expect(api.requests[4].headers.last == NamedValue("Authorization", "Bearer {{token}}"))
        #expect(api.profile.vars == [NamedValue("token", "your-bearer-token")])
        #expect(api.skipped.isEmpty)
    }

    /// Every `.http` fixture.
    static var all: [URL] {
        ["hyades", "swatch", "restclient"].flatMap { Fixtures.files("http/\($0)", endingWith: [".http", ".rest"]) }
    }
}
