import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Locking
import Logging
import NIOCore

/// WebSockets (issue 27), against an in-process driver on hummingbird-websocket (no compression,
/// so both clients frame alike):
/// - echo round trips a second: the driver sends a message and waits for it to come back, N times;
///   the echoing client is `explorer send --echo --listen`, and then a Python client on the
///   `websockets` package doing the same, in the same run; the driver's own clock times the N
///   round trips (process start-up is not in the figure);
/// - a flood: N messages as fast as the driver can write them to `explorer send --listen`, stdout
///   to a file: every one must arrive (lines counted), and the peak RSS is reported against its bound.
/// - in the TUI (tmux, 120×40): F1 pressed ten times (and again to close the help) while 1,000
///   messages a second arrive, each from send-keys to the screen changing; then every message
///   counted on screen.
struct WebSocketBenchmark {
    let messages: Int
    let flood: Int
    let runs: Int
    /// The most a `send --listen` of any length may hold: messages are written out as they come.
    static let rssBoundKilobytes = 64 * 1024

    private static let echoClient = """
        import asyncio, sys
        from websockets.asyncio.client import connect
        async def main(url):
            async with connect(url, max_size=None, compression=None) as ws:
                async for message in ws:
                    await ws.send(message)
        asyncio.run(main(sys.argv[1]))
        """

    func run() async {
        do {
            let explorer = try TUIBenchmark.explorerPath()
            guard let python = JSONPathBenchmark.executable("python3"),
                  (try? BenchProcess.run(python, ["-c", "import websockets"], errors: true))?.isEmpty == true
            else { throw BenchFailure("python3 with the websockets package is needed (pip install websockets)") }
            let driver = try await Driver.start()
            let echo = driver.baseURL + "drive?count=\(messages)"
            var ours: [Double] = []
            var theirs: [Double] = []
            for _ in 0..<runs {
                // Its stdout (each message, as SPEC §12 has it) to /dev/null: the Python client prints nothing.
                _ = try BenchProcess.run(explorer, ["send", "--echo", "--listen", "-o", "/dev/null", echo])
                ours.append(try driver.lastRoundTripsPerSecond(expected: messages))
                _ = try BenchProcess.run(python, ["-c", Self.echoClient, echo])
                theirs.append(try driver.lastRoundTripsPerSecond(expected: messages))
            }
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-ws-\(getpid()).txt")
            defer { try? FileManager.default.removeItem(at: output) }
            let (lines, peak) = try Self.flood(explorer, driver.baseURL + "flood?count=\(flood)", into: output)
            await driver.stop()
            let explorerMedian = Sample(ours).median
            let pythonMedian = Sample(theirs).median
            print("ws_echo_messages=\(messages)")
            print("ws_echo_python_round_trips_per_s=\(format(pythonMedian, digits: 0))")
            print("ws_flood_messages=\(flood)")
            print("ws_flood_received=\(lines)")
            print("ws_flood_peak_rss_kb=\(peak)")
            print("ws_flood_rss_bound_kb=\(Self.rssBoundKilobytes)")
            print("ws_echo_explorer_round_trips_per_s=\(format(explorerMedian, digits: 0))")
            print("ws_echo_explorer_vs_python=\(format(explorerMedian / pythonMedian, digits: 3))")
            try await Self.keysDuringMessages(explorer)
            guard lines == flood else { throw BenchFailure("the flood lost messages: \(lines) of \(flood) arrived") }
            guard peak <= Self.rssBoundKilobytes else { throw BenchFailure("the flood's peak RSS \(peak) kB is over its bound") }
        } catch {
            FileHandle.standardError.write(Data("explorer-bench websocket: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Keys answered in the TUI while `/paced` sends 1,000 messages a second for ten seconds.
    private static func keysDuringMessages(_ explorer: String) async throws {
        let driver = try await Driver.start()
        defer { Task { await driver.stop() } }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try TUIBenchmark.writeProfile(baseURL: driver.baseURL.replacingOccurrences(of: "ws://", with: "http://"), home: home)
        let total = 10_000
        let tmux = TmuxDriver()
        defer { tmux.stop() }
        try tmux.start([explorer, "--profile", "ready", driver.baseURL + "paced?count=\(total)&rate=1000"], width: 120, height: 40,
                       environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "EXPLORER_HOME": home.path])
        let started = try tmux.release()
        _ = try tmux.waitFor(since: started) { $0.contains { $0.contains("http://127.0.0.1:") } }
        let sent = ContinuousClock.now
        try tmux.send("Enter")
        _ = try tmux.waitFor(since: sent) { $0.contains { $0.contains("101 · WebSocket · ") && !$0.contains("· 0 messages") } }
        let answers = try tmux.helpToggles(10)
        let during = try tmux.capture().first { $0.contains("101 · WebSocket · ") } ?? ""
        let ended = try tmux.waitFor(since: sent, timeout: 60) { $0.contains { $0.contains("messages · ended") } }
        let shown = try tmux.capture().first { $0.contains("messages · ended") } ?? ""
        let answer = Sample(answers)
        print("tui_key_answer_during_1000_ws_messages_per_s_ms_p50=\(format(answer.median)) max=\(format(answer.percentile(100))) presses=\(answers.count)")
        print("tui_ws_last_counted_while_pressing=\"\(during.trimmingCharacters(in: .whitespaces))\"")
        print("tui_ws_\(total)_messages_ended_after_ms=\(format(ended)) all_counted=\(shown.contains("\(total) messages · ended"))")
        guard shown.contains("\(total) messages · ended") else { throw BenchFailure("the TUI counted \(shown), not \(total) messages") }
    }

    /// `send --listen` of the flood, stdout to `file`: the lines that arrived and the process's peak RSS.
    private static func flood(_ explorer: String, _ url: String, into file: URL) throws -> (lines: Int, peakKilobytes: Int) {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: explorer)
        process.arguments = ["send", "--listen", url]
        process.standardOutput = try FileHandle(forWritingTo: file)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        var usage = rusage()
        // The largest child's peak so far: the flood is the first child of this size.
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let data = try Data(contentsOf: file)
        return (data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }, usage.ru_maxrss)
    }
}

/// The benchmark's WebSocket server: `/drive?count=N` (a message out, its echo back, N times,
/// timed), `/paced?count=N&rate=R` (N messages, R a second) and `/flood?count=N` (N messages as
/// fast as they go, then a close).
private struct Driver {
    let baseURL: String
    let timings: Locked<[(count: Int, seconds: Double)]>
    private let task: Task<Void, any Error>

