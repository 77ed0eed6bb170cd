import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore

/// The TUI as a user sees it, in tmux: start to first full frame; a large JSON response from the
/// send key to its first lines on screen (and the process's peak RSS); End to the body's last line.
struct TUIBenchmark {
    let runs: Int

    static let titles = ["Request", "Headers", "Body", "Response", "Timeline"]

    func run() async {
        do {
            let explorer = try Self.explorerPath()
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "EXPLORER_HOME": home.path]

            var firstFrames: [Double] = []
            for _ in 0..<runs {
                let tmux = TmuxDriver()
                defer { tmux.stop() }
                try tmux.start([explorer], width: 80, height: 24, environment: environment)
                let start = try tmux.release()
                firstFrames.append(try tmux.waitFor(since: start) { screen in Self.titles.allSatisfy { title in screen.contains { $0.contains(title) } } })
            }
            let first = Sample(firstFrames)
            print("first_frame_ms_p50=\(format(first.median)) p90=\(format(first.percentile(90))) runs=\(runs)")

            for megabytes in [10, 50] {
                let server = try await ReadyBodyServer.start(serving: try await Self.usersJSON(megabytes: megabytes), contentType: "application/json")
                try Self.writeProfile(baseURL: server.baseURL, home: home)
                var toScreen: [Double] = [], toEnd: [Double] = [], peaks: [Double] = [], growths: [Double] = []
                for _ in 0..<(megabytes == 10 ? runs : max(1, runs / 2)) {
                    let figures = try largeBody(explorer: explorer, environment: environment)
                    toScreen.append(figures.toScreen)
                    toEnd.append(figures.toEnd)
                    peaks.append(figures.peakRSSMB)
                    growths.append(figures.peakRSSMB - figures.startRSSMB)
                }
                await server.stop()
                let screen = Sample(toScreen), end = Sample(toEnd), peak = Sample(peaks), growth = Sample(growths)
                print("json_\(megabytes)mb_send_to_screen_ms_p50=\(format(screen.median)) max=\(format(screen.percentile(100)))")
                print("json_\(megabytes)mb_scroll_to_end_ms_p50=\(format(end.median)) max=\(format(end.percentile(100)))")
                print("json_\(megabytes)mb_peak_rss_mb=\(format(peak.percentile(100), digits: 1)) ratio_to_body=\(format(peak.percentile(100) / Double(megabytes)))"
                      + " growth_mb=\(format(growth.percentile(100), digits: 1)) growth_ratio_to_body=\(format(growth.percentile(100) / Double(megabytes)))")
            }
        } catch {
            FileHandle.standardError.write(Data("explorer-bench tui: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The body from a server that has it ready (`ReadyBodyServer`), through the `ready` profile,
    /// so the explorer starts no demo API of its own. `startRSSMB` is the peak before the send.
    private func largeBody(explorer: String, environment: [String: String]) throws
        -> (toScreen: Double, toEnd: Double, peakRSSMB: Double, startRSSMB: Double) {
        let tmux = TmuxDriver()
        defer { tmux.stop() }
        try tmux.start([explorer, "--profile", "ready", "body"], width: 120, height: 40, environment: environment)
        let started = try tmux.release()
        _ = try tmux.waitFor(since: started) { $0.contains { $0.contains("http://127.0.0.1:") } }
        let start = BenchProcess.statusKilobytes("VmHWM", of: "\(try tmux.pid())") ?? -1
        let sent = ContinuousClock.now
        try tmux.send("Enter")
        let toScreen = try tmux.waitFor(since: sent) { screen in
            screen.contains { $0.contains("\"users\": [") } && screen.contains { $0.contains(" 200") }
        }
        // The whole body indexed (no progress figure left), then the Response pane gets the focus.
        _ = try tmux.waitFor(since: sent, timeout: 120) { screen in !screen.contains { $0.contains("indexing") } }
        try tmux.send("Tab", "Tab", "Tab")
        _ = try tmux.waitFor(since: sent) { screen in screen.contains { $0.contains("/ search") } }
        let pressed = ContinuousClock.now
        try tmux.send("End")
        let toEnd = try tmux.waitFor(since: pressed) { screen in screen.contains { $0.contains("\"padding\":") } }
        let peak = BenchProcess.statusKilobytes("VmHWM", of: "\(try tmux.pid())") ?? -1
        return (toScreen, toEnd, Double(peak) / 1024, Double(start) / 1024)
    }

    /// The demo API's `/json/{kb}` body, fetched once from an in-process demo server.
    static func usersJSON(megabytes: Int) async throws -> ByteBuffer {
        let demo = try await DemoServer.start()
        do {
            let response = try await AsyncHTTPClient.HTTPClient.shared.execute(HTTPClientRequest(url: demo.baseURL + "json/\(megabytes * 1024)"), timeout: .seconds(60))
            let body = try await response.body.collect(upTo: (megabytes + 1) << 20)
            await demo.shutdown()
            return body
        } catch {
            await demo.shutdown()
            throw error
        }
    }

    /// `profiles/ready.yaml`: the ready-body server as the base URL, nothing else.
    static func writeProfile(baseURL: String, home: URL) throws {
        let profiles = home.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        let file = profiles.appendingPathComponent("ready.yaml")
        try Data("baseURL: \(baseURL)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// `explorer` from the same build directory as this benchmark.
    static func explorerPath() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("explorer").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchFailure("\(path) is missing: build it first (swift build -c release)")
        }
        return path
    }
}
