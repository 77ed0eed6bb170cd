import Foundation
import LocatedYAML
import RequestModel
import Testing
@testable import ImportExport

/// The `.http` grammar piece by piece, on small texts: names, request lines, continuation URLs,
/// headers, bodies, variables, scripts, origin-form targets, environment files, bad input.
@Suite struct HTTPFileSyntaxTests {
    @Test func aRequestIsNamedByItsTagElseItsSeparatorElseItsRequestLine() throws {
        let api = try importHTTP("""
            ### Log in
            # @name login
            POST https://example.com/login

            ### List pets
            // @name=listPets
            GET https://example.com/pets

            ### Show one
            GET https://example.com/pets/1

            ###
            DELETE https://example.com/pets/1
            """)
        #expect(api.requests.map { $0.name ?? "" } == ["login", "listPets", "Show one", "DELETE https://example.com/pets/1"])
    }

    @Test func indentedLinesContinueTheURLAndTheVersionIsDropped() throws {
        let api = try importHTTP("""
            GET https://example.com/api/items
                ?page=2
                &size=10 HTTP/1.1
            Accept: application/json
            """)
        #expect(api.requests[0].url == "https://example.com/api/items?page=2&size=10")
        let plain = try importHTTP("GET https://example.com/a HTTP/1.1\n    ?x=1\n    &y=2\nAccept: */*\n")
        #expect(plain.requests[0].url == "https://example.com/a?x=1&y=2")
        #expect(plain.requests[0].headers == [NamedValue("Accept", "*/*")])
    }

    @Test func aBareURLIsAGetAndCommentsBetweenHeadersAreLeftOut() throws {
        let api = try importHTTP("""
            # the health check
            https://example.com/health
            # why we send it
            Accept: text/plain
            // and this
            X-Trace: 1
            """)
        #expect(api.requests[0].method == "GET")
        #expect(api.requests[0].url == "https://example.com/health")
        #expect(api.requests[0].headers == [NamedValue("Accept", "text/plain"), NamedValue("X-Trace", "1")])
        #expect(try importHTTP("post https://example.com/x\n").requests[0].method == "POST")
    }

    @Test func fileVariablesBecomeProfileVarsTheLaterOneWinning() throws {
        let api = try importHTTP("""
            @host = https://one.example.com
            @token = abc
            ###
            GET {{host}}/a
            Authorization: Bearer {{token}}

            ###
            @host = https://two.example.com
            GET {{host}}/b
            """)
        #expect(api.profile.vars == [NamedValue("host", "https://two.example.com"), NamedValue("token", "abc")])
        #expect(api.requests.map(\.url) == ["{{host}}/a", "{{host}}/b"])
        #expect(api.title == "api")
    }

    @Test func anOriginFormTargetTakesItsOriginFromTheHostHeader() throws {
        let api = try importHTTP("""
            GET /v1/pets
            Host: api.example.com:443

            ###
            GET /v1/pets?limit=2
            Host: localhost:8080
            Accept: application/json

            ###
            GET /v1/pets
            """)
        #expect(api.requests.map(\.url) == ["https://api.example.com/v1/pets", "http://localhost:8080/v1/pets?limit=2", "/v1/pets"])
        #expect(api.requests[0].headers.isEmpty)
        #expect(api.requests[1].headers == [NamedValue("Accept", "application/json")])
    }

    @Test func bodiesAreTypedByContentTypeAndTrimmedOfBlankLines() throws {
        let api = try importHTTP("""
            POST https://example.com/pets
            Content-Type: application/vnd.api+json

            {"name": "Rex"}


            ###
            POST https://example.com/form
            Content-Type: application/x-www-form-urlencoded

            name=Rex%20the%20dog&tags=a+b
            &owner={{owner}}

            ###
            POST https://example.com/notes
            Content-Type: text/plain

            line one

            line three
            """)
        #expect(api.requests[0].body == .json("{\"name\": \"Rex\"}"))
        #expect(api.requests[1].body == .form([NamedValue("name", "Rex the dog"), NamedValue("tags", "a b"), NamedValue("owner", "{{owner}}")]))
        #expect(api.requests[2].body == .text("line one\n\nline three", contentType: "text/plain"))
    }

