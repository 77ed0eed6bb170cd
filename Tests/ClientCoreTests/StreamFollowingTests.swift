import ClientEvents
import Foundation
import Locking
import Testing
@testable import ClientCore
import TestSupport

/// SPEC §10: event streams and line formats read as they arrive, `stream.*` events, reconnects
/// with `Last-Event-ID` as retries of source `stream`, and the limits that end a stream.
@Suite struct StreamFollowingTests {
    /// Sends `request` and returns the response (or error) with every event published for it.
    static func follow(_ client: HTTPClient, _ request: HTTPRequest, sink: BodySink? = nil) async -> (Result<HTTPResponse, HTTPError>, [ClientEvent]) {
        let stream = client.events()
        let collected = Task { await stream.reduce(into: [ClientEvent]()) { $0.append($1) } }
        let result: Result<HTTPResponse, HTTPError>
        do { result = .success(try await client.send(request, sink: sink)) } catch { result = .failure(error) }
        await client.shutdown()
        return (result, await collected.value)
    }

    static func streamEvents(_ events: [ClientEvent]) -> [StreamEventReport] {
        events.compactMap { if case .streamEvent(let event) = $0.kind { event } else { nil } }
    }

    static func closings(_ events: [ClientEvent]) -> [StreamEndReason] {
        events.compactMap { if case .streamClosed(_, _, let reason) = $0.kind { reason } else { nil } }
    }

