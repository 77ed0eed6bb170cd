import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// SPEC §4: a client's credentials go only to its base URL's origin; other origins get the
/// request without them, and the event stream says so (names, never values).
@Suite struct CredentialOriginTests {
    /// The headers a demo server's `/echo` saw, lower-cased name → values.
    static func echoedHeaders(_ response: HTTPResponse) throws -> [String: [String]] {
        let echo = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
        let headers = try #require(echo["headers"] as? [String: [String]])
        return Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: +)
    }

    /// A client on `server` holding one credential of every kind a client knows, plus a plain header.
    static func configure(_ client: HTTPClient) {
        client.headers = ["X-Plain": "everywhere", "X-Api-Key": "key-secret", "Cookie": "sid=cookie-secret"]
        client.credentialHeaders = ["x-api-key"]
        client.auth = .bearer("bearer-secret")
        client.setHeader("X-Refreshed", "refresh-secret", credential: true)
    }

    static let credentialNames: Set<String> = ["authorization", "x-api-key", "cookie", "x-refreshed"]

    @Test func everyCredentialGoesToTheBaseOriginAndNoneToAnother() async throws {
        let other = try await DemoServer.start()
        try await withDemo { _, client in
            Self.configure(client)
            let home = try Self.echoedHeaders(try await client.send(HTTPRequest(.get, "echo")))
            #expect(Self.credentialNames.isSubset(of: Set(home.keys)))
            #expect(home["x-plain"] == ["everywhere"])

            let away = try await client.send(HTTPRequest(.get, other.baseURL + "echo"))
            let seen = try Self.echoedHeaders(away)
            #expect(Set(seen.keys).isDisjoint(with: Self.credentialNames))
            #expect(seen["x-plain"] == ["everywhere"])

            let withheld = away.events.compactMap { event -> (Int, String, [String])? in
                if case let .credentialsWithheld(attempt, origin, headers) = event.kind { return (attempt, origin, headers) }
                return nil
            }
            #expect(withheld.count == 1)
            #expect(withheld.first?.0 == 1)
            #expect(withheld.first?.1 == "http://127.0.0.1:\(other.port)")
            #expect(Set(withheld.first?.2.map { $0.lowercased() } ?? []) == Self.credentialNames)
            // The line `--events` writes names the headers and never a value.
            let line = try #require(away.events.first { $0.name == "credentials.withheld" }?.jsonLine)
            #expect(line.contains("\"origin\":\"http://127.0.0.1:\(other.port)\""))
            for secret in ["key-secret", "cookie-secret", "bearer-secret", "refresh-secret"] { #expect(!line.contains(secret)) }
            #expect(away.events.names.prefix(3) == ["attempt.started", "credentials.withheld", "response.received"])
        }
        await other.shutdown()
    }

    @Test func localhostAndLoopbackAddressAreTwoOrigins() async throws {
        try await withDemo { server, client in
            Self.configure(client)
            let response = try await client.send(HTTPRequest(.get, "http://localhost:\(server.port)/echo"))
            #expect(Set(try Self.echoedHeaders(response).keys).isDisjoint(with: Self.credentialNames))
            #expect(response.events.count("credentials.withheld") == 1)
            // The same origin spelled with its default-less port and another case is still home.
            let home = try await client.send(HTTPRequest(.get, "HTTP://127.0.0.1:\(server.port)/echo"))
            #expect(Self.credentialNames.isSubset(of: Set(try Self.echoedHeaders(home).keys)))
            #expect(home.events.count("credentials.withheld") == 0)
        }
    }

    @Test func aRequestsOwnCredentialsGoWhereTheRequestSays() async throws {
        let other = try await DemoServer.start()
        try await withDemo { _, client in
            Self.configure(client)
            let response = try await client.send(HTTPRequest(.get, other.baseURL + "echo").header("Authorization", "Bearer mine"))
            let seen = try Self.echoedHeaders(response)
            #expect(seen["authorization"] == ["Bearer mine"])
            #expect(seen["x-api-key"] == nil)
        }
        await other.shutdown()
    }

    @Test func aRedirectToAnotherOriginDropsThemBySameRuleAndSaysSo() async throws {
        let other = try await DemoServer.start()
        try await withDemo { _, client in
            Self.configure(client)
            let target = PercentEncoding.encodeQueryComponent(other.baseURL + "echo")
            let response = try await client.send(HTTPRequest(.get, "redirect-to?status=307&url=\(target)"))
            #expect(Set(try Self.echoedHeaders(response).keys).isDisjoint(with: Self.credentialNames))
            #expect(response.events.names.contains("redirect.followed"))
            let withheld = response.events.first { $0.name == "credentials.withheld" }
            guard case let .credentialsWithheld(_, origin, headers)? = withheld?.kind else {
                Issue.record("no credentials.withheld event on the redirect")
                return
            }
            #expect(origin == "http://127.0.0.1:\(other.port)")
            #expect(Set(headers.map { $0.lowercased() }) == Self.credentialNames)
        }
        await other.shutdown()
    }

    @Test func prepareLeavesThemOutForAnotherOriginSoCurlExportDoesToo() throws {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:9/api/")
        Self.configure(client)
        let home = try client.prepare(HTTPRequest(.get, "x"))
        #expect(home.withheldCredentials.isEmpty)
        #expect(home.headers["Authorization"] == "Bearer bearer-secret")
        let away = try client.prepare(HTTPRequest(.get, "http://127.0.0.1:10/x"))
        #expect(Set(away.withheldCredentials.map { $0.lowercased() }) == Self.credentialNames)
        #expect(away.headers.map { $0.name } == ["X-Plain", "Accept-Encoding"], "what is no credential goes on, the default Accept-Encoding too")
        // Default ports are normalised: https://h and https://h:443 are one origin.
        let tls = try HTTPClient(baseURL: "https://example.test/")
        tls.auth = .bearer("t")
        #expect(try tls.prepare(HTTPRequest(.get, "https://example.test:443/x")).headers["Authorization"] == "Bearer t")
        #expect(try tls.prepare(HTTPRequest(.get, "http://example.test/x")).headers["Authorization"] == nil)
    }
}
