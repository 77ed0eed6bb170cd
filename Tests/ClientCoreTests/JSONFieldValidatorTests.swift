import Foundation
import Testing
@testable import ClientCore

/// Declarative checks on a JSON field: the seed's custom validator (`code != 0` fails,
/// `retriable` retries with fibonacci) as data.
@Suite struct JSONFieldValidatorTests {
    static let document = ResponseJSON(text: #"{"code": 1, "data": {"items": [{"id": 7}, {"id": "8"}]}, "ok": true, "none": null}"#)!

    @Test func dottedPathsWalkObjectsAndArrays() {
        #expect(Self.document.value(at: "code") == .number(1))
        #expect(Self.document.value(at: "data.items.0.id") == .number(7))
        #expect(Self.document.value(at: "data.items.1.id") == .string("8"))
        #expect(Self.document.value(at: "data.items.2.id") == nil)
        #expect(Self.document.value(at: "data.items.x") == nil)
        #expect(Self.document.value(at: "code.deeper") == nil)
        #expect(Self.document.value(at: "none") == .null)
        #expect(Self.document.value(at: "") == Self.document)
        #expect(ResponseJSON.problem(withPath: "a..b") != nil)
        #expect(ResponseJSON.problem(withPath: "a.0.b") == nil)
        #expect(ResponseJSON(text: "not json") == nil)
        #expect(ResponseJSON(text: "0") == .number(0))
    }

    /// A missing field meets only `.missing`; numbers compare as numbers, never as strings.
    @Test(arguments: [
        ("code", HTTPJSONFieldValidator.Condition.notEquals(.number(0)), true),
        ("code", .equals(.number(1.0)), true),
        ("code", .equals(.string("1")), false),
        ("code", .oneOf([.number(2), .number(1)]), true),
        ("code", .oneOf([.number(2)]), false),
        ("absent", .notEquals(.number(0)), false),
        ("absent", .equals(.null), false),
        ("absent", .missing, true),
        ("absent", .exists, false),
        ("none", .exists, true),
        ("none", .equals(.null), true),
        ("ok", .equals(.bool(true)), true),
        ("ok", .equals(.number(1)), false),
    ] as [(String, HTTPJSONFieldValidator.Condition, Bool)])
    func conditions(field: String, condition: HTTPJSONFieldValidator.Condition, holds: Bool) {
        let check = HTTPJSONFieldValidator(field: field, when: condition, then: .fail(message: nil))
        #expect(check.holds(for: Self.document.value(at: field)) == holds)
    }

    @Test func templatesTakeFieldsAndLeaveOtherBracesAlone() {
        let rendered = ResponseJSONTemplate.render("Bearer {{alt.json.data.items.0.id}} {{ alt.json.ok }} {{other}}",
                                                   prefix: "alt.json", json: Self.document) { _ in "?" }
        #expect(rendered == "Bearer 7 true {{other}}")
        #expect(ResponseJSONTemplate.render("x {{json.nope}}", prefix: "json", json: Self.document) { "<\($0)>" } == "x <nope>")
        #expect(ResponseJSONTemplate.placeholders(in: "a {{ json.a }} b {{x}}") == ["json.a", "x"])
    }

    @Test func aNonZeroCodeFailsTheExchangeWithTheServersMessage() async throws {
        let check = HTTPJSONFieldValidator(field: "query.code.0", when: .notEquals(.string("0")),
                                           then: .fail(message: "server error {{json.query.message.0}}"))
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
        let check = HTTPJSONFieldValidator(field: "ok", when: .missing,
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
        let check = HTTPJSONFieldValidator(field: "code", when: .notEquals(.number(0)), then: .fail(message: nil))
        try await withDemo(validators: [check]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "ansi"))
            #expect(response.attempts[0].verdicts.first?.reason == "the body is not JSON, so code is missing: the check passes")
            let missing = HTTPJSONFieldValidator(field: "code", when: .missing, then: .fail(message: nil))
            client.validators = [missing]
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "ansi")) }
            #expect(error?.message == "the body is not JSON, so code is missing")
        }
    }

    /// A body that went to a sink as it came is not there to check: the check steps aside.
    @Test func aStreamedBodyIsNotChecked() async throws {
        let check = HTTPJSONFieldValidator(field: "ok", when: .missing, then: .fail(message: nil))
        try await withDemo(validators: [HTTPDefaultValidator(), check]) { _, client in
            let bytes = Recorder<Int>()
            let response = try await client.send(HTTPRequest(.get, "status/200"), sink: BodySink(body: { bytes.append($0.count) }))
            #expect(bytes.values.reduce(0, +) > 0)
            #expect(response.attempts[0].verdicts.last?.reason == "the body was streamed as it came, so it is not checked")
        }
    }
}
