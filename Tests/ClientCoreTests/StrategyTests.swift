import DemoAPI
import Foundation
import Testing
@testable import ClientCore
import TestSupport

/// Each retry strategy end to end: the schedule the events show and the waits really made.
@Suite struct StrategyTests {
    func run(_ strategy: HTTPRetryStrategy, route: String, maxRetries: Int = 3) async throws -> HTTPResponse {
        try await withDemo(maxRetries: maxRetries, validators: [HTTPDefaultValidator(strategy: strategy)]) { _, client in
            try await client.send(HTTPRequest(.get, route))
        }
    }

    /// The gaps between one attempt's end and the next one's start, in ms.
    func gaps(_ response: HTTPResponse) -> [Double] {
        let attempts = response.attempts
        return zip(attempts, attempts.dropFirst()).map { $1.startMs - ($0.endMs ?? $0.startMs) }
    }

    @Test func immediate() async throws {
        let response = try await run(.immediate, route: "flaky/2")
        #expect(response.events.scheduledDelaysMs == [0, 0])
    }

    @Test func delayed() async throws {
        let response = try await run(.delayed(0.05), route: "flaky/2")
        #expect(response.events.scheduledDelaysMs == [50, 50])
        #expect(gaps(response).allSatisfy { $0 >= 50 })
    }

    @Test func exponential() async throws {
        let response = try await run(.exponential(base: 0.02, multiplier: 2, cap: 1, jitter: .none), route: "flaky/3")
        #expect(response.events.scheduledDelaysMs == [20, 40, 80])
        #expect(zip(gaps(response), [20.0, 40, 80]).allSatisfy { $0 >= $1 })
    }

    @Test func fibonacci() async throws {
        let response = try await run(.fibonacci(unit: 0.02, cap: 1), route: "flaky/3")
        #expect(response.events.scheduledDelaysMs == [20, 20, 40])
    }

    @Test func jitterUsesTheInjectedRandomSource() async throws {
        let response = try await withDemo(
            maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .exponential(base: 0.1, multiplier: 2, cap: 1, jitter: .full))],
            configure: { $0.random = { 0.25 } }
        ) { _, client in
            try await client.send(HTTPRequest(.get, "flaky/2"))
        }
        #expect(response.events.scheduledDelaysMs == [25, 50])
    }

    @Test func afterAnAlternateRequestThatChangesTheOriginal() async throws {
        let login = CallbackValidator(name: "silentLogin") { response, _ in
            guard response.status == 401 else { return .nextValidator }
            return .retry(.after(HTTPRequest(.post, "auth/refresh"), 0.01) { original, altResponse in
                let token = try JSONSerialization.jsonObject(with: altResponse.body.data) as? [String: Any]
                original.headers["Authorization"] = "Bearer \(token?["token"] as? String ?? "")"
            }, rules: .anyMethod)
        }
        try await withDemo(maxRetries: 1, validators: [login, HTTPDefaultValidator()]) { server, client in
            let response = try await client.send(HTTPRequest(.get, "auth/protected"))
            #expect(response.status == 200)
            #expect(response.events.names.contains("alt.started") && response.events.names.contains("alt.finished"))
            #expect(response.events.count("attempt.started") == 2)
        }
    }

    @Test func afterTaskChangesTheRequestAndItsErrorIsOnlySeen() async throws {
        let caught = Recorder<String>()
        let patcher = CallbackValidator(name: "patcher") { response, request in
            guard response.status == 503 else { return .nextValidator }
            if request.currentRetry == 0 {
                struct TaskBroke: Error {}
                return .retry(.afterTask(0, { _ in throw TaskBroke() }, { caught.append(String(describing: $0)) }))
            }
            return .retry(.afterTask(0, { original in original.route = "status/200" }))
        }
        try await withDemo(maxRetries: 2, validators: [patcher, HTTPDefaultValidator()]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "status/503"))
            #expect(response.status == 200)
            #expect(response.events.names.filter { $0.hasPrefix("task.") } == ["task.started", "task.failed", "task.started", "task.finished"])
            #expect(caught.values.count == 1)
            #expect(response.attempts.map(\.url).last?.hasSuffix("/status/200") == true)
        }
    }
}

