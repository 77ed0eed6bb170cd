import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// Query styles and every body kind, checked against what httpbin echoes back.
@Suite struct RequestContentTests {

    func echo(_ client: HTTPClient, _ request: HTTPRequest) async throws -> [String: Any] {
        let response = try await client.send(request)
        return try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
    }

    @Test func queryValuesConvertAndKeepTheirOrder() async throws {
        try await withHttpbin { client in
            let date = Date(timeIntervalSince1970: 1_600_000_000)
            let request = HTTPRequest(.get, "get").query([
                "type": "poi", "max": 5, "ratio": 0.5, "disabled": false, "when": date,
                "ids": [1, 2, 3], "filter": ["a": "x y", "b": true],
            ])
            let response = try await client.send(request)
            let query = try #require(response.url?.query)
            #expect(query == "disabled=0&filter%5Ba%5D=x%20y&filter%5Bb%5D=1&ids%5B%5D=1&ids%5B%5D=2&ids%5B%5D=3&max=5&ratio=0.5&type=poi&when=2020-09-13T12%3A26%3A40Z")
            let args = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])["args"] as? [String: Any]
            #expect(args?["ids[]"] as? [String] == ["1", "2", "3"])
            #expect(args?["filter[a]"] as? String == "x y")
        }
    }

    @Test func queryStylesNoBracketsAndLiterals() async throws {
        try await withHttpbin { client in
            let request = HTTPRequest(.get, "get").query(["ids": [1, 2], "on": true])
                .queryEncodingStyle(array: .noBrackets, bool: .asLiterals)
            let args = try await echo(client, request)["args"] as? [String: Any]
            #expect(args?["ids"] as? [String] == ["1", "2"])
            #expect(args?["on"] as? String == "true")
        }
    }

    @Test func alreadyEncodedTextIsNotEncodedTwice() async throws {
        try await withHttpbin { client in
            let response = try await client.send(HTTPRequest(.get, "get?x=%41").query(["y": "%41"]))
            #expect(response.url?.query == "x=%41&y=%2541")
            let args = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])["args"] as? [String: Any]
            #expect(args?["x"] as? String == "A")
            #expect(args?["y"] as? String == "%41")
        }
    }

    @Test func jsonFromAny() async throws {
        try await withHttpbin { client in
            let body = try await echo(client, HTTPRequest(.post, "post").json(["name": "Zoë", "tags": ["a", "b"], "n": 1]))
            #expect((body["json"] as? [String: Any])?["name"] as? String == "Zoë")
            #expect((body["headers"] as? [String: String])?["Content-Type"] == "application/json")
        }
    }

    struct User: Codable, Sendable { let name: String; let joined: Date }

    @Test func jsonFromEncodableWithTheClientsEncoder() async throws {
        try await withHttpbin { client in
            client.configureJSONEncoder { $0.dateEncodingStrategy = .secondsSince1970 }
            let body = try await echo(client, HTTPRequest(.post, "post").json(User(name: "ada", joined: Date(timeIntervalSince1970: 42))))
            let json = try #require(body["json"] as? [String: Any])
            #expect(json["name"] as? String == "ada")
            #expect(json["joined"] as? Double == 42)
        }
    }

    @Test func invalidJSONFailsBeforeSending() async throws {
        try await withHttpbin { client in
            let error = await expectFailure { try await client.send(HTTPRequest(.post, "post").json(["bad": Date()] as [String: Any])) }
            #expect(error?.kind == .invalidBody)
            #expect(error?.attempts.isEmpty == true)
        }
    }

    @Test func formURLEncoded() async throws {
        try await withHttpbin { client in
            let body = try await echo(client, HTTPRequest(.post, "post").formURLEncoded([QueryEntry("user", .string("a b&c")), QueryEntry("p", .int(1)), QueryEntry("p", .int(3))]))
            #expect((body["form"] as? [String: Any])?["user"] as? String == "a b&c")
            #expect((body["form"] as? [String: Any])?["p"] as? [String] == ["1", "3"])
            #expect((body["headers"] as? [String: String])?["Content-Type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test func multipartWithFileStringDataAndStream() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report.json")
        try Data("{\"ok\":true}".utf8).write(to: file)
        try await withHttpbin { client in
            let request = HTTPRequest(.post, "post").multipart { form in
                form.add(fileURL: file, name: "attachment")
                form.add(string: "bug", name: "report_type")
                form.add(data: Data("raw".utf8), name: "binary_data", filename: "raw.bin")
                form.add(stream: { AsyncThrowingStream { $0.yield(Data("streamed".utf8)); $0.finish() } }, name: "blob", length: 8)
            }
            let body = try await echo(client, request)
            let files = try #require(body["files"] as? [String: Any])
            #expect(files["attachment"] as? String == "{\"ok\":true}")
            #expect(files["binary_data"] as? String == "raw")
            #expect(files["blob"] as? String == "streamed")
            #expect((body["form"] as? [String: Any])?["report_type"] as? String == "bug")
            let headers = try #require(body["headers"] as? [String: String])
            #expect(headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(headers["Content-Length"] != nil)
        }
    }

    @Test func aStreamOfUnknownLengthGoesChunked() async throws {
        try await withDemo { _, client in
            let chunks = 50
            let request = HTTPRequest(.post, "upload").body(.stream(length: nil, contentType: "application/octet-stream") {
                AsyncThrowingStream { continuation in
                    for _ in 0..<chunks { continuation.yield(Data(repeating: 7, count: 1000)) }
                    continuation.finish()
                }
            })
            let response = try await client.send(request)
            let json = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
            #expect(json["bytes"] as? Int == chunks * 1000)
        }
    }

    @Test func perRequestAuthBeatsTheClients() async throws {
        try await withHttpbin { client in
            client.auth = .bearer("client-token")
            let own = try await echo(client, HTTPRequest(.get, "headers").auth(.basic(username: "u", password: "p")))
            #expect((own["headers"] as? [String: String])?["Authorization"] == "Basic dTpw")
            let clients = try await echo(client, HTTPRequest(.get, "headers"))
            #expect((clients["headers"] as? [String: String])?["Authorization"] == "Bearer client-token")
            client.auth = .custom(header: "X-API-Key", value: "k")
            let custom = try await echo(client, HTTPRequest(.get, "headers"))
            #expect((custom["headers"] as? [String: String])?["X-Api-Key"] == "k")
        }
    }

    @Test func theModifierRunsBeforeEveryAttempt() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let seen = Recorder<Int>()
            client.modifyRequests { request in
                seen.append(1)
                request.headers["X-Signed"] = "yes"
            }
            let response = try await client.send(HTTPRequest(.get, "flaky/2"))
            #expect(response.status == 200)
            #expect(seen.values.count == 3)
        }
    }

    @Test func theErrorHandlerRedirectsTransparently() async throws {
        try await withDemo { server, client in
            client.handleErrors { error, _ in
                error.status == 404 ? .redirect(to: URL(string: server.baseURL + "status/200")!) : .none
            }
            let response = try await client.send(HTTPRequest(.get, "no/such/thing"))
            #expect(response.status == 200)
            #expect(response.events.count("redirect.followed") == 1)
        }
    }
}

