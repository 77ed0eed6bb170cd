import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// The four validator results against a real server.
@Suite struct ValidatorChainTests {
    @Test func aSuccessIsApprovedAndRecorded() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "status/200"))
            #expect(response.status == 200)
            #expect(response.httpVersion == "HTTP/1.1")
            #expect(response.events.names == ["attempt.started", "response.received", "validator.decided", "exchange.completed"])
            let record = try #require(response.attempts.first)
            #expect(record.status == 200 && record.verdicts.first?.decision == .next)
            #expect(record.verdicts.first?.reason == "200 is a success")
        }
    }

    @Test func unknownStatusCodesKeepTheirNumber() async throws {
        try await withDemo { _, client in
            let unusual = try await client.send(HTTPRequest(.get, "status/299"))
            #expect(unusual.status == 299)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/599")) }
            #expect(error?.kind == .endpointError && error?.status == 599)
        }
    }

    @Test func anErrorStatusFailsWithTheBodyAndTheServersMessage() async throws {
        try await withDemo { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "no/such/route")) }
            #expect(error?.kind == .endpointError)
            #expect(error?.status == 404)
            #expect(error?.message.contains("no such route") == true)
            #expect(error?.body.map { String(decoding: $0.data, as: UTF8.self) }?.contains("no such route") == true)
        }
    }

    @Test func nextValidatorWithResponseReplacesAndGoesOn() async throws {
        let seen = Recorder<Int>()
        let replacer = CallbackValidator(name: "replacer") { response, _ in
            var replacement = response
            replacement.status = 299
            replacement.headers["X-Replaced"] = "yes"
            return .nextValidatorWithResponse(replacement)
        }
        let observer = CallbackValidator(name: "observer") { response, _ in
            seen.append(response.status)
            return .nextValidator
        }
        try await withDemo(validators: [replacer, observer, HTTPDefaultValidator()]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "status/200"))
            #expect(response.status == 299)
            #expect(response.headers["X-Replaced"] == "yes")
            #expect(seen.values == [299])
            let decisions = response.attempts[0].verdicts.map(\.decision)
            #expect(decisions == [.nextWithResponse, .next, .next])
        }
    }

    struct BusinessError: Error { let code: Int }

    @Test func failChainThrowsAndNeverSucceeds() async throws {
        let failing = CallbackValidator(name: "business") { _, _ in .failChain(BusinessError(code: 7), reason: "code != 0") }
        try await withDemo(validators: [HTTPDefaultValidator(), failing]) { _, client in
            let events = EventCollector(client)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            #expect(error?.kind == .validatorFailure)
            #expect((error?.underlying as? BusinessError)?.code == 7)
            await client.shutdown()
            let seen = await events.events
            #expect(seen.last?.name == "exchange.failed")
            #expect(seen.contains { if case .validatorDecided(_, "business", .fail, "code != 0") = $0.kind { true } else { false } })
        }
    }

    @Test func retryRerunsTheWholeChainWithCurrentRetry() async throws {
        let retries = Recorder<Int>()
        let counting = CallbackValidator(name: "counting") { _, request in
            retries.append(request.currentRetry)
            return .nextValidator
        }
        try await withDemo(maxRetries: 3, validators: [counting, HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "flaky/2"))
            #expect(response.status == 200)
            #expect(retries.values == [0, 1, 2])
            #expect(response.attempts.map(\.status) == [503, 503, 200])
            #expect(response.events.count("retry.scheduled") == 2)
        }
    }

    @Test func exhaustedRetriesCarryEveryAttemptAndTheLastResponse() async throws {
        try await withDemo(maxRetries: 1, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "flaky/5")) }
            #expect(error?.kind == .retriesExhausted)
            #expect(error?.statuses == [503, 503])
            #expect(error?.status == 503)
            #expect(error?.attempts.last?.retrySkippedReason?.contains("exhausted") == true)
        }
    }

    @Test func emptyBodiesFailWhenNotAllowed() async throws {
        try await withDemo(validators: [HTTPDefaultValidator(allowsEmptyResponses: false)]) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/204")) }
            #expect(error?.kind == .emptyResponse)
        }
    }

    @Test func aTransportFailureIsNeverApprovedEvenWithNoValidators() async throws {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:1/")
        client.validators = []
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
        #expect(error?.kind == .connectionRefused)
        await client.shutdown()
    }
}
