import Foundation
import RequestModel
import Testing
@testable import ImportExport

/// The Hurl fixtures (Tests/Fixtures/hurl/SOURCE.md): facts read off each file by hand —
/// entries, methods, URLs, captures, asserts and what has no equivalent.
@Suite struct HurlImportTests {
    typealias Assert = RequestSpec.Assert

    @Test func retryIsAPollOnTheEntrysAssertsAndCapturesFeedLaterURLs() throws {
        let api = try HurlFixture.imported("retry_option.hurl")
        #expect(api.profile.baseURL == "http://localhost:8000")
        #expect(api.requests.map(\.method) == ["POST", "GET", "DELETE", "GET"])
        #expect(api.requests.map(\.url) == ["jobs", "jobs/{{job_id}}", "jobs/{{job_id}}", "jobs/{{job_id}}"])
        #expect(api.requests.map { $0.name ?? "" } == ["POST jobs", "GET jobs/{{job_id}}", "DELETE jobs/{{job_id}}", "GET jobs/{{job_id}} (2)"])
        #expect(api.requests[0].captures == [RequestSpec.Capture("job_id", .json(try JSONPath("$.id")))])
        #expect(api.requests[0].asserts == [Assert(.status, .equals(.number("201"))), Assert(.json(try JSONPath("$.state")), .equals(.string("RUNNING")))])
        // retry: 10 is ten retries after the first try; retry-interval: 100 is milliseconds.
        let until = [Assert(.status, .equals(.number("200"))), Assert(.json(try JSONPath("$.state")), .equals(.string("COMPLETED")))]
        #expect(api.requests[1].poll == RequestSpec.Poll(until: until, every: 0.1, max: 11))
        #expect(api.requests[1].asserts == until)
        #expect(api.requests.map(\.poll).compactMap { $0 }.count == 1)
        #expect(api.requests[3].asserts == [Assert(.status, .equals(.number("404")))])
        #expect(api.skipped.isEmpty)
    }

