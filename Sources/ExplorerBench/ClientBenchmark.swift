import AsyncHTTPClient
import ClientCore
import DemoAPI
import Foundation
import NIOCore
import NIOPosix

/// Sequential keep-alive GETs on loopback: through ClientCore (on its client's executor, and from
/// the cooperative pool) and through raw AsyncHTTPClient configured alike (with AHC's own choice
/// of event loop, and on one loop as ClientCore's transport keeps it), against one in-process
/// server on a thread of its own, interleaved in batches so that machine drift hits all; curl as
/// an outside reference.
struct ClientBenchmark {
    let requestsPerBatch: Int
    let batches: Int

    func run() async {
        do {
            let server = try await DemoServer.start(threads: BenchServer.ownThread)
            let url = server.baseURL + "status/200"
            let coreClient = try HTTPClient(baseURL: server.baseURL)
            let rawClient = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.rawConfiguration())
            let rawOneLoopClient = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton.next()),
                                                              configuration: Self.rawConfiguration())
            // Warm both pools and code paths.
            for _ in 0..<200 {
                _ = try await coreClient.send(HTTPRequest(.get, "status/200"))
                _ = try await Self.rawGet(rawClient, url)
                _ = try await Self.rawGet(rawOneLoopClient, url)
            }
            // Each side's per-batch median request (µs) and CPU per exchange (user + system, this
            // process: client, event loops and the server alike; the server's share is the same for
            // all). ClientCore twice: as `explorer run` calls it, on the client's executor, and as a
            // plain caller on the cooperative pool does.
            var times: [Side: [Double]] = [:]
            var means: [Side: [Double]] = [:]
            var cpu: [Side: [Double]] = [:]
            for batch in 0..<batches {
                // Rotate which goes first, so none always runs on a warmer machine.
                for pass in 0..<Side.allCases.count {
                    let side = Side.allCases[(batch + pass) % Side.allCases.count]
                    let cpuBefore = Self.cpuMicros()
                    let sample: Sample = switch side {
                    case .onExecutor:
                        try await withTaskExecutorPreference(coreClient.taskExecutor) {
                            try await Self.time(requestsPerBatch) { _ = try await coreClient.send(HTTPRequest(.get, "status/200")) }
                        }
                    case .onPool:
                        try await Self.time(requestsPerBatch) { _ = try await coreClient.send(HTTPRequest(.get, "status/200")) }
                    case .raw:
                        try await Self.time(requestsPerBatch) { try await Self.rawGet(rawClient, url) }
                    case .rawOnOneLoop:
                        try await Self.time(requestsPerBatch) { try await Self.rawGet(rawOneLoopClient, url) }
                    }
                    cpu[side, default: []].append((Self.cpuMicros() - cpuBefore) / Double(requestsPerBatch))
                    times[side, default: []].append(sample.median)
                    means[side, default: []].append(sample.mean)
                }
            }
            func ratios(_ side: Side, _ figures: [Side: [Double]], to base: Side = .raw) -> Sample {
                Sample(zip(figures[side] ?? [], figures[base] ?? []).map { $0 / $1 })
            }
            func cpuOver(_ side: Side, _ base: Side = .raw) -> Sample {
                Sample(zip(cpu[side] ?? [], cpu[base] ?? []).map { $0 - $1 })
            }
            let curl = Self.curlMicrosPerRequest(url, count: requestsPerBatch)
            await coreClient.shutdown()
            try await rawClient.shutdown()
            try await rawOneLoopClient.shutdown()
            await server.shutdown()
            print("requests=\(requestsPerBatch * batches) batches=\(batches)")
            // Per-request medians: one scheduler hiccup must not move a whole batch.
            print("clientcore_us_per_req=\(format(Sample(times[.onExecutor] ?? []).median))")
            print("clientcore_on_pool_us_per_req=\(format(Sample(times[.onPool] ?? []).median))")
            print("ahc_us_per_req=\(format(Sample(times[.raw] ?? []).median))")
            print("curl_us_per_req=\(curl.map { format($0) } ?? "unavailable")")
            let wall = ratios(.onExecutor, times)
            print("ratio_p10=\(format(wall.percentile(10), digits: 3)) ratio_p90=\(format(wall.percentile(90), digits: 3))")
            print("ratio_min=\(format(wall.percentile(0), digits: 3)) ratio_max=\(format(wall.percentile(100), digits: 3))")
            print("clientcore_vs_ahc_of_means=\(format(ratios(.onExecutor, means).median, digits: 3))")
            print("clientcore_cpu_us_per_req=\(format(Sample(cpu[.onExecutor] ?? []).median)) ahc_cpu_us_per_req=\(format(Sample(cpu[.raw] ?? []).median))")
            let overhead = cpuOver(.onExecutor)
            print("cpu_over_ahc_p10=\(format(overhead.percentile(10))) cpu_over_ahc_p90=\(format(overhead.percentile(90)))")
            // The same client called from the cooperative pool, as a plain caller does by default.
            print("clientcore_on_pool_cpu_us_over_ahc=\(format(cpuOver(.onPool).median))")
            print("clientcore_on_pool_vs_ahc=\(format(ratios(.onPool, times).median, digits: 3))")
            // Against AHC on one loop too: ClientCore's own code apart from where its connections live.
            print("ahc_one_loop_us_per_req=\(format(Sample(times[.rawOnOneLoop] ?? []).median)) ahc_one_loop_cpu_us_over_ahc=\(format(cpuOver(.rawOnOneLoop).median))")
            print("clientcore_on_pool_cpu_us_over_ahc_one_loop=\(format(cpuOver(.onPool, .rawOnOneLoop).median))")
            print("clientcore_on_pool_vs_ahc_one_loop=\(format(ratios(.onPool, times, to: .rawOnOneLoop).median, digits: 3))")
            print("clientcore_cpu_us_over_ahc=\(format(overhead.median)) (target <= 5)")
            ClientInstructions.report()
            print("clientcore_vs_ahc=\(format(wall.median, digits: 3))")
        } catch {
            FileHandle.standardError.write(Data("explorer-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Who sends: ClientCore on its client's executor (as `explorer run` does), ClientCore from the
    /// cooperative pool, raw AsyncHTTPClient from the cooperative pool (its connections on the
    /// loops AHC picks, or on one loop as ClientCore's are).
    enum Side: CaseIterable {
        case onExecutor, onPool, raw, rawOnOneLoop
    }

    /// AHC configured as ClientCore configures it.
    static func rawConfiguration() -> AsyncHTTPClient.HTTPClient.Configuration {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(30), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    static func rawGet(_ client: AsyncHTTPClient.HTTPClient, _ url: String) async throws {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        var body = try await response.body.collect(upTo: 1 << 20)
        _ = body.readBytes(length: body.readableBytes)
    }

    /// Microseconds of each of `count` calls of `body`.
    static func time(_ count: Int, _ body: () async throws -> Void) async throws -> Sample {
        var micros: [Double] = []
        micros.reserveCapacity(count)
        for _ in 0..<count {
            let start = ContinuousClock.now
            try await body()
            let elapsed = ContinuousClock.now - start
            micros.append(elapsed.seconds * 1e6)
        }
        return Sample(micros)
    }

    /// This process's CPU time so far (user + system, every thread), in microseconds: a measure
    /// that does not count the time a thread waits, unlike wall time.
    static func cpuMicros() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func micros(_ time: timeval) -> Double { Double(time.tv_sec) * 1e6 + Double(time.tv_usec) }
        return micros(usage.ru_utime) + micros(usage.ru_stime)
    }

    /// One curl process fetching the URL `count` times on one connection.
    static func curlMicrosPerRequest(_ url: String, count: Int) -> Double? {
        // `-o` applies to one URL, so each gets its own.
        let arguments = ["-s", "-w", "%{time_total}\\n"] + (0..<count).flatMap { _ in ["-o", "/dev/null", url] }
        guard let data = try? BenchProcess.run("/usr/bin/curl", arguments) else { return nil }
        let output = String(decoding: data, as: UTF8.self)
        // time_total is per transfer; drop the first (connection set-up).
        let times = output.split(separator: "\n").compactMap { Double($0) }.dropFirst()
        guard !times.isEmpty else { return nil }
        return Sample(times.map { $0 * 1e6 }).median
    }
}
