import Foundation
import LocatedYAML
import RequestModel
import Testing
@testable import ImportExport

/// Hurl's syntax, each rule on a small file written for it; bad files refused at their place.
@Suite struct HurlSyntaxTests {
    typealias Assert = RequestSpec.Assert

    @Test func aHurlFileIsToldByItsNameOrByAResponseLineOrSectionAfterARequestLine() {
        #expect(ImportFormat.detect(Data("GET https://example.org\n".utf8), fileName: "smoke.hurl") == .hurl)
        #expect(ImportFormat.detect(Data("GET https://example.org\nHTTP 200\n".utf8), fileName: "smoke.txt") == .hurl)
        #expect(ImportFormat.detect(Data("POST https://example.org/login\n[FormParams]\nuser: ann\n".utf8), fileName: "login") == .hurl)
        #expect(ImportFormat.detect(Data("GET https://example.org\nHTTP/1.1 *\n".utf8), fileName: "smoke") == .hurl)
        // A .http file stays one; a request line alone is .http as before.
        #expect(ImportFormat.detect(Data("GET https://example.org\nHTTP 200\n".utf8), fileName: "api.http") == .http)
        #expect(ImportFormat.detect(Data("GET https://example.com/pets\nAccept: application/json\n".utf8), fileName: "requests.txt") == .http)
    }

