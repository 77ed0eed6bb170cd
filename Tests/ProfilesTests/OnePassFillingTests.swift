import ClientCore
import DemoAPI
import Foundation
import RequestModel
import Testing
@testable import Profiles
import TestSupport

/// SPEC §8: filling is one pass, in one place. What a server answers — `{{apiKey}}`,
/// `${env:API_TOKEN}` — goes out again exactly as it came, through an altRequest's `apply`, a
/// request file's captures and a replayed chain, never filled with the profile's key or the
/// environment. The demo API's /echo answers the query it was sent, so the alternate request and
/// the login below choose what the "server" answers (percent-encoded, which no filling reads).
@Suite struct OnePassFillingTests {
    static let apiKey = "the-users-key"
    static let environment = ["API_TOKEN": "s3cret-from-env"]
    static let hostileQuery = "echo?token=%7B%7BapiKey%7D%7D&env=%24%7Benv%3AAPI_TOKEN%7D"

    static func profile(_ server: DemoServer) -> Profile {
        var profile = Profile(name: "api")
        profile.baseURL = server.baseURL
        profile.headers = [Profile.Header("X-Demo-Key", UUID().uuidString), Profile.Header("X-Region", "{{region}}")]
        profile.vars = [NamedValue("apiKey", apiKey), NamedValue("region", "eu")]
        profile.auth = .bearer("${env:API_TOKEN}")
        profile.timeout = TestTime.scaled(5)
        return profile
    }

    static func echoed(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
    }

    static func echoedHeaders(_ response: HTTPResponse) throws -> [String: [String]] {
        try #require(try echoed(response)["headers"] as? [String: [String]])
    }

    static func withConnection(_ change: (inout Profile) -> Void = { _ in },
                               _ body: (ProfileConnection) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        var profile = Self.profile(server)
        change(&profile)
        let connection = try ProfileConnection(profile, store: nil, environment: environment)
        try await withCleanup({ try await body(connection) }) {
            await connection.shutdown()
            await server.shutdown()
        }
    }

    @Test func theProfilesOwnHeadersFillTheirVarsAndEnvironmentWhenSent() async throws {
        try await Self.withConnection { connection in
            let headers = try Self.echoedHeaders(try await connection.client.send(HTTPRequest(.get, "echo")))
            #expect(headers["X-Region"] == ["eu"])
            #expect(headers["Authorization"] == ["Bearer s3cret-from-env"])
            #expect(connection.variables["apiKey"] == TemplateValue(Self.apiKey))
        }
    }

    @Test func anAltRequestsAnswerIsAppliedAsItCame() async throws {
        try await Self.withConnection({ profile in
            profile.validators = [.altRequest(Profile.AltRequest(
                statuses: [401], method: "GET", url: Self.hostileQuery,
                applyHeaders: [Profile.Header("Authorization", "Bearer {{alt.json $.query.env[0]}}"),
                               Profile.Header("X-Token", "{{alt.json $.query.token[0]}}"),
                               Profile.Header("X-Tagged", "{{region}}-{{alt.json $.query.token[0]}}")]))]
        }) { connection in
            // 401, the alternate request, apply; what follows carries the applied headers.
            _ = try? await connection.client.send(HTTPRequest(.get, "auth/protected"))
            let headers = try Self.echoedHeaders(try await connection.client.send(HTTPRequest(.get, "echo")))
            #expect(headers["Authorization"] == ["Bearer ${env:API_TOKEN}"])
            #expect(headers["X-Token"] == ["{{apiKey}}"])
            #expect(headers["X-Tagged"] == ["eu-{{apiKey}}"])
        }
    }

    @Test func aRequestFileSendsWhatItCapturedAsItCame() async throws {
        let file = try RequestFile(path: "f.yaml", text: """
            requests:
              - name: "login"
                url: "\(Self.hostileQuery)"
                capture:
                  token: { json: "$.query.token[0]" }
                  env: { json: "$.query.env[0]" }
              - name: "me"
                method: "POST"
                url: "echo?t={{token}}"
                headers: ["X-Token: {{token}}", "X-Env: {{env}}"]
                body: { json: "{\\"token\\": \\"{{token}}\\", \\"env\\": \\"{{env}}\\"}" }

            """)
        try await Self.withConnection { connection in
            var run = RequestFileRun(arguments: [:], profile: connection.variables, environment: Self.environment)
            try run.enter(file, profile: connection.variables)
            var last: HTTPResponse?
            for index in file.requests.requests.indices {
                guard case .send(let request) = run.prepare(index, of: file) else { Issue.record("request \(index) was refused"); return }
                let result = await Result { () async throws(HTTPError) in try await connection.client.send(request) }
                let outcome = run.finish(index, of: file, with: result, milliseconds: 0)
                #expect(outcome.failures.isEmpty, "\(outcome.failures)")
                last = try? result.get()
            }
            let echoed = try Self.echoed(try #require(last))
            let headers = try #require(echoed["headers"] as? [String: [String]])
            #expect(headers["X-Token"] == ["{{apiKey}}"])
            #expect(headers["X-Env"] == ["${env:API_TOKEN}"])
            #expect((echoed["query"] as? [String: [String]])?["t"] == ["{{apiKey}}"])
            #expect(echoed["body"] as? String == #"{"token": "{{apiKey}}", "env": "${env:API_TOKEN}"}"#)
        }
    }
}

extension Result where Failure == HTTPError {
    init(_ body: () async throws(HTTPError) -> Success) async {
        do throws(HTTPError) {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
