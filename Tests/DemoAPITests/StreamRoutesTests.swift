import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore
import StreamFormats
import Testing
import TestSupport

/// The demo API's streams, read with the parsers explorer shows them with: an SSE clock that
/// drops and resumes from `Last-Event-ID`, and a log in NDJSON.
@Suite struct StreamRoutesTests {
    /// The body's bytes until the server ends it or cuts it, and whether it was cut.
    static func read(_ client: HTTPClient, _ url: String, headers: [(String, String)] = []) async throws -> (bytes: [UInt8], type: String?, cut: Bool) {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(Int64(TestTime.scaled(30))))
        var bytes: [UInt8] = []
        do {
            for try await chunk in response.body { bytes += chunk.readableBytesView }
            return (bytes, response.headers.first(name: "Content-Type"), false)
        } catch {
            return (bytes, response.headers.first(name: "Content-Type"), true)
        }
    }

    @Test func theClockSendsTickEventsWithIdsAndARetry() async throws {
        try await withDemoServer { server, client in
            let (bytes, type, cut) = try await Self.read(client, server.baseURL + "events?count=3&interval_ms=0")
            #expect(type == "text/event-stream")
            #expect(!cut)
            var parser = EventStreamParser()
            let events = parser.feed(bytes) + parser.finish()
            #expect(events.map(\.id) == ["1", "2", "3"])
            #expect(events.allSatisfy { $0.type == "tick" })
            #expect(events.map(\.data) == [#"{"n": 1}"#, #"{"n": 2}"#, #"{"n": 3}"#])
            #expect(parser.reconnectionTime == 500)
        }
    }

    /// Cut after every second event; each reconnect with the last id goes on where it stopped.
    @Test func aDroppedClockResumesFromTheLastEventID() async throws {
        try await withDemoServer { server, client in
            var parser = EventStreamParser()
            var ids: [String] = []
            var cuts = 0
            for _ in 0..<5 {
                let headers = parser.lastEventID.isEmpty ? [] : [("Last-Event-ID", parser.lastEventID)]
                let (bytes, _, cut) = try await Self.read(client, server.baseURL + "events?count=5&interval_ms=0&drop_every=2", headers: headers)
                ids += (parser.feed(bytes) + parser.finish()).map(\.id)
                if !cut { break }
                cuts += 1
            }
            #expect(ids == ["1", "2", "3", "4", "5"])
            #expect(cuts == 2)
        }
    }

    @Test func theLogIsOneJSONObjectPerLine() async throws {
        try await withDemoServer { server, client in
            let (bytes, type, cut) = try await Self.read(client, server.baseURL + "logs.ndjson?count=4&interval_ms=0")
            #expect(type == "application/x-ndjson")
            #expect(!cut)
            var splitter = try #require(RecordSplitter(format: .jsonLines))
            let records = splitter.feed(bytes) + splitter.finish()
            #expect(records.map(\.index) == [1, 2, 3, 4])
            #expect(records.allSatisfy { $0.problem == nil })
            let numbers = try records.map { try #require(JSONSerialization.jsonObject(with: Data($0.bytes)) as? [String: Any])["n"] as? Int }
            #expect(numbers == [1, 2, 3, 4])
        }
    }

    @Test func theSameLogAsAJSONTextSequence() async throws {
        try await withDemoServer { server, client in
            let (bytes, type, _) = try await Self.read(client, server.baseURL + "logs.json-seq?count=3&interval_ms=0")
            #expect(type == "application/json-seq")
            #expect(bytes.first == 0x1E)
            var splitter = try #require(RecordSplitter(format: .jsonSequence))
            let records = splitter.feed(bytes) + splitter.finish()
            #expect(records.map(\.index) == [1, 2, 3])
            #expect(records.allSatisfy { $0.problem == nil })
        }
    }
}
