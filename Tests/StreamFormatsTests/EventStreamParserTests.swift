@testable import StreamFormats
import Testing

/// What a parser made of a whole stream.
private struct Outcome: Equatable, CustomStringConvertible {
    var events: [ServerSentEvent]
    var lastEventID: String
    var reconnectionTime: Int?

    var description: String { "\(events) lastEventID=\(lastEventID.debugDescription) reconnectionTime=\(String(describing: reconnectionTime))" }
}

/// Feeds `chunks` to a new parser, then ends the stream.
private func parse(_ chunks: [ArraySlice<UInt8>]) -> Outcome {
    var parser = EventStreamParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks { events += parser.feed(chunk) }
    events += parser.finish()
    return Outcome(events: events, lastEventID: parser.lastEventID, reconnectionTime: parser.reconnectionTime)
}

/// `bytes` cut before each offset in `cuts` (ascending).
private func chunks(_ bytes: [UInt8], cutAt cuts: [Int]) -> [ArraySlice<UInt8>] {
    var pieces: [ArraySlice<UInt8>] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        pieces.append(bytes[start..<cut])
        start = cut
    }
    return pieces
}

/// The ways a stream may arrive that every vector is checked in: whole, in two chunks cut at
/// every offset (empty chunks at the ends included), in three chunks cut at every two offsets
/// (streams up to 64 bytes), a byte at a time, and in chunks of 1–7 bytes from a fixed
/// pseudo-random sequence.
private func deliveries(of bytes: [UInt8]) -> [(String, [ArraySlice<UInt8>])] {
    var ways: [(String, [ArraySlice<UInt8>])] = [("whole", [bytes[...]])]
    for cut in 0...bytes.count { ways.append(("cut at \(cut)", chunks(bytes, cutAt: [cut]))) }
    if bytes.count <= 64 {
        for first in 1..<max(1, bytes.count) {
            for second in (first + 1)..<max(first + 1, bytes.count) {
                ways.append(("cut at \(first) and \(second)", chunks(bytes, cutAt: [first, second])))
            }
        }
    }
    ways.append(("one byte at a time", chunks(bytes, cutAt: Array(bytes.indices.dropFirst()))))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for round in 0..<8 {
        var cuts: [Int] = []
        var offset = 0
        while true {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            offset += Int(state >> 61) + 1
            if offset >= bytes.count { break }
            cuts.append(offset)
        }
        ways.append(("random chunks #\(round)", chunks(bytes, cutAt: cuts)))
    }
    return ways
}

@Suite struct EventStreamParserTests {
    @Test(arguments: EventStreamVectors.all)
    func vectorInEveryDelivery(_ vector: EventStreamVector) {
        let expected = Outcome(events: vector.events, lastEventID: vector.lastEventID, reconnectionTime: vector.reconnectionTime)
        for (way, pieces) in deliveries(of: vector.bytes) {
            let outcome = parse(pieces)
            #expect(outcome == expected, "\(way)")
            if outcome != expected { return }               // one report per vector is enough
        }
    }

    @Test func chunksWithoutContiguousStorageReadTheSame() {
        let bytes = Array("data: a\r\ndata: \u{1F600}\r\n\r\n".utf8)
        var parser = EventStreamParser()
        #expect(parser.feed(bytes.lazy.map { $0 }) == [ServerSentEvent(data: "a\n\u{1F600}")])
    }