    @Test func capturesOfHeadersRegexBodyJSONAndCookiesAreKeptTheOthersListed() throws {
        let api = try HurlFixture.imported("captures.hurl")
        #expect(api.requests.count == 6)
        #expect(api.requests.allSatisfy { $0.method == "GET" })
        #expect(api.requests.map(\.url) == [
            "captures", "captures-check?param1={{param1}}&param2={{param2}}", "captures-check?param1={{param1}}&param2={{param2}}",
            "captures-xml", "captures-cookie", "captures-json",
        ])
        #expect(api.requests[0].captures == [
            RequestSpec.Capture("param1", .header("header1")),
            RequestSpec.Capture("param2", .header("header2"), regex: "Hello (.*)!"),
            RequestSpec.Capture("param3", .header("header2"), regex: "Hello (.*)!"),
            RequestSpec.Capture("data1", .body),
        ])
        #expect(api.requests[0].asserts == [Assert(.status, .equals(.number("200"))), Assert(.header("header1"), .equals(.string("{{param1}}")))])
        #expect(api.requests[3].captures.isEmpty)
        #expect(api.requests[4].captures == [RequestSpec.Capture("a_cookie_value_attr", .cookie("foo"))])
        #expect(api.requests[5].captures.map(\.name) == [
            "an_object", "a_list", "a_null", "an_integer", "a_big_integer", "a_float", "a_bool", "a_string", "a_date_like_string", "all",
        ])
        #expect(api.requests[5].captures.last == RequestSpec.Capture("all", .json(try JSONPath("$"))))
        let notes = HurlFixture.notes(api, "GET captures-xml")
        #expect(notes == [
            "line 36: a_node_set: xpath \"//p\": XPath has no equivalent (explorer reads JSON paths)",
            "line 38: variable \"a_node_set\" count == 2: variable queries have no equivalent (asserts read the response)",
        ])
        let cookieNotes = HurlFixture.notes(api, "GET captures-cookie")
        #expect(cookieNotes.filter { $0.contains("cookie attributes") }.map { String($0.prefix(7)) } == ["line 45", "line 46", "line 47", "line 48", "line 49"])
        #expect(HurlFixture.notes(api, "GET captures-json").contains("line 78: some_bytes: bytes: a bytes capture has no equivalent"))
        // Every skipped item names a request of the import.
        #expect(api.skipped.allSatisfy { item in api.requests.contains { $0.name == item.item } })
    }

    @Test func jsonAssertsMapTheirPredicatesAndNegationsAndListTheRest() throws {
        let api = try HurlFixture.imported("assert_json.hurl")
        #expect(api.requests.count == 8)
        #expect(api.requests.map(\.url) == [
            "assert-json", "assert-json/index", "assert-json", "assert-json/list", "assert-json/filter", "assert-json/filter-by-name",
            "assert-json/big-number", "assert-json/list-in-list",
        ])
        let first = api.requests[0]
        #expect(first.vars.map(\.name) == ["one", "two", "three", "four", "five", "foo"])
        #expect(first.vars.last == NamedValue("foo", "abc"))
        #expect(first.captures == [RequestSpec.Capture("count", .json(try JSONPath("$.count")))])
        // 72 asserts in the file, 21 without an equivalent; HTTP 200 and the implicit JSON body add two.
        #expect(first.asserts.count == 72 - 21 + 2)
        let asserts = Set(first.asserts.map { "\($0.subject.argument ?? $0.subject.key) \($0.predicate.description)" })
        for expected in [
            "$.count equals 5", "$.count equals 5.0", "$.count equals \"{{five}}\"", "$.count notEquals 4", "$.count greaterThan 1",
            "$.success isBool", "$.errors count 2", "$.errors isArray", "$.warnings count 0", "$.toto exists false",
            "$.errors[0] isObject", "$.errors[0].id isString", "$.errors[*].id contains \"error1\"", "$.duration lessOrEqual 2.0",
            "$.duration isNumber", "$.nullable equals null", "$.tags[0] greaterThan \"te\"", "$['profile-id'] equals \"123abc\"",
            "$.empty count 0", "$..id count 3", "$.message equals \"Bob says \\\"Hello\\\"\"",
        ] {
            #expect(asserts.contains(expected), "\(expected)")
        }
        #expect(first.asserts.first == Assert(.status, .equals(.number("200"))))
        #expect(first.asserts.last?.subject == .json(try JSONPath("$")))
        let notes = HurlFixture.notes(api, "GET assert-json")
        #expect(notes.count == 24)
        #expect(notes.first == "line 9: insecure: false: the option insecure has no equivalent")
        #expect(notes.contains("line 13: date0: jsonpath \"$.dates[0]\" toDate \"%+\": the filter toDate has no equivalent"))
        #expect(notes.contains("line 31: jsonpath \"$.errors\" isCollection: isCollection has no equivalent"))
        #expect(notes.contains("line 32: jsonpath \"$.errors\" not isObject: not isObject has no equivalent"))
        #expect(notes.contains("line 55: jsonpath \"$.errors[?(@.id)].id\" nth 0 == \"error1\": the filter nth has no equivalent"))
        #expect(notes.contains("line 62: jsonpath \"$.duration\" isFloat: isFloat has no equivalent"))
        #expect(notes.last == "line 88: jsonpath \"$.uuid\" isUuid: isUuid has no equivalent")
        // The third entry: a {{template}} inside a path and `not contains` have no equivalent.
        #expect(api.requests[2].asserts == [Assert(.status, .equals(.number("200"))), Assert(.json(try JSONPath("$.tags")), .contains(.string("test")))])
        #expect(HurlFixture.notes(api, "GET assert-json (2)").map { String($0.prefix(8)) } == ["line 122", "line 123", "line 125", "line 126"])
        #expect(api.requests[1].captures == [RequestSpec.Capture("index", .body)])
        #expect(api.requests[3].asserts.last == Assert(.json(try JSONPath("$")), .equals(.array([
            .object([.init("id", .number("1")), .init("name", .string("Bob"))]), .object([.init("id", .number("2")), .init("name", .string("Bill"))]),
        ]))))
        #expect(api.requests[6].asserts[1] == Assert(.json(try JSONPath("$.big_integer")), .equals(.number("1000000000000000000000"))))
        #expect(api.requests[7].asserts.count == 1 + 9 + 1)
    }

    @Test func xpathAndCertificateQueriesAreSkippedButTheirRequestsImported() throws {
        let xpath = try HurlFixture.imported("assert_xpath.hurl")
        #expect(xpath.requests.map(\.url) == ["assert-xpath", "assert-xpath-simple-namespaces", "assert-xpath-svg", "assert-xpath-namespaces"])
        #expect(xpath.requests[0].asserts == [Assert(.status, .equals(.number("200"))), Assert(.body, .equals(.string("<data>café</data>")))])
        #expect(xpath.requests.dropFirst().allSatisfy { $0.asserts == [Assert(.status, .equals(.number("200")))] })
        #expect(xpath.skipped.count == 4 + 6 + 3 + 6)
        #expect(xpath.skipped.allSatisfy { $0.reason.hasSuffix("XPath has no equivalent (explorer reads JSON paths)") })

        let certificate = try HurlFixture.imported("letsencrypt.hurl")
        #expect(certificate.profile.baseURL == "https://hurl.dev")
        #expect(certificate.requests.map { $0.name ?? "" } == ["GET /"])
        #expect(certificate.requests[0].url == "")
        #expect(certificate.requests[0].asserts == [Assert(.status, .equals(.number("200")))])
        #expect(certificate.skipped.map(\.reason) == (4...8).map { "line \($0): " }.enumerated().map { index, place in
            let lines = try! String(contentsOf: Fixtures.url("hurl", "letsencrypt.hurl"), encoding: .utf8).split(separator: "\n")
            return place + lines[index + 3] + ": certificate queries have no equivalent"
        })
    }

    @Test func regexQueriesInAssertsHaveNoEquivalent() throws {
        let api = try HurlFixture.imported("assert_regex.hurl")
        #expect(api.requests.count == 1)
        #expect(api.requests[0].asserts == [Assert(.status, .equals(.number("200")))])
        #expect(api.skipped.map { String($0.reason.prefix(7)) } == ["line 5:", "line 6:", "line 7:", "line 8:", "line 9:", "line 12"])
        #expect(api.skipped[2].reason == "line 7: body regex /Hello ([0-9]+)!/ not exists: the filter regex has no equivalent")
    }

    @Test func responseHeadersBecomeHeaderAssertsARepeatedOneAsContains() throws {
        let api = try HurlFixture.imported("assert_header.hurl")
        #expect(api.requests.count == 5)
        #expect(api.requests.map(\.asserts.first) == [200, 200, 302, 302, 302].map { Assert(.status, .equals(.number(String($0)))) })
        #expect(Array(api.requests[0].asserts.prefix(4)) == [
            Assert(.status, .equals(.number("200"))),
            Assert(.header("Content-Type"), .equals(.string("text/html; charset=utf-8"))),
            Assert(.header("Set-Cookie"), .contains(.string("cookie1=value1; Path=/"))),
            Assert(.header("Set-Cookie"), .contains(.string("cookie2=value2; Path=/"))),
        ])
        #expect(api.requests[0].asserts.contains(Assert(.header("Custom"), .exists(false))))
        #expect(api.requests[0].asserts.contains(Assert(.header("ETag"), .equals(.string("\"33a64df551425fcc55e4d42a148795d9f25f89d4\"")))))
        #expect(api.requests[1].captures == [RequestSpec.Capture("fruits", .header("X-fruit"))])
        #expect(api.requests[2].asserts == [Assert(.status, .equals(.number("302"))), Assert(.header("Location"), .equals(.string("http://localhost:8000")))])
        #expect(HurlFixture.notes(api, "GET assert-header-location-http") == [
            "line 48: url == \"http://localhost:8000/assert-header-location-http\": the last URL after redirects has no equivalent",
        ])
    }

    @Test func requestCookiesAreACookieHeaderAndCookieAttributesAreListed() throws {
        let api = try HurlFixture.imported("cookies.hurl")
        #expect(api.requests.count == 11)
        #expect(api.requests[0].headers == [NamedValue("Cookie", "cookie1=valueA")])
        #expect(api.requests[2].headers == [NamedValue("Cookie", "user1=Bob; user2=Bill; user3={{name}}")])
        #expect(api.requests[3].asserts == [
            Assert(.status, .equals(.number("200"))), Assert(.cookie("cookie1"), .exists(false)), Assert(.cookie("cookie2"), .equals(.string("valueA"))),
        ])
        #expect(HurlFixture.notes(api, "GET cookies/set-session-cookie2-valueA") == [
            "line 29: cookie \"cookie2[Path]\" == \"/\": cookie attributes (cookie2[Path]) have no equivalent",
            "line 30: cookie \"cookie2[Expires]\" not exists: cookie attributes (cookie2[Expires]) have no equivalent",
        ])
        #expect(HurlFixture.notes(api, "GET cookies/set").first == "line 60: header \"Set-Cookie\" count == 3: count of a header's values has no equivalent")
    }

    @Test func formParamsMultipartAndOnelineBodies() throws {
        let form = try HurlFixture.imported("form_params.hurl")
        let fields = [
            NamedValue("param1", "value1"), NamedValue("param2", ""), NamedValue("param3", "a=b"), NamedValue("param4", "a%3db"),
            NamedValue("values[0]", "0"), NamedValue("values[1]", "1"),
        ]
        #expect(form.requests.map(\.body) == [.form(fields), .form(fields),
                                              .text("param1=value1&param2=&param3=a%3db&param4=a%253db&values[0]=0&values[1]=1", contentType: nil)])
        #expect(form.requests[2].headers == [NamedValue("Content-Type", "application/x-www-form-urlencoded")])
        #expect(form.requests.map { $0.name ?? "" } == ["POST form-params", "POST form-params (2)", "POST form-params (3)"])

        let multipart = try HurlFixture.imported("multipart_form_data.hurl")
        let folder = Fixtures.url("hurl", "x").deletingLastPathComponent()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).standardizedFileURL.path }
        #expect(multipart.requests[0].body == .multipart([
            .text(name: "key1", value: "value1"), .file(name: "upload1", path: path("data.txt")), .file(name: "upload2", path: path("data.html")),
            .file(name: "upload3", path: path("data.txt")),
        ]))
        #expect(multipart.skipped.map(\.reason) == ["line 7: the content type text/html of the part upload3 has no equivalent"])
        guard case .text(let text, nil) = multipart.requests[1].body else {
            Issue.record("a multiline body is text")
            return
        }
        #expect(text.hasPrefix("--boundary\nContent-Disposition: form-data; name=\"key1\"\n\nvalue1\n"))
        #expect(text.hasSuffix("Hello World!\n--boundary--\n"))
        #expect(multipart.requests[1].headers == [NamedValue("Content-Type", "multipart/form-data; boundary=\"boundary\"")])
    }

    @Test func multilineBodiesFollowTheirLanguageHint() throws {
        let api = try HurlFixture.imported("multilines.hurl")
        #expect(api.requests.map(\.url) == [
            "multilines/plain-text", "multilines/json", "multilines/xml", "multilines/graphql", "multilines/plain-text", "multilines/raw",
        ])
        #expect(api.requests[0].body == .text("line1\nline2\nline3\n", contentType: nil))
        #expect(api.requests[0].asserts == [Assert(.status, .equals(.number("200")))] + Array(repeating: Assert(.body, .equals(.string("line1\nline2\nline3\n"))), count: 3))
        #expect(api.requests[1].body == .json("{\n  \"foo\": \"bar\"\n  \"baz\": 123456\n}\n"))
        guard case .text(let xml, "application/xml") = api.requests[2].body else {
            Issue.record("an xml multiline body is application/xml text")
            return
        }
        #expect(xml.hasPrefix("<?xml version=\"1.0\"?>\n<catalog>\n"))
        // Hurl sends a graphql body as {"query": …}, as the file's own explicit assert says.
        let sent = "{\"query\":\"{\\n  hero {\\n    name\\n    # Queries can have comments!\\n    friends {\\n      name\\n    }\\n  }\\n}\"}"
        #expect(api.requests[3].body == .json(sent))
        #expect(api.requests[3].asserts[1] == Assert(.body, .equals(.string(sent))))
        #expect(api.requests[3].asserts[2] == Assert(.body, .equals(.string(sent))))
        #expect(api.requests[4].vars == [NamedValue("var", "line2")])
        #expect(api.requests[4].body == .text("line1\n{{var}}\nline3\n", contentType: nil))
        #expect(api.requests[5].asserts.last == Assert(.body, .equals(.string("line1\n{{var}}\nline3\n"))))
        #expect(api.skipped.map(\.item) == ["POST multilines/raw"])
    }

    @Test func basicAuthSectionsAndTheUserOptionAreAnAuthorizationHeader() throws {
        let api = try HurlFixture.imported("basic_authentication_per_request.hurl")
        // The first URL carries user info: two origins, so no base URL.
        #expect(api.profile.baseURL == nil)
        #expect(api.requests.count == 5)
        #expect(api.requests[0].url == "http://bob%40email.com:secret@localhost:8000/basic-authentication-per-request")
        // echo -n 'bob@email.com:secret' | base64, as the file's second entry writes it.
        let header = NamedValue("Authorization", "Basic Ym9iQGVtYWlsLmNvbTpzZWNyZXQ=")
        #expect(api.requests.map(\.headers) == [[], [header], [header], [header], []])
        #expect(api.requests.allSatisfy { $0.asserts.last == Assert(.body, .equals(.string("You are authenticated"))) })
        #expect(api.requests[4].vars == [NamedValue("user", "bob@email.com"), NamedValue("password", "secret")])
        #expect(api.skipped.count == 1)
        #expect(api.skipped.first?.item == "GET http://localhost:8000/basic-authentication-per-request (4)")
        #expect(api.skipped.first?.reason.hasPrefix("line 43: user: {{user}}:{{password}}: ") == true)
    }

    @Test func bodyPredicatesAndTheBytesCount() throws {
        let api = try HurlFixture.imported("predicates_string.hurl")
        #expect(api.requests.map(\.url) == ["predicates-string", "predicates-string-empty", "predicates-string-unicode"])
        #expect(api.requests[0].asserts.dropFirst().map(\.predicate) == [
            .equals(.string("Hello World!")), .startsWith("Hello"), .endsWith("!"), .contains(.string("llo")),
            .matches("Hello [a-zA-Z]+!"), .matches("Hello [a-zA-Z]+!"),
        ])
        #expect(api.requests[1].asserts.dropFirst().map(\.predicate) == [.equals(.string("")), .exists(true)])
        #expect(api.requests[2].asserts == [Assert(.status, .equals(.number("200"))), Assert(.body, .equals(.string("\u{2708}"))), Assert(.bytes, .equals(.number("3")))])
        #expect(api.skipped.isEmpty)
    }
}
