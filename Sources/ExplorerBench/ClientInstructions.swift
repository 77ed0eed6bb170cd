import AsyncHTTPClient
import ClientCore
import DemoAPI
import Foundation

/// Instructions per exchange, counted by `valgrind --tool=callgrind`: the same binary, inputs
/// and environment give the same count whatever else the machine does, unlike seconds.
/// Each side (ClientCore, raw AsyncHTTPClient) runs in a process of its own twice, with a short
/// and a long loop; the difference of the two totals over the difference of their lengths is
/// one exchange's cost, free of start-up and warm-up. Both sides include the in-process
/// server's work for the request, which is the same for both.
enum ClientInstructions {
    static let shortRun = 200
    static let longRun = 1_200

    /// The ratio ClientCore / AHC of instructions per exchange, or why it could not be counted.
    static func measure() -> Result<(core: Double, raw: Double), Failure> {
        guard FileManager.default.isExecutableFile(atPath: valgrind) else {
            return .failure(Failure(message: "valgrind not found at \(valgrind) (apt-get install valgrind)"))
        }
        do {
            let core = try perExchange(side: "core")
            let raw = try perExchange(side: "raw")
            return .success((core, raw))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    struct Failure: Error { let message: String }

    /// Measures and prints `clientcore_vs_ahc_instructions=` (and the two counts before it).
    @discardableResult
    static func report() -> Result<(core: Double, raw: Double), Failure> {
        let result = measure()
        switch result {
        case .success(let counts):
            print("clientcore_instructions_per_req=\(format(counts.core, digits: 0)) ahc_instructions_per_req=\(format(counts.raw, digits: 0))")
            print("clientcore_vs_ahc_instructions=\(format(counts.core / counts.raw, digits: 3))")
        case .failure(let failure):
            print("clientcore_vs_ahc_instructions=unavailable (\(failure.message))")
        }
        return result
    }

    private static let valgrind = "/usr/bin/valgrind"

    private static func perExchange(side: String) throws -> Double {
        let short = try total(side: side, count: shortRun)
        let long = try total(side: side, count: longRun)
        return Double(long - short) / Double(longRun - shortRun)
    }

    /// Runs `explorer-bench client-loop SIDE COUNT` under callgrind; its instruction total.
    /// A copy without debug info runs: valgrind 3.19 cannot read the DWARF 5 that swiftc writes.
    private static func total(side: String, count: Int) throws -> Int {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-callgrind-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let binary = scratch.appendingPathComponent("explorer-bench").path
        let output = scratch.appendingPathComponent("\(side)-\(count).out").path
        _ = try run("/usr/bin/objcopy", ["--strip-debug", CommandLine.arguments[0], binary])
        let log = try run(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(output)", binary, "client-loop", side, String(count)])
        guard let text = try? String(contentsOfFile: output, encoding: .utf8),
              let line = text.split(separator: "\n").last(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
              let total = line.split(separator: " ").last.flatMap({ Int($0) })
        else {
            if log.contains("VALGRIND INTERNAL ERROR") {
                throw Failure(message: "valgrind crashed running \(side) (on this machine valgrind 3.19 crashes in any program that starts a Swift task)")
            }
            throw Failure(message: "callgrind run of \(side) × \(count) left no totals")
        }
        return total
    }

    /// Runs a tool to its end; what it wrote to standard error.
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try BenchProcess.run(tool, arguments, errors: true), as: UTF8.self)
    }

    /// The loop one counted process runs: warm-up, then `count` keep-alive GETs on one side,
    /// against an in-process demo API, or the one at `base` (then the process's own CPU time
    /// is the client's alone: `perf stat -e task-clock explorer-bench client-loop core N URL`).
    static func loop(side: String, count: Int, base: String? = nil) async {
        do {
            let server = base == nil ? try await DemoServer.start() : nil
            let baseURL = base ?? server?.baseURL ?? ""
            let url = baseURL + "status/200"
            let warmUp = 50
            if side == "core" {
                let client = try HTTPClient(baseURL: baseURL)
                for _ in 0..<(warmUp + count) { _ = try await client.send(HTTPRequest(.get, "status/200")) }
                await client.shutdown()
            } else if side.hasPrefix("rawspin") {
                // What N µs of work between requests costs raw AHC here, to read ClientCore's figure by.
                let spin = Duration.microseconds(Int(side.dropFirst(7)) ?? 5)
                let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: ClientBenchmark.rawConfiguration())
                for _ in 0..<(warmUp + count) {
                    try await ClientBenchmark.rawGet(client, url)
                    let end = ContinuousClock.now + spin
                    while ContinuousClock.now < end {}
                }
                try await client.shutdown()
            } else {
                let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: ClientBenchmark.rawConfiguration())
                for _ in 0..<(warmUp + count) { try await ClientBenchmark.rawGet(client, url) }
                try await client.shutdown()
            }
            await server?.shutdown()
        } catch {
            FileHandle.standardError.write(Data("explorer-bench client-loop: \(error)\n".utf8))
            exit(1)
        }
    }
}
