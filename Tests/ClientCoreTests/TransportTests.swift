import DemoAPI
import Foundation
import Testing
@testable import ClientCore
import TestSupport

/// Transport failures, classified by code, and what the client does with them.
@Suite struct TransportTests {
    @Test func aRefusedConnectionFailsAtOnce() async throws {
        // Nothing listens on port 1; a port freed by a test server could be taken by another test's.
        let port = 1
        let client = try HTTPClient(baseURL: "http://127.0.0.1:\(port)/")
        client.timeout = TestTime.scaled(20)
        let started = ContinuousClock.now
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
        // Retriable, but max retries is 0: the exchange gives up, naming the refusal.
        #expect(error?.kind == .retriesExhausted)
        #expect(error?.attempts.first?.transportFailure?.kind == .connectionRefused)
        #expect(error?.message.contains("connection refused by 127.0.0.1:\(port)") == true)
        // Not retried silently until the 20 s timeout (AHC's default behaviour).
        #expect(ContinuousClock.now - started < TestTime.scaled(.seconds(12)))
        await client.shutdown()
    }

    @Test func aResetMidBodyIsConnectionResetAndARetryLeavesNoPartialBytes() async throws {
        try await withDemo(maxRetries: 1, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "drop").maxRetries(0)) }
            #expect(error?.kind == .retriesExhausted)
            #expect(error?.attempts.first?.transportFailure?.kind == .connectionReset)

            let response = try await client.send(HTTPRequest(.get, "drop?times=1"))
            #expect(response.status == 200)
            #expect(response.body.count == 100_000)
            #expect(response.attempts.map { $0.transportFailure?.kind } == [.connectionReset, nil])
        }
    }

    @Test func aSlowHeadTimesOut() async throws {
        try await withDemo(timeout: 0.2) { _, client in
            let started = ContinuousClock.now
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "delay/\(Int(TestTime.scaled(3000)))")) }
            #expect(error?.kind == .retriesExhausted)
            #expect(error?.attempts.first?.transportFailure?.kind == .timeout)
            // The server would answer after 3 s (scaled, as the bound is).
            #expect(ContinuousClock.now - started < TestTime.scaled(.milliseconds(2500)))
        }
    }

    @Test func anIdleGapInTheBodyTimesOut() async throws {
        try await withDemo(timeout: 5) { _, client in
            // Chunks every 100 ms are fine; a 15 s gap is not (the margins are for a machine
            // running every test at once, whose in-process servers answer late).
            let steady = try await client.send(HTTPRequest(.get, "trickle/4?interval_ms=100"))
            #expect(steady.body.count == 40)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "trickle/2?interval_ms=15000")) }
            #expect(error?.attempts.first?.transportFailure?.kind == .timeout)
        }
    }

    @Test func theExchangeDeadlineBoundsASlowBodyToo() async throws {
        try await withDemo(timeout: 1) { _, client in
            let started = ContinuousClock.now
            // Every gap is shorter than the timeout, but the whole body takes 30 s (scaled, as the bound is).
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "trickle/\(Int(TestTime.scaled(300)))?interval_ms=100").deadline(0.5)) }
            #expect(error?.kind == .deadlineExceeded)
            #expect(ContinuousClock.now - started < TestTime.scaled(.seconds(10)))
        }
    }

    @Test func aBodyPastTheLimitFailsInsteadOfFillingTheDisk() async throws {
        try await withDemo(configure: { $0.spool = SpoolPolicy(threshold: 1000, directory: FileManager.default.temporaryDirectory, maxBytes: 50_000) }) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "bytes/100000")) }
            #expect(error?.kind == .bodyTooLarge)
            let fits = try await client.send(HTTPRequest(.get, "bytes/40000"))
            #expect(fits.body.count == 40_000)
        }
    }

    @Test func absurdDelaysAndTimeoutsDoNotTrap() async throws {
        try await withDemo(maxRetries: 1, timeout: 1e300, validators: [HTTPDefaultValidator(strategy: .delayed(.infinity))]) { _, client in
            let exchange = Task { try await client.send(HTTPRequest(.get, "status/503")) }
            try await Task.sleep(for: .milliseconds(300))
            exchange.cancel()
            guard case .failure(let error as HTTPError) = await exchange.result else { Issue.record("expected a failure"); return }
            #expect(error.kind == .cancelled)
        }
        #expect(Seconds.nanoseconds(.nan) == 0)
        #expect(Seconds.nanoseconds(-5) == 0)
        #expect(Seconds.clamped(.infinity) == Seconds.longest)
    }

    @Test func anUnknownHostIsDNS() async throws {
        let client = try HTTPClient(baseURL: "http://no-such-host.invalid/")
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "x")) }
        #expect(error?.attempts.first?.transportFailure?.kind == .dns)
        await client.shutdown()
    }

    @Test func aLargeBodySpoolsToDiskAndKeepsEveryByte() async throws {
        try await withDemo(configure: { $0.spool = SpoolPolicy(threshold: 1 << 20, directory: FileManager.default.temporaryDirectory) }) { _, client in
            let large = try await client.send(HTTPRequest(.get, "bytes/5000000?seed=3"))
            let path = try #require(large.body.fileURL?.path)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(large.body.count == 5_000_000)
            let small = try await client.send(HTTPRequest(.get, "bytes/1000?seed=3"))
            #expect(small.body.fileURL == nil)
            #expect(large.body.prefix(1000) == small.body.data)
        }
    }

    @Test func streamingSendsTheBodyToTheSinkAndStopsRetryingOnceWritten() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let chunks = Recorder<Int>()
            let response = try await client.send(HTTPRequest(.get, "bytes/300000"), sink: BodySink { chunks.append($0.count) })
            #expect(chunks.values.reduce(0, +) == 300_000)
            #expect(response.body.isEmpty)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "drop"), sink: BodySink { _ in }) }
            #expect(error?.kind == .connectionReset)
            #expect(error?.attempts.count == 1)
            #expect(error?.attempts.first?.retrySkippedReason == "body partly written")
        }
    }
}

