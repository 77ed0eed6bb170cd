import CurlSyntax
import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// `explorer export http` and `export curl`: the text written, secrets never written, and the
/// round trips (SPEC §9) on every `.http` fixture.
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
        let requests = [RequestSpec(name: "me", url: "me")]
        let texts = (APIExport.files(.http, profile: profile, requests: requests) + APIExport.files(.curl, profile: profile, requests: requests)).map(\.text)
        for secret in ["abc123", "alice", "hunter2", "${env:"] {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret) written")
        }
        #expect(texts[0].contains("Authorization: Basic {{username}}:{{password}}"))
        #expect(texts[0].contains("Cookie: {{cookie}}"))
    }

    @Test func aRoundTripOfTheExportKeepsMethodURLHeadersAndBody() throws {
        var profile = Self.profile
        profile.headers = []
        profile.auth = nil
        let (again, baseUrl) = try httpRoundTrip(profile: profile, requests: Self.requests)
        #expect(baseUrl == "https://api.example.com/v1")
        #expect(again.map { $0.name ?? "" } == Self.requests.map { $0.name ?? "" })
        #expect(again.map(\.description) == Self.requests.map(\.description))
        // The export adds the Content-Type each body implies; the original implied it without saying.
        let expected = Self.requests.map { request in
            var request = request
            if let type = HTTPFileExportHeaders.contentType(request.body) { request.headers.append(NamedValue("Content-Type", type)) }
            return RoundTripRequest(request, baseUrl: baseUrl)
        }
        #expect(again.map { RoundTripRequest($0, baseUrl: baseUrl) } == expected)
    }

    @Test(arguments: HTTPFileFixtureTests.all)
    func everyFixtureSurvivesImportExportImport(file: URL) throws {
        let api = try APIImport.read(file)
        let (again, baseUrl) = try httpRoundTrip(profile: api.profile, requests: api.requests)
        #expect(again.count == api.requests.count)
        #expect(again.map { $0.name ?? "" } == api.requests.map { $0.name ?? "" })
        #expect(again.map(\.description) == api.requests.map(\.description))
        for (original, copy) in zip(api.requests, again) {
            #expect(RoundTripRequest(copy, baseUrl: baseUrl) == RoundTripRequest(original, baseUrl: baseUrl))
        }
    }

    @Test(arguments: HTTPFileFixtureTests.all)
    func everyFixturesCurlCommandsParseBackToTheSameRequests(file: URL) throws {
        let api = try APIImport.read(file)
        let commands = api.requests.map { CurlListExport.command(profile: api.profile, $0) }
        #expect(CurlListExport.files(profile: api.profile, requests: api.requests).map(\.text) == [commands.joined(separator: "\n")])
        for (request, command) in zip(api.requests, commands) {
            try expectCurl(command, sends: request)
        }
    }

    @Test func theProfilesCurlCommandsParseBackWithTheirPlaceholders() throws {
        for request in Self.requests {
            try expectCurl(CurlListExport.command(profile: Self.profile, request), sends: request, profile: Self.profile)
        }
        let command = CurlListExport.command(profile: Self.profile, Self.requests[0])
        #expect(command.hasPrefix("# list pets\ncurl "))
        #expect(command.contains("'Authorization: Bearer {{TOKEN}}'"))
    }

    /// The command after its `# name` line parses (CurlSyntax) to the request's method, URL,
    /// headers and body; curl itself puts `http://` before a URL without a scheme.
    func expectCurl(_ command: String, sends request: RequestSpec, profile: Profile = Profile(name: "")) throws {
        let lines = command.split(separator: "\n", maxSplits: 1)
        #expect(lines[0] == "# " + (request.name ?? request.summary))
        let parsed = try CurlCommand.parse(String(lines[1]))
        #expect(parsed.effectiveMethod == request.method)
        let url = ExportURL(request).text
        #expect(parsed.url == url || parsed.url == "http://" + url)
        var headers = profile.headers.isEmpty && profile.auth == nil ? request.headers : HTTPFileExportHeaders.headers(profile: profile, request: request)
        if profile.headers.isEmpty && profile.auth == nil, !headers.contains(where: { $0.name.lowercased() == "content-type" }),
           let type = HTTPFileExportHeaders.contentType(request.body) {
            headers.append(NamedValue("Content-Type", type))
        }
        switch request.body {
        case .none:
            #expect(parsed.data.isEmpty && parsed.form.isEmpty)
        case .json(let text), .text(let text, _):
            #expect(parsed.data == [.raw(text)])
        case .form(let fields):
            #expect(parsed.data == fields.map { .urlencode(name: $0.name, .text($0.value)) })
        case .multipart(let parts):
            headers.removeAll { $0.name.lowercased() == "content-type" }
            #expect(parsed.form == parts.map { part in
                switch part {
                case .text(let name, let value): CurlFormPart(name: name, content: .text(value))
                case .file(let name, let path): CurlFormPart(name: name, content: .file(path))
                }
            })
        case .binary: Issue.record("no binary body in these requests")
        }
        #expect(parsed.headers.map { NamedValue($0.name, $0.value) } == headers)
    }
}
