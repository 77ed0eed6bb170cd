import Foundation
import TestSupport
import Testing

/// `send` decodes gzip, deflate and br bodies (SPEC §10); `--raw` keeps them; `--max-body` stops a bomb.
@Suite struct SendDecodingTests {
    @Test func demoGzipIsDecodedOnStdoutAndRawGunzipsToIt() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)gzip?key=\(key)"
            let events = directory.path("events.jsonl")
            let decoded = try await ExplorerProcess.run(["send", "--events", events, url], in: directory)
            #expect(decoded.status == 0, "\(decoded.stderrText)")
            let document = try jsonObject(decoded)
            #expect(document["gzipped"] as? Bool == true)
            #expect(document["accept_encoding"] as? String == "gzip, deflate, br")
            let received = try #require(try EventLines(path: events).named("response.received").first)
            #expect(received["encoding"] as? String == "gzip")
            #expect(received["bytes"] as? Int == decoded.stdout.count)
            #expect((received["encoded_bytes"] as? Int ?? 0) > 0)

            let raw = try await ExplorerProcess.run(["send", "--raw", "-o", directory.path("body.gz"), url], in: directory)
            #expect(raw.status == 0, "\(raw.stderrText)")
            let gunzipped = try await runShell("gunzip -c \(directory.path("body.gz"))", in: directory)
            #expect(gunzipped.status == 0 && gunzipped.stdout == decoded.stdout)
        }
    }

    @Test func maxBodyStopsABombWithExitOne() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)large?mb=200&encoding=gzip&key=\(key)"
            let started = ContinuousClock.now
            let outcome = try await ExplorerProcess.run(["send", "--max-body", "2M", "-o", "/dev/null", url], in: directory)
            #expect(outcome.status == 1)
            #expect(outcome.stderrText.contains("passed the 2 MiB limit"), "\(outcome.stderrText)")
            #expect(ContinuousClock.now - started < .seconds(TestTime.scaled(20)))
        }
    }

    @Test func aBadMaxBodyIsAUsageError() async throws {
        try await withDemo { server, directory, _ in
            for bad in ["2X", "-1", "0", "lots"] {
                let outcome = try await ExplorerProcess.run(["send", "--max-body", bad, "\(server.baseURL)gzip"], in: directory)
                #expect(outcome.status == 2)
                #expect(outcome.stderrText.contains("--max-body"), "\(outcome.stderrText)")
            }
        }
    }

    @Test func fromCurlDecodesOnlyWithCompressedAsCurlDoes() async throws {
        try await withDemo { server, directory, key in
            let url = "\(server.baseURL)gzip?key=\(key)"
            let compressed = try await ExplorerProcess.run(["send", "--from-curl", "curl --compressed '\(url)'"], in: directory)
            #expect(compressed.status == 0, "\(compressed.stderrText)")
            #expect(try jsonObject(compressed)["accept_encoding"] as? String == "gzip, deflate, br")

            // Without --compressed curl asks for nothing and prints what came: the gzip bytes.
            let plain = try await ExplorerProcess.run(["send", "-o", "-", "--from-curl", "curl '\(url)'"], in: directory)
            #expect(plain.status == 0, "\(plain.stderrText)")
            #expect(Array(plain.stdout.prefix(2)) == [0x1f, 0x8b])
            let curl = try await runShell("curl -s '\(url)'", in: directory)
            #expect(plain.stdout.count == curl.stdout.count)
        }
    }

    @Test func asCurlDecodesWithCompressedAndAsksWhatExplorerAsks() async throws {
        try await withDemo { server, directory, _ in
            let printed = try await ExplorerProcess.run(["send", "--as-curl", "\(server.baseURL)gzip"], in: directory)
            #expect(printed.stdoutText.contains("--compressed") && printed.stdoutText.contains("Accept-Encoding: gzip, deflate, br"), "\(printed.stdoutText)")
            let curl = try await runShell(printed.stdoutText, in: directory)
            #expect(try jsonObject(curl)["accept_encoding"] as? String == "gzip, deflate, br", "curl decodes it and asked the same")
            let raw = try await ExplorerProcess.run(["send", "--as-curl", "--raw", "\(server.baseURL)gzip"], in: directory)
            #expect(raw.stdoutText.contains("Accept-Encoding: gzip, deflate, br") && !raw.stdoutText.contains("--compressed"), "\(raw.stdoutText)")
        }
    }

    @Test(arguments: [("gzip", "gzipped"), ("deflate", "deflated"), ("brotli", "brotli")])
    func httpbinEncodingsAreDecoded(_ route: String, _ key: String) async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let url = "\(try await Httpbin.baseURL())/\(route)"
        let outcome = try await ExplorerProcess.run(["send", url], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        #expect(try jsonObject(outcome)[key] as? Bool == true)
        if route == "gzip" {
            let raw = try await runShell("\(try ExplorerBinary.path()) send --raw '\(url)' | gunzip -c", in: directory)
            #expect(raw.status == 0)
            #expect(try (JSONSerialization.jsonObject(with: raw.stdout) as? [String: Any])?["gzipped"] as? Bool == true)
        }
    }
}
