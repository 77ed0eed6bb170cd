import ClientEvents
import Testing
@testable import ExplorerApp

/// Issue 29: what a user waits for is drawn at once; the flood behind it waits for the frame gap.
@Suite struct AppEventDrawingTests {
    static func client(_ kind: ClientEvent.Kind) -> AppEvent {
        .client(ClientEvent(exchange: ExchangeID(1), tMs: 1, kind: kind))
    }

    @Test func aStreamsFirstRowAndAResponseAreDrawnAtOnceTheRestAtTheFrameGap() {
        #expect(Self.client(.streamRecord(index: 1, bytes: 8, data: "{\"n\":1}")).drawsAtOnce)
        #expect(!Self.client(.streamRecord(index: 2, bytes: 8, data: "{\"n\":2}")).drawsAtOnce)
        #expect(Self.client(.streamEvent(StreamEventReport(index: 1, type: "tick", data: "1", id: "1"))).drawsAtOnce)
        #expect(!Self.client(.streamEvent(StreamEventReport(index: 7, type: "tick", data: "7", id: "7"))).drawsAtOnce)
        #expect(Self.client(.streamOpened(attempt: 1, contentType: "text/event-stream")).drawsAtOnce)
        #expect(Self.client(.responseReceived(attempt: 1, status: 200, bytes: 2, elapsedMs: 1, httpVersion: "HTTP/1.1")).drawsAtOnce)
        #expect(!AppEvent.tick.drawsAtOnce)
        #expect(AppEvent.batch([.tick, Self.client(.streamRecord(index: 1, bytes: 1, data: "1"))]).drawsAtOnce)
        #expect(!AppEvent.batch([.tick, Self.client(.streamRecord(index: 3, bytes: 1, data: "3"))]).drawsAtOnce)
    }
}
