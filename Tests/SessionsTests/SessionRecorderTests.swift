import ClientCore
import Crypto
import DemoAPI
import Foundation
@testable import Sessions
import Testing
import RequestModel
import TestSupport

/// Recording real exchanges on the demo API: attempts and their events, outcomes, redaction.
@Suite struct SessionRecorderTests {
    /// A demo server and a client on it with a scenario key of its own and 3 quick retries.
    private func withClient(_ body: (DemoServer, HTTPClient) async throws -> Void) async throws {
        let server = try await DemoServer.start()
        let client = try HTTPClient(baseURL: server.baseURL)
        client.setHeader("X-Demo-Key", "rec-\(UUID().uuidString.prefix(8))")
        client.maxRetries = 3
        client.validators = [HTTPDefaultValidator(strategy: .immediate)]
        try await withCleanup({ try await body(server, client) }) {
            await client.shutdown()
            await server.shutdown()
        }
    }

    @Test func aRetriedExchangeKeepsEveryAttemptWithItsEvents() async throws {
        try await withClient { server, client in
            let replayer = SessionReplayer(client: client, recorder: SessionRecorder(baseURL: server.baseURL))
            let recorded = await replayer.replay(Session.Exchange(name: "flaky", request: RequestSpec(method: "GET", url: "flaky/2")))
            #expect(recorded.name == "flaky")
            #expect(recorded.attempts.map(\.number) == [1, 2, 3])
            #expect(recorded.attempts[0].events.map(\.name) == ["attempt.started", "response.received", "validator.decided", "retry.scheduled"])
            #expect(recorded.events.last?.name == "exchange.completed")
            let outcome = try #require(recorded.outcome)
            #expect(outcome.status == 200)
            #expect(outcome.attempts == 3)
            #expect(outcome.header("content-type") == "application/json")
            #expect(outcome.body == .json(JSONNode.parse(#"{"ok": true, "failures": 2}"#)!))
            #expect(outcome.succeeded)

            // And it reads back from a file as it was recorded.
            let session = Session(profile: Session.ProfileSnapshot(name: "t"), exchanges: [recorded])
            #expect(try SessionReader.read(SessionWriter.yaml(session), file: "f") == session)
        }
    }

    /// SPEC §8: a replayed chain sends what it captured as it came. The login's answer reads
    /// like a template (`{{apiKey}}`, `${env:HOME}`); the next request carries it literally,
    /// never the profile's key or the environment.
    @Test func aReplayedChainSendsWhatItCapturedAsItCame() async throws {
        try await withClient { server, client in
            let replayer = SessionReplayer(client: client, recorder: SessionRecorder(baseURL: server.baseURL, secrets: .kept),
                                           variables: ["apiKey": TemplateValue("the-users-key"), "user": TemplateValue("ann")])
            var login = RequestSpec(name: "login", method: "GET", url: "echo?token=%7B%7BapiKey%7D%7D&home=%24%7Benv%3AHOME%7D")
            login.captures = [RequestSpec.Capture("token", .json(try JSONPath("$.query.token[0]"))), RequestSpec.Capture("home", .json(try JSONPath("$.query.home[0]")))]
            let me = RequestSpec(name: "me", method: "GET", url: "echo?u={{user}}",
                                 headers: [NamedValue("X-Token", "{{token}}"), NamedValue("X-Home", "{{home}}")])
            var captures: [String: TemplateValue] = [:]
            _ = await replayer.replay(Session.Exchange(name: "login", request: login), captures: &captures)
            #expect(captures["token"] == TemplateValue("{{apiKey}}"))
            let replayed = await replayer.replay(Session.Exchange(name: "me", request: me), captures: &captures)
            let body = try #require(replayed.outcome?.body)
            guard case .json(let echoed) = body else { Issue.record("not JSON: \(body)"); return }
            #expect(echoed["headers"]?["X-Token"] == ["{{apiKey}}"])
            #expect(echoed["headers"]?["X-Home"] == ["${env:HOME}"])
            #expect(echoed["query"]?["u"] == ["ann"])
        }
    }

    @Test func aFailedExchangeKeepsItsEventsAndError() async throws {
        try await withClient { server, client in
            let replayer = SessionReplayer(client: client, recorder: SessionRecorder(baseURL: server.baseURL))
            let recorded = await replayer.replay(Session.Exchange(request: RequestSpec(method: "GET", url: "flaky/9")))
            let outcome = try #require(recorded.outcome)
            #expect(outcome.error?.kind == "retriesExhausted")
            #expect(outcome.status == 503)
            #expect(outcome.attempts == 4)
            #expect(recorded.attempts.count == 4)
            #expect(recorded.events.last?.name == "exchange.failed")
            #expect(recorded.attempts[3].events.map(\.name).contains("retry.skipped"))
        }
    }

