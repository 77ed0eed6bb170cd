import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// Token refresh through HTTPAltRequestValidator: single-flight, generations, failures.
@Suite struct AltRequestTests {
    static func refresher(route: String = "auth/refresh") -> HTTPAltRequestValidator {
        HTTPAltRequestValidator(statusCodes: [401], { _, _ in HTTPRequest(.post, route) }) { altResponse, client in
            let json = try JSONSerialization.jsonObject(with: altResponse.body.data) as? [String: Any]
            guard let token = json?["token"] as? String else { throw HTTPError(.validatorFailure, "no token in the refresh response") }
            client.setHeader("Authorization", "Bearer \(token)")
        }
    }

    @Test func aRefreshRunsThenTheOriginalIsRetriedWithTheNewHeader() async throws {
        try await withDemo(validators: [Self.refresher(), HTTPDefaultValidator()]) { server, client in
            let response = try await client.send(HTTPRequest(.get, "auth/protected"))
            #expect(response.status == 200)
            #expect(response.events.names == [
                "attempt.started", "response.received", "validator.decided",
                "alt.started", "alt.finished", "retry.scheduled", "attempt.started", "response.received", "validator.decided",
                "validator.decided", "exchange.completed",
            ])
            #expect(await server.refreshCount(key: client.headers["X-Demo-Key"]!) == 1)
            // The refresh does not use up maxRetries (0 here).
            #expect(client.maxRetries == 0)
        }
    }

    @Test func tenConcurrent401sShareOneRefresh() async throws {
        try await withDemo(validators: [Self.refresher(route: "auth/refresh?delay_ms=150"), HTTPDefaultValidator()]) { server, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await client.send(HTTPRequest(.get, "auth/protected")).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 10))
            #expect(await server.refreshCount(key: client.headers["X-Demo-Key"]!) == 1)
        }
    }

    @Test func aTokenRevokedElsewhereIsRefreshedAgainOnTheNext401() async throws {
        try await withDemo(validators: [Self.refresher(), HTTPDefaultValidator()]) { server, client in
            let key = client.headers["X-Demo-Key"]!
            _ = try await client.send(HTTPRequest(.get, "auth/protected"))
            #expect(await server.refreshCount(key: key) == 1)
            // A refresh issued outside the validator revokes the client's token server-side.
            _ = try await client.send(HTTPRequest(.post, "auth/refresh"))
            let again = try await client.send(HTTPRequest(.get, "auth/protected"))
            #expect(again.status == 200)
            #expect(await server.refreshCount(key: key) == 3)
        }
    }

    @Test func aFailedRefreshFailsTheOriginalAndItsWaitersNamingBoth() async throws {
        try await withDemo(validators: [Self.refresher(route: "auth/refresh?fail=1&delay_ms=100"), HTTPDefaultValidator()]) { _, client in
            let errors = await withTaskGroup(of: HTTPError?.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        do { _ = try await client.send(HTTPRequest(.get, "auth/protected")); return nil } catch let error as HTTPError { return error } catch { return nil }
                    }
                }
                return await group.reduce(into: [HTTPError?]()) { $0.append($1) }
            }
            #expect(errors.count == 3)
            for error in errors {
                #expect(error?.kind == .altRequestFailed)
                #expect(error?.message.contains("POST auth/refresh") == true)
                #expect(error?.message.contains("GET auth/protected") == true)
            }
        }
    }

    @Test func theAlternateBudgetStopsAnEndlessRefreshLoop() async throws {
        // The refresh "succeeds" but sets a useless header: the second 401 is not refreshed again.
        let useless = HTTPAltRequestValidator(statusCodes: [401], { _, _ in HTTPRequest(.post, "auth/refresh") }) { _, client in
            client.setHeader("Authorization", "Bearer wrong")
        }
        try await withDemo(maxRetries: 5, validators: [useless, HTTPDefaultValidator()]) { server, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "auth/protected")) }
            #expect(error?.kind == .endpointError && error?.status == 401)
            #expect(error?.attempts.count == 2)
            #expect(await server.refreshCount(key: client.headers["X-Demo-Key"]!) == 1)
        }
    }

    @Test func noResponseCanTriggerTheAlternateRequest() async throws {
        let server = try await DemoServer.start()
        let closedPort = 1
        let client = try HTTPClient(baseURL: server.baseURL)
        let fallback = HTTPAltRequestValidator(statusCodes: [HTTPAltRequestValidator.noResponse],
                                               { _, _ in HTTPRequest(.get, "status/200") }) { _, _ in }
        client.validators = [fallback, HTTPDefaultValidator()]
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "http://127.0.0.1:\(closedPort)/x")) }
        #expect(error?.kind == .retriesExhausted)
        #expect(error?.attempts.map { $0.transportFailure?.kind } == [.connectionRefused, .connectionRefused])
        await client.shutdown()
        await server.shutdown()
    }
}
