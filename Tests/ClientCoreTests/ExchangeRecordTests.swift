import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// `HTTPClient.run`: one exchange as one record, however it ends — what `send`, `run`, `replay`
/// and the TUI print, record and show, with no event stream to re-assemble.
@Suite struct ExchangeRecordTests {
    @Test func aSuccessCarriesItsEventsAndTime() async throws {
        try await withDemo(maxRetries: 3, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let record = await client.run(HTTPRequest(.get, "flaky/2"))
            let response = try record.result.get()
            #expect(response.status == 200)
            #expect(record.events.map(\.name).last == "exchange.completed")
            #expect(record.events.filter { $0.name == "attempt.started" }.count == 3)
            #expect(record.events.allSatisfy { $0.exchange == record.id })
            #expect(record.elapsed > .zero && record.error == nil && !record.wasCancelled)
        }
    }

    /// A failure carries the same events a response would, its `exchange.failed` last.
    @Test func aFailureCarriesEveryEventToo() async throws {
        try await withDemo(maxRetries: 2, validators: [HTTPDefaultValidator(strategy: .immediate)]) { _, client in
            let id = client.makeExchangeID()
            let record = await client.run(HTTPRequest(.get, "flaky/9"), id: id)
            #expect(record.id == id)
            #expect(record.error?.kind == .retriesExhausted)
            #expect(record.events.map(\.name).last == "exchange.failed")
            #expect(record.events.filter { $0.name == "attempt.started" }.count == 3)
            #expect(record.error?.attempts.count == 3)
        }
    }

    @Test func cancellingTheCallerCancelsTheExchange() async throws {
        try await withDemo { _, client in
            let task = Task { await client.run(HTTPRequest(.get, "delay/5000")) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let record = await task.value
            #expect(record.wasCancelled)
            #expect(record.events.map(\.name).last == "exchange.failed")
        }
    }

    @Test func aRefusedRequestIsARecordWithoutEvents() {
        let record = ExchangeRecord(refused: HTTPError(.invalidURL, "undefined variable {{x}}"), id: ExchangeID(7))
        #expect(record.events.isEmpty && record.elapsed == .zero && record.error?.message == "undefined variable {{x}}")
    }
}
