import Foundation
import RequestModel
import Testing
@testable import ClientCore

/// A request file's captures, asserts and polls (SPEC §8) run by the client as part of the
/// exchange, against the demo API's login and jobs.
@Suite struct ResponseChecksTests {
    static func login(_ client: HTTPClient, checks: ResponseChecks) async throws -> HTTPResponse {
        var request = HTTPRequest(.post, "auth/login").body(#"{"user": "ann", "password": "pw"}"#, contentType: "application/json")
        request.checks = checks
        return try await client.send(request)
    }

    @Test func capturesComeFirstThenEveryAssertIsAnEventBeforeTheEnd() async throws {
        try await withDemo { _, client in
            let checks = ResponseChecks(
                request: "login",
                captures: [RequestSpec.Capture("token", .json(try JSONPath("$.token")), secret: true),
                           RequestSpec.Capture("sid", .header("Set-Cookie"), regex: "sid=([^;]+)"),
                           RequestSpec.Capture("trace", .header("X-Request-Id"))],
                asserts: [RequestSpec.Assert(.status, .equals(200)),
                          RequestSpec.Assert(.header("Content-Type"), .contains("application/json")),
                          RequestSpec.Assert(.json(try JSONPath("$.token")), .exists(true)),
                          RequestSpec.Assert(.json(try JSONPath("$.user")), .equals("{{user}}")),
                          RequestSpec.Assert(.duration, .lessThan(60_000)),
                          RequestSpec.Assert(.cookie("sid"), .startsWith("{{nope}}"))],
                variables: ["user": TemplateValue("ann")])
            let response = try await Self.login(client, checks: checks)
            let results = try #require(response.checks)
            let token = try #require(JSONNode.parse(response.body.data)?["token"]?.stringValue)
            #expect(results.captured.map(\.name) == ["token", "sid", "trace"])
            #expect(results.captured[0].value == token && results.captured[0].secret)
            #expect(results.captured[1].value == String(token.dropFirst(4)))
            #expect(results.captured[2].value == "login-" + token.suffix(8))
            #expect(results.asserts.map(\.passed) == [true, true, true, true, true, false])
            #expect(results.failures == [#"cookie sid startsWith "{{nope}}", got "\#(token.dropFirst(4))""#])

            let names = response.events.map(\.name)
            #expect(Array(names.suffix(10)) == ["capture.set", "capture.set", "capture.set"] + Array(repeating: "assert.passed", count: 5)
                    + ["assert.failed", "exchange.completed"])
            let tokenEvent = try #require(response.events.first { if case .captureSet("token", _, _) = $0.kind { true } else { false } })
            #expect(tokenEvent.kind == .captureSet(name: "token", source: "$.token", value: Secrets.mask))
            #expect(!response.events.map(\.jsonLine).joined().contains(token))
        }
    }

    /// A secret captured by a request is masked in its own asserts' reports and events.
    @Test func aSecretCaptureIsMaskedInItsOwnFailedAssert() async throws {
        try await withDemo { _, client in
            let checks = ResponseChecks(request: "login", captures: [RequestSpec.Capture("token", .json(try JSONPath("$.token")), secret: true)],
                                        asserts: [RequestSpec.Assert(.json(try JSONPath("$.token")), .equals("x"))])
            let response = try await Self.login(client, checks: checks)
            let results = try #require(response.checks)
            #expect(results.failures == [#"$.token equals "x", got "•••""#])
            #expect(response.events.contains { $0.kind == .assertFailed(AssertReport(request: "login", subject: "$.token", predicate: "equals",
                                                                                     expected: "x", actual: .string(Secrets.mask))) })
        }
    }

    @Test func aCaptureThatFindsNothingIsNamed() async throws {
        try await withDemo { _, client in
            let checks = ResponseChecks(request: "login", captures: [RequestSpec.Capture("id", .json(try JSONPath("$.id"))),
                                                                     RequestSpec.Capture("n", .body, regex: "([0-9]{40})")])
            let results = try #require(try await Self.login(client, checks: checks).checks)
            #expect(results.missing == ["capture id found nothing ($.id)", #"capture n found nothing (body regex "([0-9]{40})")"#])
            #expect(!results.passed)
        }
    }

    /// `{ status: 401 }` judges the status itself: the default validator leaves it alone.
    @Test func aStatusAssertJudgesAnErrorStatus() async throws {
        try await withDemo { _, client in
            var request = HTTPRequest(.get, "users/me")
            request.checks = ResponseChecks(request: "me", asserts: [RequestSpec.Assert(.status, .equals(401))])
            let response = try await client.send(request)
            #expect(response.status == 401)
            #expect(response.checks?.passed == true)
            request.checks = nil
            #expect(await expectFailure { try await client.send(request) }?.kind == .endpointError)
        }
    }

    /// The poll is a validator: each try not yet done is a retry with the assert as its reason,
    /// `every` apart, outside `maxRetries` (0 here).
    @Test func aPollRetriesUntilItsAssertHolds() async throws {
        try await withDemo(maxRetries: 0) { _, client in
            let job = try await client.send(HTTPRequest(.post, "jobs").query("polls", "2"))
            let id = try #require(JSONNode.parse(job.body.data)?["id"]?.stringValue)
            var request = HTTPRequest(.get, "jobs/\(id)")
            let until = [RequestSpec.Assert(.json(try JSONPath("$.state")), .equals("done"))]
            request.checks = ResponseChecks(request: "job", asserts: [RequestSpec.Assert(.json(try JSONPath("$.result.items")), .equals(3))],
                                            poll: RequestSpec.Poll(until: until, every: 0.05, max: 5))
            let response = try await client.send(request)
            #expect(response.attempts.count == 3)
            #expect(response.checks?.passed == true)
            let polls = response.events.compactMap { event -> String? in
                if case let .validatorDecided(_, "poll", decision, reason) = event.kind { return "\(decision.rawValue): \(reason)" }
                return nil
            }
            #expect(polls == [#"retry: $.state equals "done": got "running""#, #"retry: $.state equals "done": got "running""#,
                              "next: every until assert holds after 3 tries"])
            let waits = response.events.compactMap { event -> String? in
                if case let .retryScheduled(_, strategy, delayMs, source) = event.kind { return "\(strategy) \(delayMs) \(source.rawValue)" }
                return nil
            }
            #expect(waits == ["poll every 0.05s 50.0 poll", "poll every 0.05s 50.0 poll"])
        }
    }

    @Test func aPollThatRunsOutFailsWithTheLastValue() async throws {
        try await withDemo { _, client in
            let job = try await client.send(HTTPRequest(.post, "jobs").query("polls", "10"))
            let id = try #require(JSONNode.parse(job.body.data)?["id"]?.stringValue)
            var request = HTTPRequest(.get, "jobs/\(id)")
            request.checks = ResponseChecks(request: "job", poll: RequestSpec.Poll(until: [RequestSpec.Assert(.json(try JSONPath("$.state")), .equals("done"))],
                                                                                  every: 0, max: 2))
            let error = await expectFailure { try await client.send(request) }
            #expect(error?.kind == .validatorFailure)
            #expect(error?.message == #"poll gave up after 2 tries: $.state equals "done": got "running""#)
            #expect(error?.attempts.count == 2)
        }
    }
}