    @Test func aMultipartBodyWithPartsExplorerCannotHoldStaysText() throws {
        let text = """
            POST https://example.com/upload
            Content-Type: multipart/form-data; boundary="b1"

            --b1
            Content-Disposition: form-data; name="meta"
            Content-Type: application/json

            {"a": 1}
            --b1--
            """
        let api = try importHTTP(text)
        #expect(api.requests[0].headers == [NamedValue("Content-Type", "multipart/form-data; boundary=\"b1\"")])
        #expect(api.requests[0].body == .text("--b1\nContent-Disposition: form-data; name=\"meta\"\nContent-Type: application/json\n\n{\"a\": 1}\n--b1--",
                                              contentType: "multipart/form-data; boundary=\"b1\""))
    }

    @Test func aBodyFromAFileIsReadBesideTheHTTPFileOrLeftOutWithANote() throws {
        let folder = try HTTPFileFolder([
            "api.http": """
                ### create
                POST https://example.com/pets
                Content-Type: application/json

                < ./bodies/pet.json

                ### missing
                POST https://example.com/pets
                Content-Type: application/json

                < ./bodies/none.json
                """,
            "bodies/pet.json": "{\"name\": \"Rex\"}\n",
        ])
        defer { folder.remove() }
        let api = try folder.read()
        #expect(api.requests[0].body == .json("{\"name\": \"Rex\"}\n"))
        #expect(api.requests[1].body == .none)
        #expect(api.skipped.count == 1)
        #expect(api.skipped.first?.item == "missing")
        #expect(api.skipped.first?.reason.contains("./bodies/none.json") == true)
    }

    @Test func scriptsHandlersRedirectsAndPromptsAreSkippedByRequestName() throws {
        let api = try importHTTP("""
            ### login
            # @prompt otp
            < {%
              request.variables.set("nonce", "1")
            %}
            POST https://example.com/login
            Content-Type: application/json

            {"otp": "{{otp}}"}

            > {%
              client.global.set("token", response.body.token)
            %}
            >> login.json

            ### me
            GET https://example.com/me
            Authorization: Bearer {{login.response.body.token}}
            > ./check.js
            """)
        #expect(api.requests.count == 2)
        #expect(api.requests[0].body == .json("{\"otp\": \"{{otp}}\"}"))
        #expect(api.requests[1].headers == [NamedValue("Authorization", "Bearer {{login.response.body.token}}")])
        #expect(api.requests[1].body == .none)
        #expect(api.skipped.map(\.item) == ["login", "login", "login", "login", "me", "me"])
        let reasons = api.skipped.map(\.reason)
        #expect(reasons[0].contains("@prompt otp"))
        #expect(reasons[1].contains("pre-request script"))
        #expect(reasons[2].contains("response handler"))
        #expect(reasons[3].contains(">> login.json"))
        #expect(reasons[4].contains("response handler"))
        #expect(reasons[5].contains("{{login.response"))
    }

    @Test func otherClientsPlaceholdersAreKeptAndEachNamedOnce() throws {
        let api = try importHTTP("""
            POST https://example.com/orders?id={{$uuid}}
            Authorization: Bearer {{login.response.body.token}}
            Content-Type: application/json

            {"id": "{{$uuid}}", "by": "{{login.response.body.user}}", "at": "{{ $timestamp }}"}
            """)
        #expect(api.requests[0].url == "https://example.com/orders?id={{$uuid}}")
        #expect(api.skipped.count == 3)
        #expect(api.skipped[0].reason.hasPrefix("`{{$uuid}}` is a REST Client / JetBrains system variable"))
        #expect(api.skipped[1].reason.hasPrefix("`{{$timestamp}}`"))
        #expect(api.skipped[2].reason.hasPrefix("`{{login.response…}}` reads the request `login`'s exchange"))
    }

    @Test func environmentsMergeSharedAndTurnPrivateValuesIntoPlaceholders() throws {
        let folder = try HTTPFileFolder([
            "api.http": "GET {{host}}/pets\nX-Api-Key: {{api-key}}\n",
            "http-client.env.json": """
                {"$shared": {"version": "v1", "host": "https://shared.example.com"},
                 "dev": {"host": "http://localhost:8080", "debug": true, "retries": 3},
                 "prod": {"host": "https://api.example.com", "Security": {"Auth": {}}}}
                """,
            "http-client.private.env.json": #"{"dev": {"api-key": "dev-secret"}, "prod": {"api-key": "prod-secret"}, "staging": {"api-key": "s"}}"#,
        ])
        defer { folder.remove() }
        let api = try folder.read()
        #expect(api.environments == [
            ImportedAPI.Environment(name: "dev", vars: [NamedValue("version", "v1"), NamedValue("host", "http://localhost:8080"),
                                                        NamedValue("debug", "true"), NamedValue("retries", "3"), NamedValue("api-key", "${env:API_KEY}")]),
            ImportedAPI.Environment(name: "prod", vars: [NamedValue("version", "v1"), NamedValue("host", "https://api.example.com"),
                                                         NamedValue("api-key", "${env:API_KEY}")]),
            ImportedAPI.Environment(name: "staging", vars: [NamedValue("version", "v1"), NamedValue("host", "https://shared.example.com"),
                                                            NamedValue("api-key", "${env:API_KEY}")]),
        ])
        #expect(api.skipped.map(\.item) == ["http-client.env.json prod.Security"])
        #expect(!api.environments.flatMap(\.vars).contains { $0.value.contains("secret") })
    }

    @Test(arguments: [
        ("GET https://example.com\nContent-Type application/json\n", 2, 1, "expected a header"),
        ("### one\n\n  hello world\n", 3, 3, "expected a request line"),
        ("GET\n", 1, 4, "expected a URL after `GET`"),
        ("### a\n< {%\n  request.variables.set('x', 1)\n### b\nGET https://example.com\n", 2, 3, "never closed"),
        ("GET https://example.com\n\n{}\n\n>   {% client.log(1)\n", 5, 5, "never closed"),
        ("# only a comment\n@a = 1\n", 1, 1, "no request"),
    ] as [(String, Int, Int, String)])
    func badInputNamesTheLineTheColumnAndWhatWasExpected(text: String, line: Int, column: Int, message: String) throws {
        let problem = try #require(try httpProblem(text))
        #expect(problem.file.hasSuffix("/api.http"))
        #expect(problem.line == line)
        #expect(problem.column == column)
        #expect(problem.message.contains(message))
    }

    @Test func anInvalidEnvironmentFileIsRefusedAtItsLineAndColumn() throws {
        let problem = try #require(try httpProblem("GET https://example.com\n", files: ["http-client.env.json": "{\n  \"dev\": {\"a\": 1,}\n}\n"]))
        #expect(problem.file.hasSuffix("/http-client.env.json"))
        #expect(problem.line == 2)
        #expect(problem.column == 18)
        let shape = try #require(try httpProblem("GET https://example.com\n", files: ["http-client.env.json": "{\n  \"dev\": [1]\n}\n"]))
        #expect(shape.line == 2 && shape.column == 3 && shape.key == "dev")
        #expect(shape.message.contains("expected an object of variables"))
    }
}
