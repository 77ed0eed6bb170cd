import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing
import TestSupport

@Suite struct FaultTests {
    @Test func flakyFailsNTimesThenSucceedsThenStartsOver() async throws {
        try await withDemoServer { server, client in
            let url = server.baseURL + "flaky/2?key=fl"
            for round in 1...2 {
                for failure in 1...2 {
                    let response = try await client.fetch(url)
                    #expect(response.status == 503, "round \(round)")
                    #expect(try response.object()["error"] as? String == "flaky: failure \(failure) of 2")
                }
                let success = try await client.fetch(url)
                #expect(success.status == 200)
                let object = try success.object()
                #expect(object["ok"] as? Bool == true)
                #expect(object["failures"] as? Int == 2)
            }
            #expect(await server.requestCount(path: "/flaky", key: "fl") == 6)
            // Another key has its own sequence; n = 0 never fails.
            #expect(try await client.fetch(server.baseURL + "flaky/2?key=other").status == 503)
            #expect(try await client.fetch(server.baseURL + "flaky/0?key=fl").status == 200)
        }
    }

    @Test func retryAfterInDeltaSecondsThenOkThenAgain() async throws {
        try await withDemoServer { server, client in
            let url = server.baseURL + "retry-after/3?key=ra"
            let throttled = try await client.fetch(url)
            #expect(throttled.status == 503)
            #expect(throttled.header("Retry-After") == "3")
            let ok = try await client.fetch(url)
            #expect(ok.status == 200)
            #expect(try ok.object()["ok"] as? Bool == true)
            #expect(try await client.fetch(url).status == 503)

            let tooMany = try await client.fetch(server.baseURL + "retry-after/1?key=ra429&status=429")
            #expect(tooMany.status == 429)
            #expect(tooMany.header("Retry-After") == "1")
        }
    }

    @Test func retryAfterAsAnHTTPDate() async throws {
        try await withDemoServer { server, client in
            let before = Date()
            let throttled = try await client.fetch(server.baseURL + "retry-after/5?key=rd&form=date")
            #expect(throttled.status == 503)
            let header = try #require(throttled.header("Retry-After"))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = try #require(formatter.date(from: header), "not an IMF-fixdate: \(header)")
            #expect(formatter.string(from: date) == header)
            let ahead = date.timeIntervalSince(before)
            // Whole seconds, rounded up; the upper margin is for a loaded machine.
            #expect(ahead >= 4.5 && ahead <= TestTime.scaled(15), "Retry-After \(header) is \(ahead) s ahead")
            #expect(try await client.fetch(server.baseURL + "retry-after/5?key=rd&form=date").status == 200)
        }
    }

    @Test func delayWaitsBeforeAnswering() async throws {
        try await withDemoServer { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await client.fetch(server.baseURL + "delay/150")
            #expect(clock.now - start >= .milliseconds(150))
            #expect(try response.object()["delayed_ms"] as? Int == 150)
        }
    }

    @Test func dropCutsTheConnectionMidBody() async throws {
        try await withDemoServer { server, client in
            let response = try await client.execute(HTTPClientRequest(url: server.baseURL + "drop?key=d"), timeout: .seconds(Int64(TestTime.scaled(10))))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Length") == "100000")
            var received = 0
            await #expect(throws: (any Error).self) {
                for try await chunk in response.body { received += chunk.readableBytes }
            }
            #expect(received > 0 && received < 100_000, "received \(received) bytes")
        }
    }

    @Test func dropWithTimesCompletesAfterNDropsAndResets() async throws {
        try await withDemoServer { server, client in
            let url = server.baseURL + "drop?times=2&key=dt"
            for _ in 1...2 {
                await #expect(throws: (any Error).self) { _ = try await client.fetch(url) }
            }
            let complete = try await client.fetch(url)
            #expect(complete.status == 200)
            #expect(complete.body.count == 100_000)
            #expect(complete.text.hasPrefix("abcdefghijabcdefghij"))
            #expect(complete.text.hasSuffix("abcdefghij"))
            await #expect(throws: (any Error).self) { _ = try await client.fetch(url) }
            #expect(await server.requestCount(path: "/drop", key: "dt") == 4)
        }
    }

    @Test func trickleSendsTenByteChunksSlowly() async throws {
        try await withDemoServer { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await client.fetch(server.baseURL + "trickle/3?interval_ms=40")
            #expect(clock.now - start >= .milliseconds(120))
            #expect(response.header("Content-Length") == "30")
            #expect(response.text == "000000001\n000000002\n000000003\n")
        }
    }
}