    static func start() async throws -> Driver {
        let timings = Locked<[(count: Int, seconds: Double)]>([])
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(ws: .init(maxFrameSize: 1 << 20, autoPing: .disabled))
        let server: HTTPServerBuilder = .http1WebSocketUpgrade(configuration: configuration) { request, _, _ in
            let uri = URI(request.path ?? "/")
            let count = Int(uri.queryParameters.get("count") ?? "") ?? 1_000
            switch uri.path {
            case "/drive": return .upgrade([:]) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                let start = ContinuousClock.now
                var returned = 0
                for number in 0..<count {
                    try await outbound.write(.text("{\"n\":\(number),\"payload\":\"explorer watches a client decide\"}"))
                    guard try await messages.next() != nil else { break }
                    returned += 1
                }
                let elapsed = ContinuousClock.now - start
                timings.withLock { $0.append((returned, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)) }
                try await outbound.close(.normalClosure, reason: nil)
            }
            case "/paced": return .upgrade([:]) { _, outbound, _ in
                // `rate` a second, each scheduled from the start (a late one does not push the rest back).
                let rate = Double(uri.queryParameters.get("rate") ?? "") ?? 1_000
                let start = ContinuousClock.now
                for number in 0..<count {
                    try await Task.sleep(until: start + .seconds(Double(number) / rate))
                    try await outbound.write(.text("{\"n\":\(number),\"payload\":\"explorer watches a client decide\"}"))
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
            case "/flood": return .upgrade([:]) { _, outbound, _ in
                for number in 0..<count { try await outbound.write(.text("{\"n\":\(number)}")) }
                try await outbound.close(.normalClosure, reason: nil)
            }
            default: return .dontUpgrade
            }
        }
        let (baseURL, task) = try await BenchServer.start(Router(), server: server, label: "websocket")
        return Driver(baseURL: baseURL.replacingOccurrences(of: "http://", with: "ws://"), timings: timings, task: task)
    }

    /// The round trips a second of the latest `/drive`, which must have made all of them.
    func lastRoundTripsPerSecond(expected: Int) throws -> Double {
        guard let last = timings.withLock({ $0.popLast() }), last.count == expected else {
            throw BenchFailure("an echoing client returned fewer than \(expected) messages")
        }
        return Double(last.count) / last.seconds
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
