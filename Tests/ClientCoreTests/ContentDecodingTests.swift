import Foundation
import Testing
@testable import ClientCore
import TestSupport

/// Bodies decoded on the way in (SPEC §10), against the demo API and httpbin.
@Suite struct ContentDecodingTests {
    func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The `encoding` of the response.received event of the exchange's first attempt, and its `bytes`.
    func received(_ response: HTTPResponse) throws -> (bytes: Int, encoding: ClientEvent.BodyEncoding?) {
        for event in response.events {
            if case let .responseReceived(_, _, bytes, _, _, encoding) = event.kind { return (bytes, encoding) }
        }
        Issue.record("no response.received event")
        return (0, nil)
    }

    @Test func aGzipBodyIsDecodedAndTheEventHasBothSizes() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "gzip"))
            let document = try json(response.body.data)
            #expect(document["gzipped"] as? Bool == true)
            #expect(document["accept_encoding"] as? String == "gzip, deflate, br", "sent unless the request has its own")
            let (bytes, encoding) = try received(response)
            #expect(bytes == response.body.count)
            let wire = try #require(response.headers["Content-Length"].flatMap(Int.init))
            #expect(encoding == ClientEvent.BodyEncoding(name: "gzip", bytes: wire))
            #expect(response.events.first { $0.name == "response.received" }?.jsonLine.contains("\"encoding\":\"gzip\",\"encoded_bytes\":\(wire)") == true)
        }
    }

    @Test func rawKeepsTheEncodedBytesAndStillAsks() async throws {
        try await withDemo { _, client in
            var request = HTTPRequest(.get, "gzip")
            request.decodesContent = false
            let response = try await client.send(request)
            #expect(Array(response.body.data.prefix(2)) == [0x1f, 0x8b], "the gzip magic: kept as it came")
            #expect(try received(response).encoding == nil)
            #expect(try received(response).bytes == response.body.count)
        }
    }

    @Test func theRequestsOwnAcceptEncodingWinsAndCanBeLeftOut() async throws {
        try await withDemo { _, client in
            let own = try json(try await client.send(HTTPRequest(.get, "echo").header("accept-encoding", "identity")).body.data)
            let ownHeaders = try #require(own["headers"] as? [String: Any])
            #expect(ownHeaders.filter { $0.key.lowercased() == "accept-encoding" }.map { "\($0.value)" }.joined().contains("identity"))
            #expect(!"\(ownHeaders)".contains("gzip, deflate, br"))

            var none = HTTPRequest(.get, "echo")
            none.acceptsEncodings = false
            let echoed = try json(try await client.send(none).body.data)
            #expect(!"\(echoed["headers"] ?? "")".lowercased().contains("accept-encoding"))
        }
    }

    @Test func aLargeGzipBodyIsDecodedCollectedAndStreamed() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "large?mb=3&encoding=gzip"))
            #expect(response.body.count == 3 << 20)
            let (bytes, encoding) = try received(response)
            #expect(bytes == 3 << 20 && encoding?.name == "gzip" && (encoding?.bytes ?? 0) < bytes)
            let last = String(decoding: response.body.data.suffix(64), as: UTF8.self)
            #expect(last == #"{"line":"0000049152","text":"a quick brown fox jumps over him"}"# + "\n")

            let streamed = Recorder<Int>()
            let sent = try await client.send(HTTPRequest(.get, "large?mb=3&encoding=gzip"), sink: BodySink { streamed.append($0.count) })
            #expect(streamed.values.reduce(0, +) == 3 << 20)
            #expect(streamed.values.allSatisfy { $0 <= ContentDecoder.pieceSize })
            #expect(try received(sent).bytes == 3 << 20)
        }
    }

    @Test func maxBodyStopsADecodedBodyAtItsLimit() async throws {
        try await withDemo { _, client in
            var request = HTTPRequest(.get, "large?mb=64&encoding=gzip")
            request.maxBody = 1 << 20
            let error = await expectFailure { try await client.send(request) }
            #expect(error?.kind == .bodyTooLarge)
            #expect(error?.message.contains("1 MiB limit") == true, "\(error?.message ?? "")")
        }
        // The client's own limit (a profile's maxBody) applies when the request sets none.
        try await withDemo(configure: { $0.spool.maxBytes = 2 << 20 }) { _, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "large?mb=3")) }
            #expect(error?.kind == .bodyTooLarge && error?.message.contains("2 MiB limit") == true)
        }
    }

    @Test func anUnknownCodingIsKeptAndSaid() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "gzip"))
            #expect(response.undecodedEncoding == nil)
            var zstd = response
            zstd.headers["Content-Encoding"] = "zstd"
            #expect(zstd.undecodedEncoding == "zstd")
        }
    }

    @Test(arguments: [("gzip", "gzipped"), ("deflate", "deflated"), ("brotli", "brotli")])
    func httpbinEncodingsAreDecoded(_ route: String, _ key: String) async throws {
        try await withHttpbin { client in
            let response = try await client.send(HTTPRequest(.get, route))
            let document = try json(response.body.data)
            #expect(document[key] as? Bool == true)
            let (bytes, encoding) = try received(response)
            #expect(bytes == response.body.count)
            #expect(encoding?.name == (route == "brotli" ? "br" : route))
            #expect((encoding?.bytes ?? 0) > 0 && encoding?.bytes != bytes)
        }
    }
}
