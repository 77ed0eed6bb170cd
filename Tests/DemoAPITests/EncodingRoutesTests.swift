import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

/// `/gzip` and `/large` (SPEC §10): what a first user decodes and watches arrive, without network.
/// Their decoding is ClientCore's, tested there; here, what the server sends.
@Suite struct EncodingRoutesTests {
    @Test func gzipIsAlwaysGzipEncoded() async throws {
        try await withDemoServer { server, client in
            let fetched = try await client.fetch(server.baseURL + "gzip")
            #expect(fetched.status == 200)
            #expect(fetched.header("Content-Encoding") == "gzip")
            #expect(fetched.header("Content-Type") == "application/json")
            #expect(Array(fetched.body.prefix(3)) == [0x1f, 0x8b, 0x08], "the gzip magic and deflate")
        }
    }

    @Test func largeSendsNMebibytesOfNumberedLines() async throws {
        try await withDemoServer { server, client in
            let fetched = try await client.fetch(server.baseURL + "large?mb=2")
            #expect(fetched.status == 200)
            #expect(fetched.header("Content-Length") == String(2 << 20))
            #expect(fetched.body.count == 2 << 20)
            let lines = fetched.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == (2 << 20) / 64 + 1 && lines.last == "")
            #expect(lines.first == #"{"line":"0000000001","text":"a quick brown fox jumps over him"}"#)
            #expect(lines[(2 << 20) / 64 - 1] == #"{"line":"0000032768","text":"a quick brown fox jumps over him"}"#)
            #expect(try JSONSerialization.jsonObject(with: Data(lines[5].utf8)) as? [String: Any] != nil)

            let gzipped = try await client.fetch(server.baseURL + "large?mb=2&encoding=gzip")
            #expect(gzipped.header("Content-Encoding") == "gzip" && gzipped.header("Content-Length") == nil)
            #expect(Array(gzipped.body.prefix(2)) == [0x1f, 0x8b] && gzipped.body.count < (2 << 20) / 10)
        }
    }

    @Test(arguments: ["large?mb=1025", "large?mb=-1", "large?mb=x", "large?encoding=zstd"])
    func badLargeQueriesAre400(_ path: String) async throws {
        try await withDemoServer { server, client in
            let fetched = try await client.fetch(server.baseURL + path)
            #expect(fetched.status == 400)
        }
    }
}
