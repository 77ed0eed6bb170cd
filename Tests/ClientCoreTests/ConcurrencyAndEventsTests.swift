import DemoAPI
import Foundation
import Testing
@testable import ClientCore

@Suite struct ConcurrencyAndEventsTests {
    @Test func manyExchangesAtOnce() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let route = index.isMultiple(of: 5) ? "flaky/1" : "json/2"
                        return try await client.send(HTTPRequest(.get, route).header("X-Demo-Key", "c\(index)")).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 50 && statuses.allSatisfy { $0 == 200 })
        }
    }

    @Test func subscribersSeeExactlyTheExchangesOwnEventsInOrder() async throws {
        try await withDemo(maxRetries: 1, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let collector = EventCollector(client)
            let id = client.makeExchangeID()
            let response = try await client.send(HTTPRequest(.get, "flaky/1"), id: id)
            await client.shutdown()
            let published = await collector.events.filter { $0.exchange == id }
            #expect(published == response.events)
            #expect(published.map(\.tMs) == published.map(\.tMs).sorted())
            #expect(published.allSatisfy { $0.exchange == id })
        }
    }

    @Test func withNoSubscriberNothingIsPublished() async throws {
        try await withDemo { _, client in
            #expect(!client.hub.hasSubscribers)
            var stream: AsyncStream<ClientEvent>? = client.events()
            #expect(client.hub.hasSubscribers)
            stream = nil
            _ = stream
            // Dropping the only stream unsubscribes it.
            try await Task.sleep(for: .milliseconds(10))
            #expect(!client.hub.hasSubscribers)
            _ = try await client.send(HTTPRequest(.get, "status/200"))
        }
    }

    @Test func alternateRequestsAreNotAttemptsOfTheExchangeTheyServe() async throws {
        try await withDemo(validators: [AltRequestTests.refresher(), HTTPDefaultValidator()]) { _, client in
            let collector = EventCollector(client)
            _ = try await client.send(HTTPRequest(.get, "auth/protected"))
            await client.shutdown()
            let events = await collector.events
            #expect(Set(events.map(\.exchange)).count == 1)
            #expect(events.count("attempt.started") == 2)
        }
    }
}
