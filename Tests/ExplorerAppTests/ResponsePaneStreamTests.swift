import ClientEvents
import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// SPEC §10 in the Response pane: a body shown as it arrives, with its progress; an event
/// stream or line format as one row per event, live, Enter showing one whole; Esc keeps what came.
@Suite struct ResponsePaneStreamTests {
    typealias F = ResponsePaneFixture

    static func event(_ index: Int, type: String = "tick", data: String, id: String = "") -> ClientEvent.Kind {
        .streamEvent(StreamEventReport(index: index, type: type, data: data, id: id))
    }

    static func arrival(received: Int, expected: Int? = nil, seconds: Double = 1, preview: String? = nil) -> BodyArrival {
        BodyArrival(status: 200, contentType: "text/plain", received: received, expected: expected, seconds: seconds,
                    preview: preview.map { BodyDocument.open(data: Data($0.utf8), contentType: "text/plain") })
    }

    @Test func theFirstScreenShowsBeforeTheBodyEndsWithBytesOfTheLengthAndTheRate() {
        var pane = ResponsePane()
        pane.beginExchange()
        pane.showArrival(Self.arrival(received: 2048, expected: 10 * 1024 * 1024, seconds: 2, preview: "first line\nsecond line"))
        let inside = F.inside(pane)
        #expect(inside[0] == "200 · 2.0 KB of 10.0 MB · 1.0 KB/s")
        #expect(inside.last == "receiving… Esc stops")
        #expect(inside[1] == "first line")
        #expect(inside[2] == "second line")
        // Later counts without new first-screen bytes keep the lines shown.
        pane.showArrival(Self.arrival(received: 4096, expected: 10 * 1024 * 1024, seconds: 2))
        #expect(F.inside(pane)[0].hasPrefix("200 · 4.0 KB of 10.0 MB"))
        #expect(F.inside(pane)[1] == "first line")
    }

    @Test func escKeepsWhatCameMarkedStoppedAndALateArrivalChangesNothing() {
        var pane = ResponsePane()
        pane.beginExchange()
        pane.showArrival(Self.arrival(received: 10, preview: "partial"))
        let stopped = pane.stopArrival()
        #expect(stopped)
        #expect(F.inside(pane)[0].contains("· stopped"))
        #expect(F.inside(pane)[1] == "partial")
        pane.showArrival(Self.arrival(received: 20, preview: "more"))
        #expect(F.inside(pane)[1] == "partial")
        var idle = ResponsePane()
        idle.beginExchange()
        let idleStopped = idle.stopArrival()
        #expect(!idleStopped, "nothing arriving: the pane says cancelled instead")
    }

    @Test func eventsAreRowsAndTheNewestStaysInView() {
        var pane = ResponsePane()
        pane.beginExchange()
        pane.apply(.streamOpened(attempt: 1, contentType: "text/event-stream"))
        for index in 1...20 { pane.apply(Self.event(index, data: #"{"n": \#(index)}"#, id: String(index))) }
        pane.showArrival(Self.arrival(received: 600))
        let inside = F.inside(pane)
        #expect(inside[0].hasSuffix("· 20 events"))
        // Seven rows between the status row and the hint at this size: the last seven events.
        #expect(inside[1] == #"#14 tick id 14 {"n": 14}"#)
        #expect(inside[7] == #"#20 tick id 20 {"n": 20}"#)
    }

    @Test func enterShowsThePickedEventWholeWithItsDataPretty() {
        var pane = ResponsePane()
        pane.beginExchange()
        pane.apply(.streamOpened(attempt: 1, contentType: "text/event-stream"))
        pane.apply(Self.event(1, type: "message", data: #"{"user":{"name":"ann","roles":["a","b","c","d","e","f","g","h","i"]}}"#))
        pane.apply(Self.event(2, data: "line one\nline two", id: "7"))
        pane.apply(.streamClosed(events: 2, bytes: 90, reason: .ended))
        pane.show(F.summary(bytes: 90, contentType: "text/event-stream"), document: BodyDocument.open(data: Data(), contentType: "text/event-stream"))
        #expect(F.inside(pane)[1].hasSuffix("2 events · ended"))
        #expect(F.inside(pane)[3] == "#2 tick id 7 line one⏎line two")
        _ = pane.handle(.up)
        _ = pane.handle(.up)
        _ = pane.handle(.enter)
        let detail = F.inside(pane)
        #expect(detail[2] == "#1 · type message")
        #expect(detail[3] == "{")
        #expect(detail[4] == #"  "user": {"#)
        _ = pane.handle(.escape)
        #expect(F.inside(pane)[2].hasPrefix("#1 "))
    }

    @Test func recordsAreRowsToo() {
        var pane = ResponsePane()
        pane.beginExchange()
        pane.apply(.streamOpened(attempt: 1, contentType: "application/x-ndjson"))
        pane.apply(.streamRecord(index: 1, bytes: 9, data: #"{"a": 1}"#))
        pane.showArrival(Self.arrival(received: 9))
        #expect(F.inside(pane)[0].hasSuffix("· 1 record"))
        #expect(F.inside(pane)[1] == #"#1 {"a": 1}"#)
    }

    @Test func anEndlessStreamKeepsItsNewestRowsOnly() {
        var rows = StreamRows(contentType: "text/event-stream")
        for index in 1...(StreamRows.capacity + 10) {
            rows.apply(.streamEvent(StreamEventReport(index: index, type: "t", data: "x", id: "")))
        }
        #expect(rows.rows.count <= StreamRows.capacity)
        #expect(rows.rows.last?.index == StreamRows.capacity + 10)
        #expect(rows.dropped + rows.rows.count == StreamRows.capacity + 10)
        #expect(rows.count == StreamRows.capacity + 10)
    }
}
