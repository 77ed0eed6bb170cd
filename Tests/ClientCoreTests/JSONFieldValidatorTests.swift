import Foundation
import RequestModel
import Testing
@testable import ClientCore

/// Declarative checks on a JSON field: the seed's custom validator (`code != 0` fails,
/// `retriable` retries with fibonacci) as data.
@Suite struct JSONFieldValidatorTests {
    static func path(_ text: String) -> JSONPath { try! JSONPath(text) }

    /// What a path selects is the subject: one node as itself, several as a list, none as nothing,
    /// which meets only `exists: false`; numbers compare as numbers, never as strings.
    @Test(arguments: [
        ("code", AssertPredicate.notEquals(0), true),
        ("code", .equals(.number("1.0")), true),
        ("code", .equals("1"), false),
        ("code", .isIn([2, 1]), true),
        ("code", .isIn([2]), false),
        ("code", .lessThan(2), true),
        ("absent", .notEquals(0), false),
        ("absent", .equals(.null), false),
        ("absent", .exists(false), true),
        ("absent", .exists(true), false),
        ("none", .exists(true), true),
        ("none", .equals(.null), true),
        ("ok", .equals(true), true),
        ("ok", .equals(1), false),
        ("$.data.items[*].id", .equals([7, "8"]), true),
        ("$.data.items[?@.id == 7]", .count(1), true),
        ("data.items.1.id", .isString, true),
    ] as [(String, AssertPredicate, Bool)])
    func predicates(path: String, predicate: AssertPredicate, holds: Bool) throws {
        let document = try JSONNode.parsing(#"{"code": 1, "data": {"items": [{"id": 7}, {"id": "8"}]}, "ok": true, "none": null}"#)
        let check = HTTPJSONFieldValidator(path: Self.path(path), when: predicate, then: .fail(message: nil))
        #expect(predicate.holds(for: check.subject(in: document)) == holds)
    }

    @Test func aNonZeroCodeFailsTheExchangeWithTheServersMessage() async throws {
        let check = HTTPJSONFieldValidator(path: Self.path("query.code.0"), when: .notEquals("0"),
                                           then: .fail(message: try Template("server error {{json $.query.message[0]}}")))
        try await withDemo(validators: [HTTPDefaultValidator(), check]) { _, client in
            let passed = try await client.send(HTTPRequest(.get, "echo").query("code", "0"))
            #expect(passed.attempts[0].verdicts.last == AttemptRecord.Verdict(
                validator: "check query.code.0", decision: .next, reason: "query.code.0 is \"0\": the check passes"))

            let error = await expectFailure {
                try await client.send(HTTPRequest(.get, "echo").query("code", "1").query("message", "disk full"))
            }
            #expect(error?.kind == .validatorFailure)
            #expect(error?.message == "server error disk full")
            #expect(error?.status == 200)
            let verdict = try #require(error?.attempts.last?.verdicts.last)
            #expect(verdict.validator == "check query.code.0")
            #expect(verdict.decision == .fail)
            #expect(verdict.reason == "query.code.0 is \"1\", not \"0\": server error disk full")
        }
    }

    /// No default validator: the 503 bodies have no `ok`, so the check retries (fibonacci) until one does.
    @Test func aMissingFieldRetriesWithFibonacciUntilItIsThere() async throws {
        let check = HTTPJSONFieldValidator(path: Self.path("ok"), when: .exists(false),
                                           then: .retry(.fibonacci(unit: 0.01, cap: 0.05), RetryRules()))
        try await withDemo(maxRetries: 3, validators: [check]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "flaky/2"))
            #expect(response.status == 200)
            #expect(response.attempts.count == 3)
            #expect(response.attempts[0].verdicts == [AttemptRecord.Verdict(
                validator: "check ok", decision: .retry, reason: "ok is missing: worth a retry")])
            #expect(response.attempts[2].verdicts.first?.reason == "ok is true: no retry needed")
            #expect(response.events.scheduledDelaysMs == [10, 10])
        }
    }

    @Test func aBodyThatIsNotJSONHasNoFields() async throws {
        let check = HTTPJSONFieldValidator(path: Self.path("code"), when: .notEquals(0), then: .fail(message: nil))
        try await withDemo(validators: [check]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "ansi"))
            #expect(response.attempts[0].verdicts.first?.reason == "the body is not JSON, so code is missing: the check passes")
            let missing = HTTPJSONFieldValidator(path: Self.path("code"), when: .exists(false), then: .fail(message: nil))
            client.validators = [missing]
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "ansi")) }
            #expect(error?.message == "the body is not JSON, so code is missing")
        }
    }

    /// A body that went to a sink as it came is not there to check: the check steps aside.
    @Test func aStreamedBodyIsNotChecked() async throws {
        let check = HTTPJSONFieldValidator(path: Self.path("ok"), when: .exists(false), then: .fail(message: nil))
        try await withDemo(validators: [HTTPDefaultValidator(), check]) { _, client in
            let bytes = Recorder<Int>()
            let response = try await client.send(HTTPRequest(.get, "status/200"), sink: BodySink(body: { bytes.append($0.count) }))
            #expect(bytes.values.reduce(0, +) > 0)
            #expect(response.attempts[0].verdicts.last?.reason == "the body was streamed as it came, so it is not checked")
        }
    }
}
