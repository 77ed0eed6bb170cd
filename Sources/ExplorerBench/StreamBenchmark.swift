import ClientCore
import Foundation

/// SPEC §10's figures: 10,000 events a second parsed by ClientCore with none lost; in the TUI
/// (tmux), a dripped event's row on screen after its bytes left the server, and a key answered
/// while 10,000 events a second arrive, with every one of them counted on screen.
struct StreamBenchmark {
    let events: Int
    let runs: Int

    func run() async {
        do {
            let server = try await EventStreamServer.start()
            defer { Task { await server.stop() } }
            try await headless(server)
            try tui(server)
        } catch {
            FileHandle.standardError.write(Data("explorer-bench stream: \(error)\n".utf8))
            exit(1)
        }
    }

    /// ClientCore alone: every `stream.event` counted off the event stream, indexes checked.
    private func headless(_ server: EventStreamServer) async throws {
        for rate in [10_000, 1_000_000] {
            let client = try HTTPClient(baseURL: server.baseURL)
            let stream = client.events(bufferLimit: 1 << 20)
            let counted = Task { () -> (Int, Bool) in
                var count = 0, ordered = true
                for await event in stream {
                    guard case .streamEvent(let report) = event.kind else { continue }
                    count += 1
                    if report.index != count { ordered = false }
                }
                return (count, ordered)
            }
            let started = ContinuousClock.now
            _ = try await client.send(HTTPRequest(.get, "paced?count=\(events)&rate=\(rate)"))
            let seconds = (ContinuousClock.now - started).seconds
            await client.shutdown()
            let (count, ordered) = await counted.value
            let label = rate >= 1_000_000 ? "unpaced" : "paced_\(rate)_per_s"
            print("sse_\(label)_events=\(count) of \(events) lost=\(events - count) in_order=\(ordered) events_per_s=\(Int(Double(count) / seconds))")
        }
    }

    private func tui(_ server: EventStreamServer) throws {
        let explorer = try TUIBenchmark.explorerPath()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try TUIBenchmark.writeProfile(baseURL: server.baseURL, home: home)
        let environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "EXPLORER_HOME": home.path]

        // A row on screen after its event's bytes left the server.
        var latencies: [Double] = []
        for _ in 0..<runs {
            let tmux = TmuxDriver()
            defer { tmux.stop() }
            try tmux.start([explorer, "--profile", "ready", "drip?count=3&gap_ms=700"], width: 120, height: 40, environment: environment)
            let started = try tmux.release()
            _ = try tmux.waitFor(since: started) { $0.contains { $0.contains("http://127.0.0.1:") } }
            let sent = ContinuousClock.now
            try tmux.send("Enter")
            for number in 1...3 {
                _ = try tmux.waitFor(since: sent) { $0.contains { $0.contains("#\(number) drop id \(number)") } }
                let seen = ContinuousClock.now
                guard let left = server.dripped.withLock({ $0[number] }) else { throw BenchFailure("event \(number) was never sent") }
                latencies.append((seen - left).seconds * 1000)
            }
        }
        let latency = Sample(latencies)
        print("tui_event_row_after_its_bytes_ms_p50=\(format(latency.median)) max=\(format(latency.percentile(100))) rows=\(latencies.count)")

        // Keys answered while 10,000 events a second arrive; then every event counted on screen.
        let tmux = TmuxDriver()
        defer { tmux.stop() }
        let total = 100_000
        try tmux.start([explorer, "--profile", "ready", "paced?count=\(total)&rate=10000"], width: 120, height: 40, environment: environment)
        let started = try tmux.release()
        _ = try tmux.waitFor(since: started) { $0.contains { $0.contains("http://127.0.0.1:") } }
        let sent = ContinuousClock.now
        try tmux.send("Enter")
        _ = try tmux.waitFor(since: sent) { $0.contains { $0.contains("receiving… Esc stops") } }
        let answers = try tmux.helpToggles(5)
        let answer = Sample(answers)
        let ended = try tmux.waitFor(since: sent, timeout: 120) { $0.contains { $0.contains("events · ended") } }
        let screen = try tmux.capture()
        let shown = screen.first { $0.contains("events · ended") } ?? ""
        print("tui_key_answer_during_10k_events_per_s_ms_p50=\(format(answer.median)) max=\(format(answer.percentile(100))) presses=\(answers.count)")
        print("tui_stream_\(total)_events_ended_after_ms=\(format(ended)) all_counted=\(shown.contains("\(total) events · ended")) shown=\"\(shown.trimmingCharacters(in: .whitespaces))\"")
    }
}