/// Typed header names, the error-message decoder and method rewriting on redirects.
@Suite struct HeaderErrorAndRedirectMethodTests {
    func echo(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
    }

    @Test func typedAndCustomHeaderNames() async throws {
        try await withDemo { _, client in
            let request = HTTPRequest(.get, "echo").header(.acceptLanguage, "it-it").header("X-MyHeader", "v")
                .headers { $0[.userAgent] = "my-agent" }
            let headers = try #require(try echo(try await client.send(request))["headers"] as? [String: [String]])
            #expect(headers["Accept-Language"] == ["it-it"])
            #expect(headers["X-MyHeader"] == ["v"])
            #expect(headers["User-Agent"] == ["my-agent"])
        }
    }

    @Test func theServersMessageIsOnTheErrorAndTheDecoderIsConfigurable() async throws {
        try await withDemo { _, client in
            let standard = await expectFailure { try await client.send(HTTPRequest(.get, "auth/protected")) }
            #expect(standard?.serverMessage == "token expired or missing")
            var custom = HTTPDefaultValidator()
            custom.errorMessage = { body in
                (try? JSONSerialization.jsonObject(with: body.data) as? [String: Any])?["error"].map { "server says: \($0)" }
            }
            client.validators = [custom]
            let decoded = await expectFailure { try await client.send(HTTPRequest(.get, "auth/protected")) }
            #expect(decoded?.serverMessage == "server says: token expired or missing")
            #expect(decoded?.message.contains("server says:") == true)
        }
    }

    @Test(arguments: [(301, "GET", ""), (302, "GET", ""), (303, "GET", ""), (307, "POST", "payload"), (308, "POST", "payload")])
    func redirectsRewriteOrKeepMethodAndBody(_ status: Int, _ method: String, _ body: String) async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.post, "redirect-to?status=\(status)&url=%2Fecho").body("payload"))
            let json = try echo(response)
            #expect(json["method"] as? String == method)
            #expect(json["body"] as? String == body)
            #expect(response.events.count("redirect.followed") == 1)
        }
    }

    @Test func aRedirectCanBeDecidedPerHop() async throws {
        try await withDemo(configure: { $0.redirects = .decide(max: 10) { _, _, to in to.path != "/redirect/1" } }) { _, client in
            let response = try await client.send(HTTPRequest(.get, "redirect/3"))
            #expect(response.status == 302)
            #expect(response.headers["Location"] == "/redirect/1")
            #expect(response.events.count("redirect.followed") == 1)
        }
    }
}
