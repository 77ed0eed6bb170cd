import ClientCore
import DemoAPI
import Foundation
import RequestModel
import Profiles
import SessionFormat
import Sessions
import Testing
import TestSupport
@testable import ExplorerTUI

/// The TUI's recorder: each exchange recorded from the client's own record of it (its events
/// and outcome, failures included), into this run's session and the profile's history.
@Suite struct TUIRecorderTests {
    /// A recorder with a home of its own, and a client on the demo API; `body` gets the home.
    static func withRecorder(_ body: (TUIRecorder, TUIRecorder.ProfileContext, HTTPClient, URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tui-recorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await DemoServer.start()
        let client = try HTTPClient(baseURL: server.baseURL)
        client.headers = ["X-Demo-Key": UUID().uuidString]
        client.maxRetries = 2
        client.validators = [HTTPDefaultValidator(strategy: .immediate)]
        let recorder = TUIRecorder(home: ExplorerHome(directory: home), post: { _ in })
        let sessionRecorder = SessionRecorder(baseURL: server.baseURL, secrets: .kept)
        let context = TUIRecorder.ProfileContext(name: "api", recorder: sessionRecorder,
                                                 snapshot: sessionRecorder.snapshot(name: "api", client: client), client: client)
        try await withCleanup({ try await body(recorder, context, client, home) }) {
            await client.shutdown()
            await server.shutdown()
        }
    }

    @Test func exchangesAreRecordedWholeFailuresIncludedInTheOrderSent() async throws {
        try await Self.withRecorder { recorder, context, client, home in
            let requests = [RequestSpec(name: "flaky", method: "GET", url: "flaky/2"), RequestSpec(name: "broken", method: "GET", url: "flaky/9")]
            for spec in requests {
                let id = client.makeExchangeID()
                recorder.begin(id, request: spec, profile: context)
                recorder.end(await client.run(try spec.httpRequest(), id: id))
            }
            // One refused before it was sent: no events, still recorded.
            let refused = client.makeExchangeID()
            recorder.begin(refused, request: RequestSpec(name: "refused", url: "{{nope}}"), profile: context)
            recorder.end(ExchangeRecord(refused: HTTPError(.invalidURL, "undefined variable {{nope}}"), id: refused))
            await recorder.drain()

            guard case .notice(let notice) = recorder.saveSession(name: "run", profile: "api", keepSecrets: false) else {
                Issue.record("not saved"); return
            }
            #expect(notice.contains("3 exchanges"))
            let session = try SessionFile.read(home.appendingPathComponent("sessions/run.yaml"))
            #expect(session.exchanges.map(\.request.name) == ["flaky", "broken", "refused"])
            #expect(session.exchanges[0].attempts.count == 3 && session.exchanges[0].outcome?.status == 200)
            #expect(session.exchanges[0].events.last?.name == "exchange.completed")
            #expect(session.exchanges[1].outcome?.error?.kind == "retriesExhausted")
            #expect(session.exchanges[1].events.last?.name == "exchange.failed", "a failure keeps its events")
            #expect(session.exchanges[2].outcome?.error?.message == "undefined variable {{nope}}")

            guard case .historyLoaded(_, let history) = recorder.loadHistory("api") else { Issue.record("no history"); return }
            #expect(history.map(\.request.name) == ["flaky", "broken", "refused"], "history keeps the order they ended in")
        }
    }

    /// Recordings run off the caller's task, one after the other: history keeps the order in
    /// which exchanges ended (re-sending the third of a chain from it finds the third).
    @Test func historyKeepsTheOrderExchangesEnded() async throws {
        try await Self.withRecorder { recorder, context, client, _ in
            let names = (0..<20).map { "r\($0)" }
            for name in names {
                let id = client.makeExchangeID()
                recorder.begin(id, request: RequestSpec(name: name, url: "x"), profile: context)
                recorder.end(ExchangeRecord(refused: HTTPError(.invalidURL, name), id: id))
            }
            await recorder.drain()
            guard case .historyLoaded(_, let history) = recorder.loadHistory("api") else { Issue.record("no history"); return }
            #expect(history.map(\.request.name) == names)
        }
    }

    /// A value captured as secret is masked in every exchange recorded after it.
    @Test func aSecretCapturedIsMaskedInWhatFollows() async throws {
        try await Self.withRecorder { recorder, context, client, home in
            var login = RequestSpec(name: "login", method: "POST", url: "auth/login", body: .json(#"{"user": "ann", "password": "pw"}"#))
            login.captures = [RequestSpec.Capture("token", .json(try JSONPath("$.token")), secret: true)]
            var request = try login.httpRequest()
            request.checks = ResponseChecks(request: "login", captures: login.captures)
            let id = client.makeExchangeID()
            recorder.begin(id, request: login, profile: context)
            let record = await client.run(request, id: id)
            let token = try #require(record.result.get().checks?.captured.first?.value)
            recorder.end(record)

            // Recorded as written; sent filled, and the server echoes the token back.
            let echo = RequestSpec(name: "echo", method: "POST", url: "echo", body: .text("token={{token}}", contentType: nil))
            var sent = echo
            sent.body = .text("token=\(token)", contentType: nil)
            let next = client.makeExchangeID()
            recorder.begin(next, request: echo, profile: context)
            recorder.end(await client.run(try sent.httpRequest(), id: next))
            await recorder.drain()

            _ = recorder.saveSession(name: "masked", profile: "api", keepSecrets: false)
            let text = try String(contentsOf: home.appendingPathComponent("sessions/masked.yaml"), encoding: .utf8)
            #expect(!text.contains(token), "the captured token is in the session")
            #expect(text.contains("token={{token}}") && text.contains(#""body": "token=•••""#))
        }
    }
}