    @Test func eachEventIsPublishedAsItArrivesAndTheBodyIsKept() async throws {
        try await withDemo { _, client in
            let (result, events) = await Self.follow(client, HTTPRequest(.get, "events?count=3&interval_ms=0"))
            let response = try result.get()
            #expect(response.status == 200)
            #expect(Self.streamEvents(events).map(\.id) == ["1", "2", "3"])
            #expect(Self.streamEvents(events).map(\.index) == [1, 2, 3])
            #expect(Self.streamEvents(events).allSatisfy { $0.type == "tick" })
            #expect(Self.streamEvents(events).first?.retry == 500)
            #expect(events.names.prefix(2) == ["attempt.started", "stream.opened"])
            #expect(Self.closings(events) == [.ended])
            // The exchange's record keeps the stream's opening and end, not each event.
            #expect(response.events.names == ["attempt.started", "stream.opened", "stream.closed", "response.received",
                                              "validator.decided", "exchange.completed"])
            #expect(response.text.contains("data: {\"n\": 3}"))
        }
    }

    @Test func aDroppedStreamReconnectsWithTheLastEventIDUntilTheServerSays204() async throws {
        try await withDemo(maxRetries: 5) { _, client in
            let (result, events) = await Self.follow(client, HTTPRequest(.get, "events?count=5&interval_ms=0&drop_every=2"))
            let response = try result.get()
            #expect(Self.streamEvents(events).map(\.id) == ["1", "2", "3", "4", "5"])
            #expect(Self.streamEvents(events).map(\.index) == [1, 2, 3, 4, 5])
            #expect(Self.closings(events) == [.dropped, .dropped, .ended])
            let reconnects = events.filter { if case .retryScheduled(_, _, 500, .stream) = $0.kind { true } else { false } }
            #expect(reconnects.count == 3)
            // After the last event, the resumed request is told there is no more.
            #expect(response.status == 204)
            #expect(response.attempts.count == 4)
        }
    }

    @Test func theReconnectSendsLastEventIDAndAStreamWithoutIDsSendsNone() async throws {
        let cut = ScriptedServer.Reply.streaming("text/event-stream", [Array("id: a1\ndata: one\n\nid\ndata: two\n\ndata: par".utf8)], resets: true)
        let end = ScriptedServer.Reply(head: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n", pieces: [])
        let server = try ScriptedServer([cut, cut, end])
        defer { server.stop() }
        let client = try HTTPClient(baseURL: server.url)
        client.maxRetries = 3
        let (result, events) = await Self.follow(client, HTTPRequest(.get, "feed"))
        #expect(try result.get().status == 204)
        // `id` with no value resets the last event ID: the second event has none, nor the reconnect.
        #expect(Self.streamEvents(events).map(\.id) == ["a1", "", "a1", ""])
        #expect(Self.streamEvents(events).map(\.data) == ["one", "two", "one", "two"])
        let heads = server.receivedHeads
        #expect(heads.count == 3)
        #expect(heads.allSatisfy { !$0.lowercased().contains("last-event-id") })
    }

    @Test func aResumedStreamCarriesTheLastEventIDOnTheWire() async throws {
        let first = ScriptedServer.Reply.streaming("text/event-stream", [Array("retry: 10\nid: 7\ndata: x\n\n".utf8)], resets: true)
        let end = ScriptedServer.Reply(head: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n", pieces: [])
        let server = try ScriptedServer([first, end])
        defer { server.stop() }
        let client = try HTTPClient(baseURL: server.url)
        client.maxRetries = 1
        let (result, events) = await Self.follow(client, HTTPRequest(.get, "feed"))
        #expect(try result.get().status == 204)
        #expect(server.receivedHeads.last?.contains("Last-Event-ID: 7\r\n") == true)
        // The server's `retry: 10` is the wait.
        #expect(events.scheduledDelaysMs == [10])
    }

    @Test func withoutRetriesADroppedStreamFailsAsItsTransportDid() async throws {
        try await withDemo { _, client in
            let (result, events) = await Self.follow(client, HTTPRequest(.get, "events?count=4&interval_ms=0&drop_every=2"))
            guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
            #expect(error.kind == .connectionReset)
            #expect(Self.streamEvents(events).count == 2)
            #expect(events.skipReasons == ["retries exhausted (0 allowed)"])
        }
    }

    @Test func maxEventsEndsTheStreamRightAfterItsLastEvent() async throws {
        try await withDemo(maxRetries: 3) { _, client in
            var request = HTTPRequest(.get, "events?count=50&interval_ms=0")
            request.streamLimits = StreamLimits(maxEvents: 2)
            let (result, events) = await Self.follow(client, request)
            let response = try result.get()
            #expect(response.status == 200)
            #expect(Self.streamEvents(events).map(\.id) == ["1", "2"])
            #expect(Self.closings(events) == [.maxEvents])
            #expect(response.text.hasSuffix("data: {\"n\": 2}\n\n"))
            #expect(events.count("retry.scheduled") == 0)
        }
    }

    @Test func maxTimeEndsAStreamThatWouldGoOnAsASuccess() async throws {
        // On threads of its own, so the events come on time whatever the tests around do.
        let pieces = (1...2_000).map { Array("id: \($0)\ndata: \($0)\n\n".utf8) }
        let server = try ScriptedServer([.streaming("text/event-stream", pieces, pause: 0.01)])
        defer { server.stop() }
        let client = try HTTPClient(baseURL: server.url)
        client.maxRetries = 3
        var request = HTTPRequest(.get, "sse")
        request.streamLimits = StreamLimits(maxTime: TestTime.scaled(1))
        let started = Date()
        let (result, events) = await Self.follow(client, request)
        let response = try result.get()
        #expect(response.status == 200)
        #expect(Self.closings(events) == [.maxTime])
        #expect(!Self.streamEvents(events).isEmpty)
        #expect(Date().timeIntervalSince(started) < TestTime.scaled(10))
    }

    @Test func lineFormatsAreOneRecordEach() async throws {
        try await withDemo { _, client in
            let (result, events) = await Self.follow(client, HTTPRequest(.get, "logs.ndjson?count=3&interval_ms=0"))
            let response = try result.get()
            #expect(response.status == 200)
            let records = events.compactMap { if case .streamRecord(let index, _, let data) = $0.kind { (index, data) } else { nil } }
            #expect(records.map(\.0) == [1, 2, 3])
            #expect(records.last?.1.contains("\"msg\": \"step 3 of 3\"") == true)
        }
    }

    /// Nobody subscribed: the records are counted, not made, and the exchange's record still
    /// says how many there were (issue 29: `send -o` of a 100 MB NDJSON body).
    @Test func anUnheardLineFormatIsCountedNotMade() async throws {
        try await withDemo { _, client in
            let response = try await client.send(HTTPRequest(.get, "logs.ndjson?count=5&interval_ms=0"))
            #expect(response.status == 200)
            let closed = response.events.compactMap { if case .streamClosed(let events, _, let reason) = $0.kind { (events, reason) } else { nil } }
            #expect(closed.map(\.0) == [5] && closed.map(\.1) == [.ended])
            #expect(!response.events.contains { if case .streamRecord = $0.kind { true } else { false } })
            #expect(response.text.split(separator: "\n").count == 5)
        }
    }

    /// The same events whatever the chunks: a CRLF, a UTF-8 sequence and a field split across pieces.
    @Test func splitDeliveryGivesTheSameEvents() async throws {
        let body = Array("\u{FEFF}data: é\r\n\r\nevent: x\rdata: 1\rdata: 2\r\r: c\nid: 9\ndata\n\n".utf8)
        for size in [1, 2, 3, 7] {
            let pieces = stride(from: 0, to: body.count, by: size).map { Array(body[$0..<min($0 + size, body.count)]) }
            let server = try ScriptedServer([.streaming("text/event-stream; charset=utf-8", pieces, pause: 0.001)])
            defer { server.stop() }
            let client = try HTTPClient(baseURL: server.url)
            let (result, events) = await Self.follow(client, HTTPRequest(.get, "split"))
            #expect(try result.get().status == 200)
            #expect(Self.streamEvents(events) == [
                StreamEventReport(index: 1, type: "message", data: "é", id: ""),
                StreamEventReport(index: 2, type: "x", data: "1\n2", id: ""),
                StreamEventReport(index: 3, type: "message", data: "", id: "9"),
            ], "pieces of \(size)")
        }
    }

    @Test func aStreamsSinkTakesStreamsAndLeavesOtherBodies() async throws {
        try await withDemo { _, client in
            let taken = Locked(0)
            let sink = BodySink(takes: .streams, body: { chunk in taken.withLock { $0 += chunk.count } })
            let plain = try await client.send(HTTPRequest(.get, "json/1"), sink: sink)
            #expect(!plain.bodyWentToSink)
            #expect(!plain.body.isEmpty)
            let streamed = try await client.send(HTTPRequest(.get, "events?count=2&interval_ms=0"), sink: sink)
            #expect(streamed.bodyWentToSink)
            #expect(streamed.body.isEmpty)
            #expect(taken.withLock { $0 } == streamed.streamedBytes)
            #expect(streamed.streamedBytes > 0)
        }
    }

    /// A gzip-encoded event stream is decoded before it is read: the events, not the compressed bytes.
    @Test func aCompressedEventStreamIsReadDecoded() async throws {
        let text = Data((1...40).map { "id: \($0)\ndata: {\"n\": \($0)}\n\n" }.joined().utf8)
        let gzipped = try ContentDecoderTests.compressed(text, .gzip)
        let pieces = stride(from: 0, to: gzipped.count, by: 7).map { Array(gzipped[$0..<min($0 + 7, gzipped.count)]) }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"
        let server = try ScriptedServer([ScriptedServer.Reply(head: head, pieces: pieces)])
        defer { server.stop() }
        let client = try HTTPClient(baseURL: server.url)
        var request = HTTPRequest(.get, "gz")
        request.streamLimits = StreamLimits(maxEvents: 30)
        let (result, events) = await Self.follow(client, request)
        let response = try result.get()
        #expect(Self.streamEvents(events).map(\.id) == (1...30).map(String.init))
        #expect(Self.closings(events) == [.maxEvents])
        #expect(response.text.hasSuffix("id: 30\ndata: {\"n\": 30}\n\n"))
    }
}
