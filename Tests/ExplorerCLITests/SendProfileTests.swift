import Foundation
import Testing

/// The built-in demo profile: its own demo API, retries and a token refresh.
@Suite struct SendProfileTests {
    @Test func demoProfileRefreshesTheToken() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let eventsPath = directory.path("events.jsonl")
        let outcome = try await ExplorerProcess.run(["send", "--profile", "demo", "--events", eventsPath, "auth/protected"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(outcome.stdoutText.contains("\"ok\":true"))
        let events = try EventLines(path: eventsPath)
        #expect(events.count("alt.started") == 1)
        let finished = try #require(events.named("alt.finished").first)
        #expect(finished["status"] as? Int == 200)
        let refreshURL = events.named("alt.started").first?["url"] as? String
        #expect(refreshURL?.hasSuffix("/auth/refresh") == true)
        #expect(events.named("exchange.completed").first?["status"] as? Int == 200)
    }

    @Test func demoProfileRetriesWithBackoff() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let eventsPath = directory.path("events.jsonl")
        let outcome = try await ExplorerProcess.run(["send", "--profile", "demo", "--events", eventsPath, "/flaky/1"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let events = try EventLines(path: eventsPath)
        let scheduled = try #require(events.named("retry.scheduled").first)
        #expect((scheduled["strategy"] as? String)?.hasPrefix("exponential") == true)
    }
}
