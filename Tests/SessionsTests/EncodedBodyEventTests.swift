import ClientEvents
import Foundation
import RequestModel
import SessionFormat
import Testing

/// `response.received` with `encoding` and `encoded_bytes` (SPEC §10) in a session file, and the
/// sessions recorded before them, which have neither.
@Suite struct EncodedBodyEventTests {
    @Test func theCodingAndTheWireSizeRoundTrip() throws {
        let event = ClientEvent(exchange: ExchangeID(3), tMs: 12.5,
                                kind: .responseReceived(attempt: 1, status: 200, bytes: 1_258_291, elapsedMs: 9.25, httpVersion: "HTTP/1.1",
                                                        encoding: .init(name: "gzip", bytes: 317_440)))
        #expect(event.jsonLine.hasSuffix(#""http_version":"HTTP/1.1","encoding":"gzip","encoded_bytes":317440}"#))
        #expect(try ClientEvent(node: event.node) == event)
    }

    @Test func anOlderSessionsEventHasNoEncoding() throws {
        let line = #"{"event":"response.received","exchange":1,"t_ms":10.6,"attempt":1,"status":200,"bytes":2329,"elapsed_ms":10.5,"http_version":"HTTP/1.1"}"#
        let event = try ClientEvent(node: try #require(JSONNode.parse(line)))
        #expect(event.kind == .responseReceived(attempt: 1, status: 200, bytes: 2329, elapsedMs: 10.5, httpVersion: "HTTP/1.1", encoding: nil))
        #expect(event.jsonLine == line, "written back as it was read: no encoding keys")
    }
}

/// SPEC §12's events in a session file read back as they were written.
@Suite struct WebSocketEventSessionTests {
    @Test func everyWebSocketEventRoundTrips() throws {
        let kinds: [ClientEvent.Kind] = [
            .wsOpened(url: "wss://h/ws", protocol: "", extensions: []),
            .wsMessage(.init(direction: .incoming, content: .text("{\"t\": 1}"))),
            .wsMessage(.init(direction: .outgoing, content: .binary(Data([1, 2, 3])))),
            .wsPing(direction: .incoming, bytes: 0), .wsPong(direction: .outgoing, bytes: 0),
            .wsClosed(.init(code: 1006, reason: "", by: .transport, messagesIn: 1, messagesOut: 1)),
        ]
        for kind in kinds {
            let event = ClientEvent(exchange: ExchangeID(4), tMs: 3.5, kind: kind)
            #expect(try ClientEvent(node: event.node) == event)
        }
    }
}
