import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// `SentRequest`'s normal form: what differs only in how a format writes it compares equal; what
/// a server would receive differently does not.
@Suite struct RoundTripComparisonTests {
    static var profile: Profile {
        var profile = Profile(name: "p")
        profile.baseURL = "https://api.test/v1/"
        profile.headers = [NamedValue("Accept", "application/json"), NamedValue("Cookie", "sid=abc123")]
        profile.auth = .bearer("${env:TOKEN}")
        return profile
    }

    @Test func theProfileAppliesAndTemplatesAndPlaceholdersCompareAlike() {
        let template = RequestSpec(method: "get", url: "pets/{petId}{?limit,tags}", parameters: [
            .init(name: "petId", location: .path, required: true), .init(name: "limit", location: .query, required: true),
            .init(name: "tags", location: .query),
        ])
        let sent = SentRequest(template, profile: Self.profile)
        #expect(sent.method == "GET")
        #expect(sent.url == "https://api.test/v1/pets/{{petId}}?limit={{limit}}")
        #expect(sent.headers == [NamedValue("Accept", "application/json"), NamedValue("Authorization", "Bearer {{TOKEN}}"), NamedValue("Cookie", "{{cookie}}")])
        // The same request as a Postman or .http export holds it: profile values on the request, base URL a variable.
        var exported = Profile(name: "p")
        exported.vars = [NamedValue("baseUrl", "https://api.test/v1")]
        exported.auth = .bearer("{{TOKEN}}")
        let written = RequestSpec(url: "{{baseUrl}}/pets/{{petId}}?limit={{limit}}",
                                  headers: [NamedValue("Cookie", "{{cookie}}"), NamedValue("Accept", "application/json")])
        #expect(SentRequest(written, profile: exported) == sent)
        #expect(SentRequest(RequestSpec(url: "{{baseUrl}}/pets/{{petId}}?limit={{limit}}&tags={{tags}}"), profile: exported).url != sent.url)
        // An empty base URL is left to fill, as no base URL is.
        #expect(SentRequest(RequestSpec(url: "/x"), profile: Profile(name: "")).url == "{{baseUrl}}/x")
        exported.vars = [NamedValue("baseUrl", "")]
        #expect(SentRequest(RequestSpec(url: "{{baseUrl}}/x"), profile: exported).url == "{{baseUrl}}/x")
    }

    @Test func bodiesCompareByContentAndTheirTypeIsAHeader() {
        let none = Profile(name: "")
        let json = SentRequest(RequestSpec(method: "POST", url: "x", body: .json("{\"a\": [1, 2]}")), profile: none)
        let text = SentRequest(RequestSpec(method: "POST", url: "x", headers: [NamedValue("Content-Type", "application/json")],
                                           body: .text("{\n  \"a\": [1,2]\n}", contentType: "application/json")), profile: none)
        #expect(json == text)
        #expect(json.headers == [NamedValue("Content-Type", "application/json")])
        #expect(SentRequest(RequestSpec(method: "POST", url: "x", body: .json("{\"a\": [2, 1]}")), profile: none) != json)
        #expect(SentRequest(RequestSpec(method: "POST", url: "x", body: .text("a b", contentType: nil)), profile: none).body == .text("a b"))
        #expect(SentRequest(RequestSpec(method: "POST", url: "x", body: .text("a b", contentType: nil)), profile: none)
            != SentRequest(RequestSpec(method: "POST", url: "x", body: .text("a  b", contentType: nil)), profile: none))
        let form = SentRequest(RequestSpec(method: "POST", url: "x", body: .form([NamedValue("a", "1")])), profile: none)
        #expect(form.headers == [NamedValue("Content-Type", "application/x-www-form-urlencoded")])
        // A multipart body's Content-Type holds the writer's boundary: left out.
        let parts: [MultipartPart] = [.text(name: "a", value: "1")]
        #expect(SentRequest(RequestSpec(method: "POST", url: "x", headers: [NamedValue("Content-Type", "multipart/form-data; boundary=X")],
                                        body: .multipart(parts)), profile: none)
            == SentRequest(RequestSpec(method: "POST", url: "x", body: .multipart(parts)), profile: none))
    }

    @Test func headersOfOneNameKeepTheirOrderAndARequestHeaderReplacesACommonOne() {
        let request = RequestSpec(url: "x", headers: [NamedValue("X-B", "2"), NamedValue("Accept", "text/plain"), NamedValue("X-A", "1"), NamedValue("X-B", "1")])
        #expect(SentRequest(request, profile: Self.profile).headers == [
            NamedValue("Accept", "text/plain"), NamedValue("Authorization", "Bearer {{TOKEN}}"), NamedValue("Cookie", "{{cookie}}"),
            NamedValue("X-A", "1"), NamedValue("X-B", "2"), NamedValue("X-B", "1"),
        ])
    }
}
