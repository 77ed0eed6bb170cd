import ClientCore
import Foundation
import Hummingbird
import NIOCore
import TUICore

/// A body of hundreds of MB received and viewed as the TUI does it (ClientCore spools it past
/// the threshold, `BodyDocument` reads the spool file a window at a time), with the process's
/// peak RSS (`VmHWM`, mapped pages included) and the time to show the body's last screen.
/// The server writes one ready MB again and again, so it adds ~1 MB to the figure.
struct SpoolBenchmark {
    let megabytes: Int
    let runs: Int
    /// Also the real `explorer` in tmux (as `explorer-bench tui` drives it), its own VmHWM.
    let tui: Bool

    static let lineBytes = 100
    static let linesPerChunk = 10_000
    static let chunkBytes = lineBytes * linesPerChunk
    static let lastLine = "the end of the spooled body"

    func run() async {
        do {
            let server = try await Self.startServer(megabytes: megabytes)
            defer { server.task.cancel() }
            let spool = SpoolDirectory()
            defer { spool.remove() }
            print("start_vmhwm_mb=\(format(Self.peakRSSMB(), digits: 1))")
            for announced in [true, false] {
                try await measure(baseURL: server.baseURL, announced: announced)
            }
            if tui {
                for announced in [true, false] {
                    try measureTUI(baseURL: server.baseURL, announced: announced)
                }
            }
        } catch {
            FileHandle.standardError.write(Data("explorer-bench spool: \(error)\n".utf8))
            exit(1)
        }
    }

    private func measure(baseURL: String, announced: Bool) async throws {
        let name = "\(megabytes)mb_" + (announced ? "content_length" : "chunked")
        Self.resetPeakRSS()
        let client = ClientCore.HTTPClient(baseURL: URL(string: baseURL))
        let sent = ContinuousClock.now
        let response = try await client.send(ClientCore.HTTPRequest(.get, announced ? "lines" : "chunked"))
        let received = ContinuousClock.now - sent
        await client.shutdown()
        guard let url = response.body.fileURL, response.body.count == megabytes * 1_000_000 else {
            throw BenchFailure("the body was not spooled whole (\(response.body.count) bytes, file \(response.body.fileURL?.path ?? "none"))")
        }
        // As the TUI's ExchangeRunner: the first screens at once, then the whole index.
        let opened = ContinuousClock.now
        guard let first = BodyDocument.open(file: url, count: response.body.count, contentType: "text/plain") else {
            throw BenchFailure("cannot open the spool file")
        }
        _ = first.lines(0..<40, maxColumns: 120)
        let firstScreen = ContinuousClock.now - opened
        let document = first.indexed()
        let indexed = ContinuousClock.now - opened
        guard document.lineCount == megabytes * 1_000_000 / Self.lineBytes else { throw BenchFailure("\(document.lineCount) lines") }

        // End: the last 40 lines (the first time from a cold window cache), then jumps about.
        var ends: [Double] = []
        for run in 0..<max(1, runs) {
            let top = run == 0 ? document.lineCount - 40 : (run * 7919 * 131) % (document.lineCount - 40)
            let pressed = ContinuousClock.now
            let lines = document.lines(top..<(top + 40), maxColumns: 120)
            ends.append((ContinuousClock.now - pressed).milliseconds)
            if run == 0, !lines.last!.map(\.text).joined().hasPrefix(Self.lastLine) { throw BenchFailure("the last line is not on screen") }
        }
        let searched = ContinuousClock.now
        let found = document.find(Self.lastLine, from: 0, forward: true)
        let search = ContinuousClock.now - searched
        guard found == document.lineCount - 1 else { throw BenchFailure("search found line \(found ?? -1)") }

        let jumps = Sample(Array(ends.dropFirst()))
        print("spool_\(name)_receive_ms=\(format(received.milliseconds, digits: 0)) first_screen_ms=\(format(firstScreen.milliseconds))"
              + " indexed_ms=\(format(indexed.milliseconds, digits: 0))")
        print("spool_\(name)_scroll_to_end_ms=\(format(ends[0])) jump_p50_ms=\(format(jumps.median)) max=\(format(jumps.percentile(100)))"
              + " search_whole_body_ms=\(format(search.milliseconds, digits: 0))")
        print("spool_\(name)_vmhwm_mb=\(format(Self.peakRSSMB(), digits: 1)) target=256")
    }

