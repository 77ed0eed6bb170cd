import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore

/// Decoding a gzip body (issue 18): `explorer send URL -o /dev/null` against `curl --compressed
/// -o /dev/null` on the same bytes, in the same run. The body is the demo API's `/large` lines,
/// gzipped once before the clock starts and then served ready (Content-Encoding: gzip) so both
/// clients time receiving and decoding, not the server compressing. Each figure is the median
/// wall time of `runs` runs of the whole process, alternating; the ratio is ours / curl's. `send`
/// keeps a final body (a spooled file past 8 MiB) before writing it, since a retry may replace it;
/// `send --stream` writes it as it is decoded, as curl does, so both are shown. Then a process
/// start alone, `explorer send --help` against `curl --version`, 5 of each per run, alternating.
struct DecodeBenchmark {
    let runs: Int
    let megabytes: Int

    func run() async {
        do {
            let explorer = try TUIBenchmark.explorerPath()
            guard let curl = JSONPathBenchmark.executable("curl") else { throw BenchFailure("curl is not installed") }
            let gzipped = try await Self.gzippedLines(megabytes: megabytes)
            let server = try await ReadyBodyServer.start(serving: gzipped, contentType: "application/x-ndjson", contentEncoding: "gzip")
            let url = server.baseURL + "body"
            print("decode_decoded_bytes=\(megabytes << 20)")
            print("decode_gzip_bytes=\(gzipped.readableBytes)")
            // Once each, untimed: both must decode the whole body.
            let ours = (try? BenchProcess.run(explorer, ["send", url, "-o", "-"]))?.count ?? -1
            let theirs = (try? BenchProcess.run(curl, ["-s", "--compressed", url, "-o", "-"]))?.count ?? -1
            guard ours == megabytes << 20, theirs == ours else {
                await server.stop()
                throw BenchFailure("decoded sizes differ: explorer \(ours), curl \(theirs), expected \(megabytes << 20)")
            }
            var explorerTimes: [Double] = []
            var streamTimes: [Double] = []
            var curlTimes: [Double] = []
            var startTimes: [Double] = []
            var curlStartTimes: [Double] = []
            for _ in 0..<runs {
                // A process start alone: what every `send` pays before its first byte.
                for _ in 0..<5 {
                    startTimes.append(JSONPathBenchmark.milliseconds { JSONPathBenchmark.runQuietly(explorer, ["send", "--help"]) })
                    curlStartTimes.append(JSONPathBenchmark.milliseconds { JSONPathBenchmark.runQuietly(curl, ["--version"]) })
                }
                explorerTimes.append(JSONPathBenchmark.milliseconds { JSONPathBenchmark.runQuietly(explorer, ["send", url, "-o", "/dev/null"]) })
                streamTimes.append(JSONPathBenchmark.milliseconds {
                    JSONPathBenchmark.runQuietly(explorer, ["send", "--stream", url, "-o", "/dev/null"])
                })
                curlTimes.append(JSONPathBenchmark.milliseconds { JSONPathBenchmark.runQuietly(curl, ["-s", "--compressed", url, "-o", "/dev/null"]) })
            }
            await server.stop()
            let explorerMedian = Sample(explorerTimes).median
            let streamMedian = Sample(streamTimes).median
            let curlMedian = Sample(curlTimes).median
            print("decode_explorer_ms=\(format(explorerMedian, digits: 1))")
            print("decode_explorer_stream_ms=\(format(streamMedian, digits: 1))")
            print("decode_curl_ms=\(format(curlMedian, digits: 1))")
            let startMedian = Sample(startTimes).median, curlStartMedian = Sample(curlStartTimes).median
            print("startup_explorer_send_help_ms=\(format(startMedian, digits: 1))")
            print("startup_curl_version_ms=\(format(curlStartMedian, digits: 1))")
            print("startup_explorer_vs_curl=\(format(startMedian / curlStartMedian, digits: 3)) (target <= 1.7)")
            print("decode_explorer_stream_vs_curl=\(format(streamMedian / curlMedian, digits: 3))")
            print("decode_explorer_vs_curl=\(format(explorerMedian / curlMedian, digits: 3)) (target <= 1.2)")
        } catch {
            FileHandle.standardError.write(Data("explorer-bench decode: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The demo API's `/large?mb=N&encoding=gzip`, kept as it came.
    static func gzippedLines(megabytes: Int) async throws -> ByteBuffer {
        let demo = try await DemoServer.start()
        var configuration = AsyncHTTPClient.HTTPClient.Configuration()
        configuration.decompression = .disabled
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(HTTPClientRequest(url: demo.baseURL + "large?mb=\(megabytes)&encoding=gzip"), timeout: .seconds(300))
            let body = try await response.body.collect(upTo: megabytes << 20)
            try await client.shutdown()
            await demo.shutdown()
            return body
        } catch {
            try? await client.shutdown()
            await demo.shutdown()
            throw error
        }
    }
}
