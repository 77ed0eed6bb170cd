import ClientCore
import DemoAPI
import Foundation

/// Many exchanges through one ClientCore client against the in-process demo API, faults mixed
/// in, `concurrency` in flight; every exchange must end, and memory must level off after the
/// warm-up. Prints `name=value` lines, `rss_growth_pct` last; exits 1 if any exchange hung.
struct SoakBenchmark {
    let count: Int
    let concurrency: Int
    let seed: UInt64
    /// The event stream's buffer; the hub drops the oldest events past it.
    let eventBuffer: Int
    /// Per exchange; past it the exchange counts as hung.
    let watchdog: Duration

    func run() async {
        do {
            let server = try await DemoServer.start()
            let client = try Self.makeClient(server.baseURL)
            // A reader that keeps up: the hub's stream is bounded (bufferingNewest) either way.
            let events = client.events(bufferLimit: eventBuffer)
            let reader = Task { () -> [String: Int] in
                var seen: [String: Int] = [:]
                for await event in events { seen[event.name, default: 0] += 1 }
                return seen
            }
            let plan = SoakPlan(count: count, seed: seed)
            let result = await drive(plan, on: client)
            let eventCounts: [String: Int]
            if result.tally.hung == 0 {
                await client.shutdown()
                eventCounts = await reader.value
            } else {
                // A hung exchange may hold the client; do not wait on it.
                reader.cancel()
                eventCounts = [:]
            }
            let refreshes = await server.refreshCount(key: Self.sharedKey)
            await server.shutdown()
            report(result, events: eventCounts, refreshes: refreshes, rotations: plan.steps.filter { $0.scenario == .rotate }.count)
            if result.tally.hung > 0 { exit(1) }
        } catch {
            FileHandle.standardError.write(Data("explorer-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    struct Result {
        var tally = SoakTally()
        var seconds = 0.0
        var warmSeconds = 0.0
        var rssWarm = 0
        var rssEnd = 0
        var rssPeak = 0
    }

    /// A sliding window: `concurrency` lanes, each taking the next step when its exchange ends.
    func drive(_ plan: SoakPlan, on client: HTTPClient) async -> Result {
        let warmAt = max(1, count / 10)
        let watchdog = SoakWatchdog(limit: self.watchdog)
        watchdog.start()
        defer { watchdog.stop() }
        let start = ContinuousClock.now
        var warmInstant = start
        var result = Result()
        await withTaskGroup(of: (lane: Int, scenario: SoakScenario, outcome: SoakOutcome?).self) { group in
            var next = 0
            for lane in 0..<min(concurrency, count) {
                let step = plan.steps[next]
                group.addTask { (lane, step.scenario, await watchdog.run(step.index) { await Self.exchange(step, lane: lane, on: client) }) }
                next += 1
            }
            while let finished = await group.next() {
                result.tally.record(finished.scenario, finished.outcome)
                let done = result.tally.total
                if done == warmAt {
                    result.rssWarm = BenchProcess.statusKilobytes("VmRSS") ?? 0
                    warmInstant = ContinuousClock.now
                }
                if done % warmAt == 0 {
                    result.rssPeak = max(result.rssPeak, BenchProcess.statusKilobytes("VmRSS") ?? 0)
                    let line = "soak: \(done)/\(count) done, hung \(result.tally.hung), rss \(BenchProcess.statusKilobytes("VmRSS") ?? 0) kB\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                if next < count {
                    let step = plan.steps[next]
                    let lane = finished.lane
                    group.addTask { (lane, step.scenario, await watchdog.run(step.index) { await Self.exchange(step, lane: lane, on: client) }) }
                    next += 1
                }
            }
        }
        let end = ContinuousClock.now
        result.rssEnd = BenchProcess.statusKilobytes("VmRSS") ?? 0
        result.seconds = (end - start).seconds
        result.warmSeconds = (end - warmInstant).seconds
        return result
    }

    func report(_ result: Result, events: [String: Int], refreshes: Int, rotations: Int) {
        let warmExchanges = count - max(1, count / 10)
        print("exchanges=\(count) concurrency=\(concurrency) seed=\(seed) watchdog_s=\(watchdog.components.seconds)")
        print("seconds=\(format(result.seconds))")
        print("exchanges_per_s=\(format(Double(count) / result.seconds, digits: 1))")
        print("exchanges_per_s_after_warmup=\(format(Double(warmExchanges) / result.warmSeconds, digits: 1))")
        for line in result.tally.lines { print(line) }
        print("token_refreshes_by_client=\(refreshes - rotations) token_rotations=\(rotations)")
        // What the faults cost, read off the event stream the soak consumed.
        for name in ["transport.failed", "retry.scheduled", "alt.started", "exchange.failed"] {
            print("events_\(name.replacingOccurrences(of: ".", with: "_"))=\(events[name, default: 0])")
        }
        print("events=\(events.values.reduce(0, +)) event_buffer=\(eventBuffer)")
        print("rss_warm_kb=\(result.rssWarm)")
        print("rss_peak_kb=\(result.rssPeak)")
        print("rss_end_kb=\(result.rssEnd)")
        let growth = result.rssWarm > 0 ? Double(result.rssEnd - result.rssWarm) / Double(result.rssWarm) * 100 : .nan
        print("rss_growth_pct=\(format(growth))")
    }
}