/// Retry-After, idempotency, deadlines and cancellation.
@Suite struct RetryRulesTests {
    @Test func retryAfterDeltaSecondsSetsTheDelay() async throws {
        try await withDemo(maxRetries: 1, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "retry-after/1"))
            #expect(response.status == 200)
            let scheduled = response.events.first { $0.name == "retry.scheduled" }
            guard case .retryScheduled(_, _, let delay, let source) = scheduled?.kind else { Issue.record("no retry"); return }
            #expect(delay == 1000 && source == .retryAfter)
            #expect(response.attempts[1].startMs - (response.attempts[0].endMs ?? 0) >= 1000)
        }
    }

    @Test func retryAfterHTTPDateOn429() async throws {
        try await withDemo(maxRetries: 1, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let response = try await client.send(HTTPRequest(.get, "retry-after/2?form=date&status=429"))
            guard case .retryScheduled(_, _, let delay, let source) = response.events.first(where: { $0.name == "retry.scheduled" })?.kind
            else { Issue.record("no retry"); return }
            #expect(source == .retryAfter)
            #expect(delay > 500 && delay <= 3000)
        }
    }

    @Test func postIsNotRetriedAndSaysWhy() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let events = EventCollector(client)
            let error = await expectFailure { try await client.send(HTTPRequest(.post, "flaky/1").body(Data("x".utf8))) }
            #expect(error?.kind == .endpointError && error?.status == 503)
            #expect(error?.attempts.count == 1)
            await client.shutdown()
            #expect(await events.events.skipReasons.first?.contains("not idempotent") == true)
        }
    }

    @Test func postIsRetriedWhenTheRequestOptsIn() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let response = try await client.send(HTTPRequest(.post, "flaky/1").retryNonIdempotent())
            #expect(response.status == 200 && response.attempts.count == 2)
        }
    }

    @Test func aWaitPastTheDeadlineFailsAtOnce() async throws {
        try await withDemo(maxRetries: 5, validators: [HTTPDefaultValidator(strategy: .delayed(4))]) { _, client in
            let started = ContinuousClock.now
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "flaky/5").deadline(5)) }
            #expect(error?.kind == .deadlineExceeded)
            // At most one 4 s wait fits in 5 s: the next is refused up front, not waited out
            // (waiting it out would take at least 8 s; the margin is for a loaded machine).
            #expect(ContinuousClock.now - started < .milliseconds(7500))
            // Why: the next wait refused up front, or (on a loaded machine, the first attempt slow)
            // the second attempt cut by the deadline, or not begun because the deadline had passed.
            let last = error?.attempts.last
            #expect(last?.retrySkippedReason?.hasPrefix("past the deadline") == true || last?.transportFailure?.kind == .timeout
                        || error?.message.contains("5s deadline passed") == true,
                    "\(error?.message ?? "no error")")
        }
    }

    @Test func theDeadlineCutsASlowAttemptWithDeadlineExceeded() async throws {
        try await withDemo(timeout: 5) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "delay/3000").deadline(0.3)) }
            #expect(error?.kind == .deadlineExceeded)
        }
    }

    @Test func cancellingDuringABackoffWaitStopsAtOnce() async throws {
        try await withDemo(maxRetries: 3, validators: [HTTPDefaultValidator(strategy: .delayed(TestTime.scaled(30)))]) { _, client in
            let stream = client.events()
            let exchange = Task { try await client.send(HTTPRequest(.get, "flaky/3")) }
            for await event in stream where event.name == "retry.scheduled" { break }
            let cancelledAt = ContinuousClock.now
            exchange.cancel()
            let result = await exchange.result
            // The wait was 30 s (scaled, as the bound is).
            #expect(ContinuousClock.now - cancelledAt < TestTime.scaled(.seconds(5)))
            guard case .failure(let error as HTTPError) = result else { Issue.record("expected failure: \(result)"); return }
            #expect(error.kind == .cancelled)
        }
    }

    @Test func cancellingDuringAnAttemptStopsAtOnce() async throws {
        try await withDemo { _, client in
            let exchange = Task { try await client.send(HTTPRequest(.get, "delay/\(Int(TestTime.scaled(30_000)))")) }
            try await Task.sleep(for: .milliseconds(200))
            let cancelledAt = ContinuousClock.now
            exchange.cancel()
            let result = await exchange.result
            // The server would answer after 30 s (scaled, as the bound is).
            #expect(ContinuousClock.now - cancelledAt < TestTime.scaled(.seconds(10)))
            guard case .failure(let error as HTTPError) = result else { Issue.record("expected failure"); return }
            #expect(error.kind == .cancelled)
        }
    }
}