/// Redirects are followed by ClientCore, hop by hop.
@Suite struct RedirectTests {
    @Test func everyHopIsAnEvent() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "redirect/3"))
            #expect(response.status == 200)
            #expect(response.events.count("redirect.followed") == 3)
            #expect(response.events.count("attempt.started") == 1)
            #expect(response.url?.path == "/redirect/0")
        }
    }

    @Test func tooManyHopsEndWithAClearError() async throws {
        try await withDemo { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "redirect/20")) }
            #expect(error?.kind == .tooManyRedirects)
            #expect(error?.message.contains("stopped after 10 redirects") == true)
        }
    }

    @Test func aLoopEndsWithAClearError() async throws {
        try await withDemo { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "loop")) }
            #expect(error?.kind == .tooManyRedirects)
            #expect(error?.message.contains("redirect loop") == true)
        }
    }

    @Test func refusingLeavesTheRedirectToTheValidators() async throws {
        try await withDemo(configure: { $0.redirects = .refuse }) { _, client in
            let response = try await client.send(HTTPRequest(.get, "redirect/1"))
            #expect(response.status == 302)
            #expect(response.headers["Location"] == "/redirect/0")
        }
    }

    @Test func postRedirectGetToTheSameURLIsNoLoopButARepeatIs() async throws {
        try await withDemo { _, client in
            let path = "redirect-to?status=303&url=" + PercentEncoding.encodeQueryComponent("/redirect-to?status=303&url=%2Floop")
            let error = await expectFailure { try await client.send(HTTPRequest(.post, path).body(Data("x".utf8))) }
            // POST → 303 → GET (same URL, new method) → 303 → GET /loop → 302 → GET /loop: the repeat is the loop.
            #expect(error?.kind == .tooManyRedirects)
            #expect(error?.attempts.first?.redirects.count == 2)
        }
    }

    @Test func aCustomAuthHeaderIsDroppedOnTheWayToAnotherOriginToo() async throws {
        let other = try await DemoServer.start()
        try await withDemo { _, client in
            client.auth = .custom(header: "X-API-Key", value: "secret")
            let target = PercentEncoding.encodeQueryComponent(other.baseURL + "echo")
            let response = try await client.send(HTTPRequest(.get, "redirect-to?url=\(target)"))
            let echo = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
            let headers = try #require(echo["headers"] as? [String: [String]])
            #expect(!headers.keys.contains { $0.lowercased() == "x-api-key" })
        }
        await other.shutdown()
    }

    @Test func credentialsAreDroppedOnTheWayToAnotherOrigin() async throws {
        let other = try await DemoServer.start()
        try await withDemo { _, client in
            let target = PercentEncoding.encodeQueryComponent(other.baseURL + "echo")
            let response = try await client.send(HTTPRequest(.get, "redirect-to?status=307&url=\(target)")
                .header("Authorization", "Bearer secret").header("X-Kept", "yes"))
            let echo = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
            let headers = try #require(echo["headers"] as? [String: [String]])
            #expect(headers.keys.contains { $0.lowercased() == "x-kept" })
            #expect(!headers.keys.contains { $0.lowercased() == "authorization" })
        }
        await other.shutdown()
    }
}
