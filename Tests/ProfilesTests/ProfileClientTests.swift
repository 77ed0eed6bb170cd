import ClientCore
import DemoAPI
import Foundation
import Testing
@testable import Profiles
import TestSupport

/// A profile's client against a real server (the demo API in-process; httpbin for cookies).
@Suite struct ProfileClientTests {
    /// The demo API and a profile on it (its own X-Demo-Key), shut down even when `body` throws.
    static func withServer(_ change: (inout Profile) -> Void = { _ in }, environment: [String: String] = [:],
                           _ body: (DemoServer, HTTPClient) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        var profile = Profile(name: "api")
        profile.baseURL = server.baseURL
        profile.headers = [Profile.Header("X-Demo-Key", UUID().uuidString)]
        profile.timeout = TestTime.scaled(5)
        change(&profile)
        do {
            let client = try profile.makeClient(environment: environment, file: "/p/api.yaml")
            do {
                try await body(server, client)
            } catch {
                await client.shutdown()
                throw error
            }
            await client.shutdown()
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    /// The failure of sending `request`; a success is recorded as an issue.
    static func failure(of request: HTTPRequest, on client: HTTPClient, _ comment: Comment) async -> HTTPError? {
        do {
            let response = try await client.send(request)
            Issue.record("\(comment): \(response.status)")
            return nil
        } catch {
            return error
        }
    }

    /// The headers the demo API's /echo saw.
    static func echoedHeaders(_ response: HTTPResponse) throws -> [String: [String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
        return try #require(object["headers"] as? [String: [String]])
    }

    @Test func headersAndEnvironmentAuthReachTheServerButStayReferencesInTheClient() async throws {
        try await Self.withServer({ profile in
            profile.headers.append(Profile.Header("X-Tenant", "t-${env:TENANT}"))
            profile.auth = .bearer("${env:API_TOKEN}")
        }, environment: ["API_TOKEN": "s3cret", "TENANT": "42"]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "echo"))
            let headers = try Self.echoedHeaders(response)
            #expect(headers["X-Tenant"] == ["t-42"])
            #expect(headers["Authorization"] == ["Bearer s3cret"])
            #expect(client.headers["X-Tenant"] == "t-${env:TENANT}")
            #expect(client.auth == .bearer("${env:API_TOKEN}"))
            // A request's own header of that name wins and is sent as typed.
            let own = try await client.send(HTTPRequest(.get, "echo").header("X-Tenant", "${env:TENANT}"))
            #expect(try Self.echoedHeaders(own)["X-Tenant"] == ["${env:TENANT}"])
        }
    }

    @Test func basicAndHeaderAuthResolveWhenSent() async throws {
        try await Self.withServer({ $0.auth = .basic(username: "ann", password: "${env:PASSWORD}") },
                                  environment: ["PASSWORD": "pw"]) { _, client in
            let headers = try Self.echoedHeaders(try await client.send(HTTPRequest(.get, "echo")))
            #expect(headers["Authorization"] == ["Basic " + Data("ann:pw".utf8).base64EncodedString()])
        }
        try await Self.withServer({ $0.auth = .header(name: "X-Api-Key", value: "${env:KEY}") }, environment: ["KEY": "k1"]) { _, client in
            let headers = try Self.echoedHeaders(try await client.send(HTTPRequest(.get, "echo")))
            #expect(headers["X-Api-Key"] == ["k1"])
        }
    }

    @Test func anUnsetVariableNamesItselfAndTheKey() async throws {
        try await Self.withServer({ $0.auth = .bearer("${env:API_TOKEN}") }) { server, client in
            let error = await Self.failure(of: HTTPRequest(.get, "echo"), on: client, "sent without the token")
            #expect(error?.kind == .invalidHeader)
            #expect(error?.message == "/p/api.yaml: auth.bearer: ${env:API_TOKEN} is not set in the environment")
            #expect(await server.requestCount(path: "/echo", key: client.headers["X-Demo-Key"] ?? "") == 0)
        }
    }

    @Test func theTimeoutIsPerAttempt() async throws {
        try await Self.withServer({ $0.timeout = 0.2 }) { _, client in
            let error = await Self.failure(of: HTTPRequest(.get, "delay/2000"), on: client, "no timeout")
            #expect(error?.attempts.first?.transportFailure?.kind == .timeout)
            #expect(error?.attempts.count == 1)
        }
    }

    @Test func theDeadlineBoundsEveryAttemptTogether() async throws {
        try await Self.withServer({ profile in
            profile.deadline = 0.3
            profile.maxRetries = 5
            profile.validators = [.standard(Profile.DefaultValidator(retry: Profile.Retry(strategy: "delayed", delay: 0.2)))]
        }) { _, client in
            #expect(client.deadline == 0.3 && client.maxRetries == 5)
            let error = await Self.failure(of: HTTPRequest(.get, "flaky/10"), on: client, "no deadline")
            #expect((error?.attempts.count ?? 99) < 6)
        }
    }

    @Test func maxBodyLimitsTheDecodedBody() async throws {
        try await Self.withServer({ profile in profile.maxBody = 1 << 20 }) { _, client in
            #expect(client.configuration.spool.maxBytes == 1 << 20)
            let error = await Self.failure(of: HTTPRequest(.get, "large?mb=4&encoding=gzip"), on: client, "no limit")
            #expect(error?.kind == .bodyTooLarge && error?.message.contains("1 MiB limit") == true)
        }
    }

    @Test func redirectsFollowOrNot() async throws {
        try await Self.withServer({ $0.redirects = Profile.Redirects(follow: false) }) { _, client in
            let status = try await client.send(HTTPRequest(.get, "redirect/1")).status
            #expect(status == 302)
        }
        try await Self.withServer({ $0.redirects = Profile.Redirects(follow: true, max: 1) }) { _, client in
            let status = try await client.send(HTTPRequest(.get, "redirect/1")).status
            #expect(status == 200)
            let error = await Self.failure(of: HTTPRequest(.get, "redirect/3"), on: client, "followed more than one redirect")
            #expect(error?.kind == .tooManyRedirects)
        }
    }

    @Test func theDefaultValidatorTakesTheProfilesStatusesAndStrategy() async throws {
        try await Self.withServer({ profile in
            profile.maxRetries = 2
            profile.validators = [.standard(Profile.DefaultValidator(retryStatuses: [503], retry: Profile.Retry(strategy: "delayed", delay: 0.01)))]
        }) { _, client in
            let response = try await client.send(HTTPRequest(.get, "flaky/2"))
            #expect(response.status == 200 && response.attempts.count == 3)
            let strategies = response.events.compactMap { event -> String? in
                if case .retryScheduled(_, let strategy, _, _) = event.kind { return strategy } else { return nil }
            }
            #expect(strategies == ["delayed 0.01s, cap 0.01s", "delayed 0.01s, cap 0.01s"])
        }
        try await Self.withServer({ profile in
            profile.maxRetries = 2
            profile.validators = [.standard(Profile.DefaultValidator(retryStatuses: [500]))]
        }) { _, client in
            let error = await Self.failure(of: HTTPRequest(.get, "flaky/2"), on: client, "503 was retried although only 500 is")
            #expect(error?.status == 503 && error?.attempts.count == 1)
        }
    }

    /// The demo profile's own refresh: 401, POST auth/refresh, `Authorization: Bearer {{alt.json.token}}`, 200.
    @Test func anAltRequestAppliesTheTokenFromItsResponse() async throws {
        let server = try await DemoServer.start()
        let profile = Profile.demo(baseURL: server.baseURL, key: "demo-\(UUID().uuidString.prefix(8))")
        let client = try profile.makeClient()
        let response = try await client.send(HTTPRequest(.get, "auth/protected"))
        let refreshes = await server.refreshCount(key: client.headers["X-Demo-Key"] ?? "")
        let authorization = client.headers["Authorization"]
        await client.shutdown()
        await server.shutdown()
        #expect(response.status == 200)
        #expect(response.attempts.count == 2)
        #expect(response.events.map(\.name).contains("alt.started") && response.events.map(\.name).contains("alt.finished"))
        #expect(refreshes == 1)
        #expect(authorization?.hasPrefix("Bearer ") == true && authorization != "Bearer {{alt.json.token}}")
    }

    @Test func anApplyWhoseFieldIsMissingFailsSayingSo() async throws {
        try await Self.withServer({ profile in
            profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], method: "GET", url: "status/200",
                                                                 applyHeaders: [Profile.Header("Authorization", "Bearer {{alt.json.token}}")]))]
        }) { _, client in
            let error = await Self.failure(of: HTTPRequest(.get, "auth/protected"), on: client, "no failure")
            #expect(error?.kind == .altRequestFailed)
            #expect(error?.message.contains("GET status/200 answered 200 with no token, which validators[0].altRequest.apply.headers.Authorization needs") == true)
        }
    }

    @Test func theAltRequestsVariablesAreReadWhenItIsSent() async throws {
        try await Self.withServer({ profile in
            profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], method: "POST", url: "${env:REFRESH_PATH}",
                                                                 headers: [Profile.Header("X-Refresh", "${env:REFRESH}")],
                                                                 json: #"{"refresh":"${env:REFRESH}"}"#,
                                                                 applyHeaders: [Profile.Header("Authorization", "Bearer {{alt.json.token}}")]))]
        }, environment: ["REFRESH_PATH": "auth/refresh", "REFRESH": "r1"]) { _, client in
            let status = try await client.send(HTTPRequest(.get, "auth/protected")).status
            #expect(status == 200)
        }
        try await Self.withServer({ profile in
            profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], url: "auth/refresh", json: #"{"refresh":"${env:REFRESH}"}"#))]
        }) { _, client in
            let error = await Self.failure(of: HTTPRequest(.get, "auth/protected"), on: client, "no failure")
            #expect(error?.message.contains("validators[0].altRequest.request.json: ${env:REFRESH} is not set in the environment") == true)
        }
    }

    /// The seed's custom validator, written as profile YAML, against real responses.
    @Test func checksFromYAMLFailAndRetry() async throws {
        let yaml = """
            maxRetries: 3
            validators:
              - check:
                  json: query.code.0
                  failWhen: { notEquals: "0" }
                  message: "server error {{json.query.errorMsg.0}}"
              - check:
                  json: ok
                  retryWhen: missing
                  retry: { strategy: fibonacci, unit: 0.01 }
            """
        let checks = try ProfileReader.read(yaml, name: "ws", file: "ws.yaml")
        try await Self.withServer({ profile in
            profile.maxRetries = checks.maxRetries
            profile.validators = checks.validators
        }) { _, client in
            let error = await Self.failure(of: HTTPRequest(.get, "echo").query("code", "1").query("errorMsg", "disk full"), on: client, "code 1 passed")
            #expect(error?.kind == .validatorFailure && error?.message == "server error disk full")
            #expect(error?.attempts.last?.verdicts.first?.validator == "check query.code.0")
            // flaky/2's 503 bodies have no `ok` (and no code); the third answer has it.
            client.validators = [client.validators[1]]
            let response = try await client.send(HTTPRequest(.get, "flaky/2"))
            #expect(response.status == 200 && response.attempts.count == 3)
            #expect(response.attempts[0].verdicts.first?.reason == "ok is missing: worth a retry")
        }
    }

    @Test func badBaseURLProxyAndCAFileAreNamed() {
        var profile = Profile(name: "api")
        profile.baseURL = "ftp://h/"
        #expect(throws: ProfileProblem.self) { try profile.makeClient(file: "/p/api.yaml") }
        do {
            _ = try profile.makeClient(file: "/p/api.yaml")
        } catch {
            #expect(error.key == "baseURL" && error.file == "/p/api.yaml")
        }
        profile.baseURL = "${env:BASE}"
        #expect(throws: ProfileProblem(file: "/p/api.yaml", line: nil, key: "baseURL", message: "${env:BASE} is not set in the environment")) {
            try profile.makeClient(environment: [:], file: "/p/api.yaml")
        }
        profile.baseURL = nil
        profile.proxy = "not a url"
        #expect(throws: ProfileProblem.self) { try profile.makeClient() }
        profile.proxy = nil
        profile.tls = Profile.TLS(caFile: "/nonexistent/ca.pem")
        #expect(throws: ProfileProblem(file: "profile \"api\"", line: nil, key: "tls.caFile", message: "no readable file /nonexistent/ca.pem")) {
            try profile.makeClient()
        }
    }

    @Test func configurationKeysReachTheClient() throws {
        var profile = Profile(name: "api")
        profile.baseURL = "http://127.0.0.1:9/api/"
        profile.proxy = "http://127.0.0.1:3128"
        profile.cookies = false
        profile.tls = Profile.TLS(insecure: true)
        let client = try profile.makeClient()
        #expect(client.baseURL?.absoluteString == "http://127.0.0.1:9/api/")
        #expect(client.configuration.proxy == .explicit(URL(string: "http://127.0.0.1:3128")!))
        #expect(client.configuration.cookies == false)
        #expect(client.configuration.tls == TLSSettings(insecure: true))
        #expect(client.validators.map(\.name) == ["default"])
        // The caller's CA file wins and its insecure flag stays.
        var given = HTTPClient.Configuration()
        given.tls = TLSSettings(insecure: false, caFile: "/given.pem")
        given.redirects = .refuse
        profile.redirects = Profile.Redirects(follow: true, max: 3)
        let combined = try profile.makeClient(configuration: given)
        #expect(combined.configuration.tls == TLSSettings(insecure: true, caFile: "/given.pem"))
        guard case .refuse = combined.configuration.redirects else {
            Issue.record("the caller's refusal was overridden")
            return
        }
    }

    @Test func validatorsKeepTheProfilesOrderAndNames() throws {
        let profile = try ProfileReader.read(ProfileCheckTests.seedExample, name: "ws", file: "ws.yaml")
        #expect(try profile.makeClient().validators.map(\.name) == ["default", "check code", "check retriable"])
        #expect(try Profile.demo(baseURL: nil, key: "k").makeClient().validators.map(\.name) == ["altRequest", "default"])
    }

    /// `apply` replaces the profile's own auth of the same header for the attempts that follow.
    @Test func appliedHeadersReplaceTheProfilesAuth() async throws {
        try await Self.withServer({ profile in
            profile.auth = .bearer("stale")
            profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], url: "auth/refresh",
                                                                 applyHeaders: [Profile.Header("Authorization", "Bearer {{alt.json.token}}")]))]
        }) { _, client in
            let response = try await client.send(HTTPRequest(.get, "auth/protected"))
            #expect(response.status == 200 && response.attempts.count == 2)
            #expect(client.auth == nil)
            let token = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])["token"] as? String
            #expect(client.headers["Authorization"] == "Bearer \(token ?? "")")
        }
    }

    /// With `cookies: true`, a second connection sends what the first one was given (httpbin sets it).
    @Test func theCookieJarOutlivesTheConnection() async throws {
        let base = try await Httpbin.baseURL()
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        var profile = Profile(name: "web")
        profile.baseURL = base
        profile.cookies = true
        let first = try ProfileConnection(profile, store: store)
        #expect(first.keepsCookies)
        _ = try await first.client.send(HTTPRequest(.get, "cookies/set").query("flavour", "oat"))
        await first.shutdown()
        #expect(first.cookieProblem == nil)
        #expect(root.permissions("web.cookies.json") == 0o600)
        let second = try ProfileConnection(profile, store: store)
        let response = try await second.client.send(HTTPRequest(.get, "cookies"))
        await second.shutdown()
        let cookies = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])["cookies"] as? [String: String]
        #expect(cookies == ["flavour": "oat"])
        // Without `cookies: true` nothing is kept.
        profile.cookies = nil
        let plain = try ProfileConnection(profile, store: store)
        #expect(!plain.keepsCookies)
        await plain.shutdown()
    }
}
