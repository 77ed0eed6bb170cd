import Foundation
import Testing

/// Retries as the events file records them.
@Suite struct SendRetryTests {
    @Test func flakyEndpointSucceedsOnTheThirdAttempt() async throws {
        try await withDemo { server, directory, key in
            let eventsPath = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--max-retries", "3", "--retry", "immediate", "--events", eventsPath,
                 "\(server.baseURL)flaky/2"], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText.contains("\"ok\":true"))
            let events = try EventLines(path: eventsPath)
            #expect(events.count("attempt.started") == 3)
            #expect(events.count("retry.scheduled") == 2)
            let completed = try #require(events.named("exchange.completed").first)
            #expect(completed["attempts"] as? Int == 3)
            #expect(completed["status"] as? Int == 200)
            for object in events.objects {
                #expect(object["event"] is String)
                #expect(object["exchange"] is Int)
                #expect(object["t_ms"] is NSNumber)
            }
            #expect(await server.requestCount(path: "/flaky", key: key) == 3)
        }
    }

    @Test func retriesRunOut() async throws {
        try await withDemo { server, directory, key in
            let eventsPath = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--max-retries", "1", "--retry", "delayed:0.01", "--events", eventsPath,
                 "\(server.baseURL)flaky/5"], in: directory)
            #expect(outcome.status == 1)
            #expect(outcome.stdout.isEmpty)
            let events = try EventLines(path: eventsPath)
            let skipped = try #require(events.named("retry.skipped").first)
            #expect((skipped["reason"] as? String)?.contains("exhausted") == true)
            #expect(events.names.last == "exchange.failed")
        }
    }

    @Test func postIsNotRetriedUnlessAskedFor() async throws {
        try await withDemo { server, directory, key in
            let eventsPath = directory.path("events.jsonl")
            let refused = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)", "--data", "payload", "--max-retries", "2", "--retry", "immediate",
                 "--events", eventsPath, "\(server.baseURL)flaky/1"], in: directory)
            #expect(refused.status == 1)
            let events = try EventLines(path: eventsPath)
            let skipped = try #require(events.named("retry.skipped").first)
            #expect((skipped["reason"] as? String)?.contains("not idempotent") == true)
            #expect(events.named("attempt.started").first?["method"] as? String == "POST")

            // A fresh key, so the flaky sequence starts again with its 503.
            let allowed = try await ExplorerProcess.run(
                ["send", "-H", "X-Demo-Key: \(key)-again", "--data", "payload", "--max-retries", "2", "--retry", "immediate",
                 "--retry-non-idempotent", "\(server.baseURL)flaky/1"], in: directory)
            #expect(allowed.status == 0, "\(allowed.stderrText)")
            #expect(allowed.stderrText.contains("2 attempts"))
        }
    }

    @Test func streamingStopsRetriesOnceABodyByteIsOut() async throws {
        try await withDemo { server, directory, key in
            let eventsPath = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(
                ["send", "--stream", "--max-retries", "2", "--retry", "immediate", "--events", eventsPath,
                 "\(server.baseURL)drop?key=\(key)"], in: directory)
            #expect(outcome.status == 1)
            #expect(outcome.stdout.count > 0 && outcome.stdout.count < 100_000, "the partial body was streamed")
            let events = try EventLines(path: eventsPath)
            let skipped = try #require(events.named("retry.skipped").first)
            #expect(skipped["reason"] as? String == "body partly written")
            #expect(events.count("attempt.started") == 1)
        }
    }
}