    @Test func eventsComeOutAsSoonAsTheirBlankLineArrives() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("data: a\n".utf8)) == [])
        #expect(parser.feed(Array("\r".utf8)) == [ServerSentEvent(data: "a")])  // a CR ends its line at once
        #expect(parser.feed(Array("\ndata: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    /// One endless line and endless data lines keep at most the limit; the stream goes on after.
    @Test func aHostileStreamIsCutAtTheLimitAndGoesOn() {
        var parser = EventStreamParser(maxEventBytes: 64)
        for _ in 0..<1_000 { #expect(parser.feed(Array(repeating: UInt8(ascii: "x"), count: 1_000)).isEmpty) }
        #expect(parser.partialLine.count <= 64)
        #expect(parser.feed(Array("\n\n".utf8)) == [])                     // the long line had no field name
        var lines: [UInt8] = []
        for _ in 0..<1_000 { lines += Array("data: 0123456789\n".utf8) }
        _ = parser.feed(lines)
        #expect(parser.dataBuffer.count <= 64)
        let events = parser.feed(Array("\ndata: after\n\n".utf8))
        #expect(events.count == 2)
        #expect(events.first.map { $0.data.utf8.count <= 64 && $0.data.hasPrefix("0123456789\n0123456789") } == true)
        #expect(events.last == ServerSentEvent(data: "after"))
    }

    @Test func lastEventIDAndReconnectionTimeAreReadableMidStream() {
        var parser = EventStreamParser()
        _ = parser.feed(Array("retry: 2500\nid: 1\n".utf8))
        #expect(parser.reconnectionTime == 2500)           // set by the field itself
        #expect(parser.lastEventID == "")                  // the id waits for the blank line
        _ = parser.feed(Array("\n".utf8))
        #expect(parser.lastEventID == "1")
    }

    @Test func finishDiscardsTheUnfinishedBlockAndKeepsTheSourceState() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("retry: 3000\nid: 5\ndata: a\n\nid: 6\nevent: x\ndata: b\n".utf8)) == [
            ServerSentEvent(data: "a", id: "5", retry: 3000),
        ])
        #expect(parser.finish() == [])
        #expect(parser.lastEventID == "5")                 // the discarded block's id is not applied
        #expect(parser.reconnectionTime == 3000)
        // The reconnect's stream: a BOM again, events without an id carry the last one
        // (web-platform-tests format-field-id-2), nothing of the discarded block leaks in.
        #expect(parser.feed(Array("\u{FEFF}data: c\n\nid: 7\ndata: d\n\n".utf8)) == [
            ServerSentEvent(data: "c", id: "5"), ServerSentEvent(data: "d", id: "7"),
        ])
    }

    @Test func finishInsideABrokenCRLFOrBOMStartsCleanly() {
        var parser = EventStreamParser()
        _ = parser.feed([0xEF, 0xBB])
        #expect(parser.finish() == [])
        #expect(parser.feed(Array("data: a\r".utf8)) == [])
        #expect(parser.finish() == [])
        // The LF here is a blank line of the new stream, not the rest of the old CRLF.
        #expect(parser.feed(Array("\ndata: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    @Test func aResumedSourceCarriesItsLastEventID() {
        var parser = EventStreamParser(lastEventID: "41")
        #expect(parser.lastEventID == "41")
        #expect(parser.feed(Array("data: a\n\nid\ndata: b\n\n".utf8)) == [
            ServerSentEvent(data: "a", id: "41"), ServerSentEvent(data: "b", id: ""),
        ])
    }

    @Test func aHugeEventBetweenSmallOnes() {
        // A 300 KB data line in 4 KB chunks, then small events: the buffers it grew are let go.
        let huge = String(repeating: "z", count: 300_000)
        let stream = Array("data: a\n\ndata: \(huge)\r\n\r\ndata: b\n\n".utf8)
        var parser = EventStreamParser()
        var events: [ServerSentEvent] = []
        var offset = 0
        while offset < stream.count {
            events += parser.feed(stream[offset..<min(offset + 4_096, stream.count)])
            offset += 4_096
        }
        #expect(events == [ServerSentEvent(data: "a"), ServerSentEvent(data: huge), ServerSentEvent(data: "b")])
    }

    @Test func manyEventsInFixedSizeChunks() {
        // 20,000 events fed 1,000 bytes at a time, chunk ends falling anywhere.
        var stream: [UInt8] = []
        for index in 0..<20_000 {
            stream += Array("id: \(index)\nevent: tick\ndata: \(String(repeating: "y", count: 40))\ndata: \(index)\n\n".utf8)
        }
        var parser = EventStreamParser()
        var count = 0
        var last: ServerSentEvent?
        var offset = 0
        while offset < stream.count {
            let events = parser.feed(stream[offset..<min(offset + 1_000, stream.count)])
            count += events.count
            last = events.last ?? last
            offset += 1_000
        }
        #expect(count == 20_000)
        #expect(last == ServerSentEvent(type: "tick", data: String(repeating: "y", count: 40) + "\n19999", id: "19999"))
    }
}
