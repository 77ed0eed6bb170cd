import Foundation
import Locking
import Testing
@testable import ClientCore

/// Issue 18 against httpbin: a dripped body seen as it arrives, `/stream/N`'s lines, `/range`'s
/// partial content. (Its `/gzip`, `/deflate` and `/brotli` are in ContentDecodingTests.)
@Suite struct HttpbinStreamingTests {
    /// When each chunk of a body came, seen by a sink that keeps nothing.
    final class Arrivals: Sendable {
        let times = Locked<[(ContinuousClock.Instant, Int)]>([])
        var sink: BodySink {
            BodySink(takes: .nothing, body: { [times] chunk in times.withLock { $0.append((.now, chunk.count)) } })
        }
    }

    /// `/drip` sends its 4 bytes over 2 s: the first is in the watcher's hands well before the last.
    @Test func aDrippedBodyIsSeenAsItArrives() async throws {
        try await withHttpbin { client in
            let arrivals = Arrivals()
            let started = ContinuousClock.now
            let response = try await client.send(HTTPRequest(.get, "drip?duration=2&numbytes=4&delay=0"), sink: arrivals.sink)
            let ended = ContinuousClock.now
            #expect(response.body.count == 4, "the body is kept as well as watched")
            let times = arrivals.times.withLock { $0 }
            #expect(times.map(\.1).reduce(0, +) == 4)
            let first = try #require(times.first).0
            #expect(ended - first > .milliseconds(900), "the first byte came \(first - started) after the send, the end \(ended - started)")
        }
    }

    /// `/stream/N` is N JSON objects, one a line (sent as application/json, so no stream rows).
    @Test func streamNIsNLinesOfJSON() async throws {
        try await withHttpbin { client in
            let response = try await client.send(HTTPRequest(.get, "stream/5"))
            let lines = response.text.split(separator: "\n")
            #expect(lines.count == 5)
            for (index, line) in lines.enumerated() {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["id"] as? Int == index)
            }
            #expect(!response.events.contains { $0.name == "stream.opened" })
        }
    }

    /// `Range: bytes=10-19` of `/range/100` is 206 with those ten bytes and their Content-Range.
    @Test func aRangeIsPartialContent() async throws {
        try await withHttpbin { client in
            let whole = try await client.send(HTTPRequest(.get, "range/100"))
            let part = try await client.send(HTTPRequest(.get, "range/100").header("Range", "bytes=10-19"))
            #expect(whole.body.count == 100)
            #expect(part.status == 206)
            #expect(part.headers["Content-Range"] == "bytes 10-19/100")
            #expect(part.body.data == whole.body.data.subdata(in: 10..<20))
        }
    }
}