    @Test func absoluteURLsUnderTheBaseBecomeRelative() {
        let recorder = SessionRecorder(baseURL: "http://h:1/api/")
        #expect(recorder.relative("http://h:1/api/users?x=1") == "users?x=1")
        #expect(recorder.relative("http://h:1/api") == "")
        #expect(recorder.relative("http://h:1/other") == "http://h:1/other")
        #expect(recorder.relative("users") == "users")
    }

    /// The demo's port changes from run to run: a WebSocket under the base URL's origin is kept
    /// relative, as a request that opens a WebSocket (SPEC §12).
    @Test func webSocketURLsUnderTheBaseBecomeRelativeWebSocketRequests() {
        let recorder = SessionRecorder(baseURL: "http://h:1/api/")
        let echo = recorder.request(RequestSpec(url: "ws://h:1/api/ws/echo?x=1"))
        #expect(echo.url == "ws/echo?x=1")
        #expect(echo.webSocket)
        let elsewhere = recorder.request(RequestSpec(url: "wss://h:1/api/ws/echo"))
        #expect(elsewhere.url == "wss://h:1/api/ws/echo")
        #expect(!elsewhere.webSocket)
        #expect(!recorder.request(RequestSpec(url: "http://h:1/api/users")).webSocket)
    }

    @Test func largeAndBinaryBodiesAreKeptByHash() async throws {
        try await withClient { server, client in
            let replayer = SessionReplayer(client: client, recorder: SessionRecorder(baseURL: server.baseURL))
            let binary = await replayer.replay(Session.Exchange(request: RequestSpec(method: "GET", url: "bytes/100")))
            let expected = try await client.send(HTTPRequest(.get, "bytes/100")).body.data
            #expect(binary.outcome?.body == .digest(sha256: SHA256.hash(data: expected).hex, size: 100, contentType: "application/octet-stream"))
            let large = await replayer.replay(Session.Exchange(request: RequestSpec(method: "GET", url: "json/100")))
            guard case .digest(_, let size, let type)? = large.outcome?.body else { Issue.record("not hashed"); return }
            #expect(size > SessionFormat.inlineLimit)
            #expect(type == "application/json")
        }
    }

    @Test func secretsAppearNowhereInTheFileUnlessKept() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let token = "tok-SECRET-4f9a"
        let cookie = "sid=SECRET-cookie-77"
        let apiKey = "key-SECRET-abc"
        try await withClient { server, client in
            client.auth = .bearer(token)
            let request = RequestSpec(method: "POST", url: "echo", headers: [Session.Field("Cookie", cookie), Session.Field("X-Api-Key", apiKey)],
                                          body: .json(#"{"hello": "world"}"#))
            let recorder = SessionRecorder(baseURL: server.baseURL, secretHeaders: ["X-Api-Key"], secretValues: [token])
            let recorded = await SessionReplayer(client: client, recorder: recorder).replay(Session.Exchange(request: recorder.request(request)))
            var session = Session(profile: recorder.snapshot(name: "t", client: client), exchanges: [recorded])
            let url = directory.file("s.yaml")
            try SessionFile.write(session, to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            for secret in [token, cookie, apiKey] { #expect(!text.contains(secret), "\(secret) leaked") }
            #expect(text.contains("\"Cookie: •••\""))
            #expect(text.contains("\"X-Api-Key: •••\""))
            #expect(text.contains("\"Authorization: •••\""))
            // The echoed body still says what was sent, masked.
            guard case .json(let echoed)? = recorded.outcome?.body else { Issue.record("no JSON body"); return }
            #expect(echoed["headers"]?["Authorization"] == .array([.string("Bearer •••")]))

            // Opted in: the request keeps them.
            let keeping = SessionRecorder(baseURL: server.baseURL, secrets: .kept, secretHeaders: ["X-Api-Key"])
            session.secrets = .kept
            session.exchanges = [Session.Exchange(request: keeping.request(request))]
            try SessionFile.write(session, to: url)
            let kept = try String(contentsOf: url, encoding: .utf8)
            #expect(kept.contains(cookie) && kept.contains(apiKey))
        }
    }
}