    @Test func optionsRetryWithoutEndUnitsAndWhatHasNoEquivalent() throws {
        let api = try importHurl("""
            GET https://example.org/jobs/1
            [Options]
            retry: -1
            retry-interval: 2s
            delay: 500
            insecure: true
            HTTP 200
            [Asserts]
            jsonpath "$.state" == "done"
            """)
        let until = [Assert(.status, .equals(.number("200"))), Assert(.json(try JSONPath("$.state")), .equals(.string("done")))]
        #expect(api.requests[0].poll == RequestSpec.Poll(until: until, every: 2, max: 10_000))
        #expect(api.skipped.map(\.reason) == [
            "line 5: delay: 500: a wait before the request has no equivalent",
            "line 6: insecure: true: the option insecure has no equivalent",
            "retry: -1 (without end) is a poll of at most 10000 tries",
        ])
        // Hurl's default interval is 1000 ms; retry: 0 is no retry; a retry with no assert to wait for is listed.
        #expect(try importHurl("GET https://e.org/a\n[Options]\nretry: 3\nHTTP 200\n").requests[0].poll?.every == 1)
        #expect(try importHurl("GET https://e.org/a\n[Options]\nretry: 0\nHTTP 200\n").requests[0].poll == nil)
        let nothing = try importHurl("GET https://e.org/a\n[Options]\nretry: 3\nHTTP *\n")
        #expect(nothing.requests[0].poll == nil)
        #expect(nothing.skipped.map(\.reason) == ["retry: 3: no assert of the entry to wait for (a poll waits for asserts)"])
        #expect(HurlOptions.seconds("150ms") == 0.15)
        #expect(HurlOptions.seconds("1m") == 60)
        #expect(HurlOptions.seconds("soon") == nil)
    }

    @Test func negationsThatAreOneOfOurPredicatesAndThoseThatAreNot() throws {
        let api = try importHurl("""
            GET https://example.org/n
            HTTP 200
            [Asserts]
            jsonpath "$.n" not == 1
            jsonpath "$.n" not != 2
            jsonpath "$.n" not > 3
            jsonpath "$.n" not >= 4
            jsonpath "$.n" not < 5
            jsonpath "$.n" not <= 6
            jsonpath "$.n" not exists
            jsonpath "$.n" not startsWith "x"
            jsonpath "$.n" count > 2
            jsonpath "$.n" count not != 3
            duration < 500
            status >= 200
            version == "2"
            header "X-Id" isInteger   # the note leaves this comment out
            """)
        #expect(api.requests[0].asserts.dropFirst() == [
            Assert(.json(try JSONPath("$.n")), .notEquals(.number("1"))), Assert(.json(try JSONPath("$.n")), .equals(.number("2"))),
            Assert(.json(try JSONPath("$.n")), .lessOrEqual(.number("3"))), Assert(.json(try JSONPath("$.n")), .lessThan(.number("4"))),
            Assert(.json(try JSONPath("$.n")), .greaterOrEqual(.number("5"))), Assert(.json(try JSONPath("$.n")), .greaterThan(.number("6"))),
            Assert(.json(try JSONPath("$.n")), .exists(false)), Assert(.json(try JSONPath("$.n")), .count(3)),
            Assert(.duration, .lessThan(.number("500"))), Assert(.status, .greaterOrEqual(.number("200"))),
            Assert(.httpVersion, .equals(.string("HTTP/2"))),
        ])
        #expect(api.skipped.map(\.reason) == [
            "line 11: jsonpath \"$.n\" not startsWith \"x\": not startsWith has no equivalent",
            "line 12: jsonpath \"$.n\" count > 2: count > has no equivalent (count only equals a number)",
            "line 17: header \"X-Id\" isInteger: isInteger has no equivalent",
        ])
    }

    @Test func theResponseLineGivesStatusAndVersionAssertsAStarNone() throws {
        let api = try importHurl("GET https://e.org/a\nHTTP/2 *\n\nGET https://e.org/b\nHTTP/1.1 201\n\nGET https://e.org/c\nHTTP *\n\nGET https://e.org/d\n")
        #expect(api.requests.map(\.asserts) == [
            [Assert(.httpVersion, .equals(.string("HTTP/2")))],
            [Assert(.status, .equals(.number("201"))), Assert(.httpVersion, .equals(.string("HTTP/1.1")))],
            [], [],
        ])
    }

    @Test func capturesMayBeRedactedAndTakeOneRegexFilter() throws {
        let api = try importHurl("""
            POST https://example.org/login
            {"user": "ann", "password": "{{password}}"}
            HTTP 200
            [Captures]
            token: jsonpath "$.token" redact
            sid: header "Set-Cookie" regex "sid=([^;]+)"
            code: status
            id: jsonpath "$.id" toInt
            """)
        #expect(api.requests[0].body == .json("{\"user\": \"ann\", \"password\": \"{{password}}\"}"))
        #expect(api.requests[0].captures == [
            RequestSpec.Capture("token", .json(try JSONPath("$.token")), secret: true),
            RequestSpec.Capture("sid", .header("Set-Cookie"), regex: "sid=([^;]+)"),
            RequestSpec.Capture("code", .status),
        ])
        #expect(api.skipped.map(\.reason) == ["line 8: id: jsonpath \"$.id\" toInt: the filter toInt has no equivalent"])
    }

    @Test func oneOriginIsTheBaseURLTemplatesStayAsWrittenAndQueryParamsAreEncoded() throws {
        let api = try importHurl("""
            # a comment before the first entry
            GET http://localhost:8080/api/search   # and after a URL
            [QueryStringParams]
            q: a b&c
            page: {{page}}
            Accept: text/plain

            GET {{host}}/health
            GET http://localhost:8080
            """)
        #expect(api.profile.baseURL == "http://localhost:8080")
        #expect(api.requests.map(\.url) == ["api/search?q=a%20b%26c&page={{page}}&Accept=text/plain", "{{host}}/health", ""])
        // A line after a section is one of its items, not a header.
        #expect(api.requests[0].headers.isEmpty)
        #expect(api.requests.map { $0.name ?? "" } == ["GET api/search?q=a%20b%26c&page={{page}}&Accept=text/plain", "GET {{host}}/health", "GET /"])
        #expect(try importHurl("GET https://a.org/x\nGET https://b.org/y\n").profile.baseURL == nil)
    }

    @Test func stringEscapesBytesBodiesAndAnImplicitJSONBodyWithTemplates() throws {
        let api = try importHurl(##"""
            POST https://example.org/bytes
            X-Note: a \# is not a comment \u{2708}
            base64,SGVsbG8=;
            HTTP 200
            [Asserts]
            jsonpath "$.text" == "tab\there \"quoted\" \u{e9}"
            body startsWith hex,48656c;
            {"id": {{id}}}

            PUT https://example.org/bytes
            hex,48656c6c6f;

            PUT https://example.org/file
            file,payload.bin;
            """##)
        #expect(api.requests[0].headers == [NamedValue("X-Note", "a # is not a comment \u{2708}")])
        #expect(api.requests[0].body == .binary(Data("Hello".utf8), contentType: nil))
        #expect(api.requests[0].asserts.last == Assert(.json(try JSONPath("$.text")), .equals(.string("tab\there \"quoted\" é"))))
        #expect(api.requests[1].body == .binary(Data("Hello".utf8), contentType: nil))
        #expect(api.requests[2].body == .none)
        #expect(api.skipped.map(\.reason) == [
            "line 7: body startsWith hex,48656c;: hex bytes as an expected value have no equivalent",
            "line 8: the response body: a JSON body with {{templates}} or that is not JSON has no equivalent",
            "line 14: a body read from the file payload.bin has no equivalent; the request is imported without it",
        ])
    }

    @Test(arguments: [
        ("GET https://e.org\n```\nnever closed\n", "api.hurl:2:1: a ``` string that is not closed with ``` at a line's start"),
        ("GET https://e.org\nHTTP abc\n", "api.hurl:2:6: expected a status code (100 to 999) or *"),
        ("GET https://e.org\nHTTP/1.2 200\n", "api.hurl:2:1: HTTP/1.2 is not a version Hurl knows: HTTP, HTTP/1.0, HTTP/1.1, HTTP/2, HTTP/3, HTTP/*"),
        ("GET https://e.org\n[Foo]\n", "api.hurl:2:1: [Foo] is not a request section: [QueryStringParams], [FormParams], [MultipartFormData], [Cookies], [BasicAuth], [Options]"),
        ("GET https://e.org\n[Asserts]\n", "api.hurl:2:1: [Asserts] belongs after the response line (HTTP 200)"),
        ("GET https://e.org\nHTTP 200\n[Asserts]\njsonpath \"$.a\"\n", "api.hurl:4:15: expected a predicate (==, !=, <, exists, matches…)"),
        ("GET https://e.org\nHTTP 200\n[Asserts]\njsonpath \"$.a == 1\n", "api.hurl:4:10: a string that is not closed with \" on its line"),
        ("GET https://e.org\nHTTP 200\n[Asserts]\nstatus == \n", "api.hurl:4:11: == needs a value"),
        ("GET https://e.org\nHTTP 200\n[Asserts]\nheader \"a\" == \"\\q\"\n", "api.hurl:4:17: \\q is not an escape Hurl knows"),
        ("GET https://e.org\nHTTP 200\n[Captures]\nid jsonpath \"$.id\"\n", "api.hurl:4:19: expected NAME: VALUE"),
        ("POST https://e.org\n{\"a\": [1, 2}\n", "api.hurl:2:1: a JSON body whose brackets do not close"),
        ("POST https://e.org\n`one` two\n", "api.hurl:2:7: unexpected text after the body"),
        ("hello there\n", "api.hurl:1:1: expected a request line: METHOD URL"),
        ("GET https://e.org\nHTTP 200\nHTTP 200\n", "api.hurl:3:1: a second response line: expected the next request"),
        ("# only a comment\n\n", "api.hurl:1:1: no entry in the file: expected a request line `METHOD URL`"),
    ])
    func aFileThatDoesNotParseIsRefusedAtItsPlace(text: String, message: String) throws {
        #expect(try hurlProblem(text)?.description == message)
    }

    /// Every fixture cut short anywhere imports or is refused with a line and a column; nothing crashes.
    @Test func aTruncatedFileImportsOrIsRefusedAtAPlace() throws {
        var refused = 0
        for url in Fixtures.files("hurl", endingWith: [".hurl"]) {
            let text = Array(try String(contentsOf: url, encoding: .utf8))
            for cut in stride(from: 0, to: text.count, by: 13) {
                do {
                    _ = try HurlImport.read(Data(String(text[..<cut]).utf8), file: url)
                } catch {
                    refused += 1
                    #expect(error.line != nil && error.column != nil, "\(url.lastPathComponent) cut at \(cut): \(error)")
                }
            }
        }
        // Some cuts land inside a string, a JSON body or a ``` block.
        #expect(refused > 0)
    }
}