    /// The release `explorer` in tmux on a profile whose base URL is this server: Enter sends,
    /// the first rows show, indexing ends, Tab to the Response pane, End until the last line.
    private func measureTUI(baseURL: String, announced: Bool) throws {
        let explorer = try TUIBenchmark.explorerPath()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try TUIBenchmark.writeProfile(baseURL: baseURL, home: home)
        let environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "EXPLORER_HOME": home.path,
                           "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        let tmux = TmuxDriver()
        defer { tmux.stop() }
        try tmux.start([explorer, "--profile", "ready", announced ? "lines" : "chunked"], width: 120, height: 40, environment: environment)
        let started = try tmux.release()
        _ = try tmux.waitFor(since: started) { $0.contains { $0.contains("http://127.0.0.1:") } }
        let sent = ContinuousClock.now
        try tmux.send("Enter")
        let toScreen = try tmux.waitFor(since: sent, timeout: 120) { screen in
            screen.contains { $0.contains("row 0 xxx") } && screen.contains { $0.contains(" 200") }
        }
        _ = try tmux.waitFor(since: sent, timeout: 120) { screen in !screen.contains { $0.contains("indexing") } }
        try tmux.send("Tab", "Tab", "Tab")
        _ = try tmux.waitFor(since: sent) { screen in screen.contains { $0.contains("/ search") } }
        let pressed = ContinuousClock.now
        try tmux.send("End")
        let toEnd = try tmux.waitFor(since: pressed) { screen in screen.contains { $0.contains(Self.lastLine) } }
        let peak = Double((BenchProcess.statusKilobytes("VmHWM", of: "\(try tmux.pid())") ?? -1)) / 1024
        let name = "\(megabytes)mb_" + (announced ? "content_length" : "chunked")
        print("spool_tui_\(name)_send_to_screen_ms=\(format(toScreen)) scroll_to_end_ms=\(format(toEnd)) vmhwm_mb=\(format(peak, digits: 1)) target=256")
    }

    /// `/lines` announces its length, `/chunked` does not; both write the same ready MB again and
    /// again, the last one ending with `lastLine`.
    static func startServer(megabytes: Int) async throws -> (baseURL: String, task: Task<Void, any Error>) {
        var chunk = ByteBuffer()
        for index in 0..<linesPerChunk {
            let prefix = "row \(index) "
            chunk.writeString(prefix + String(repeating: "x", count: lineBytes - prefix.utf8.count - 1) + "\n")
        }
        var last = chunk
        last.moveWriterIndex(to: chunkBytes - lineBytes)
        last.writeString(lastLine + String(repeating: ".", count: lineBytes - lastLine.utf8.count - 1) + "\n")
        let total = megabytes * 1_000_000
        let router = Router()
        for (path, length) in [("lines", Optional(total)), ("chunked", nil)] {
            router.get(RouterPath(path)) { [chunk, last] _, _ in
                Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(contentLength: length) { writer in
                    for index in 0..<megabytes { try await writer.write(index == megabytes - 1 ? last : chunk) }
                    try await writer.finish(nil)
                })
            }
        }
        let (baseURL, task) = try await BenchServer.start(router, label: "spool")
        return (baseURL, task)
    }

    /// VmHWM of this process, in MB.
    static func peakRSSMB() -> Double {
        BenchProcess.statusKilobytes("VmHWM").map { Double($0) / 1024 } ?? -1
    }

    /// Starts a new peak (`clear_refs` 5 resets VmHWM to the current RSS).
    static func resetPeakRSS() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }
}
