import ClientCore
import DemoAPI
import Foundation

/// How late retries start compared with their scheduled delay: from each
/// `retry.scheduled` to the next `attempt.started`, minus `delay_ms`.
struct BackoffBenchmark {
    let retries: Int

    func run() async {
        do {
            let server = try await DemoServer.start(threads: BenchServer.ownThread)
            let client = try HTTPClient(baseURL: server.baseURL)
            let perExchange = 50
            client.maxRetries = perExchange
            let stream = client.events()
            let collector = Task {
                var events: [ClientEvent] = []
                for await event in stream { events.append(event) }
                return events
            }
            let exchanges = (retries + perExchange - 1) / perExchange
            for exchange in 1...exchanges {
                // Delays from 5 to 50 ms, so timer granularity shows if it matters.
                let delay = Double(5 + (exchange * 17) % 46) / 1000
                client.validators = [HTTPDefaultValidator(strategy: .delayed(delay))]
                _ = try? await client.send(HTTPRequest(.get, "status/503"))
            }
            await client.shutdown()
            await server.shutdown()
            let events = await collector.value
            let lateness = Dictionary(grouping: events, by: \.exchange).values.flatMap { Self.lateness($0) }
            let sample = Sample(Array(lateness.prefix(retries)))
            print("retries=\(sample.values.count)")
            print("late_ms_p50=\(format(sample.median, digits: 3))")
            print("late_ms_p99=\(format(sample.percentile(99), digits: 3))")
            print("late_ms_max=\(format(sample.percentile(100), digits: 3))")
        } catch {
            FileHandle.standardError.write(Data("explorer-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func lateness(_ events: [ClientEvent]) -> [Double] {
        var result: [Double] = []
        var pending: (at: Double, delay: Double)?
        for event in events {
            switch event.kind {
            case .retryScheduled(_, _, let delay, _): pending = (event.tMs, delay)
            case .attemptStarted:
                if let scheduled = pending { result.append(event.tMs - scheduled.at - scheduled.delay) }
                pending = nil
            default: break
            }
        }
        return result
    }
}
