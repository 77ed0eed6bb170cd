@testable import StreamFormats
import Testing

@Suite struct JSONLinesTests {
    @Test func ndjsonSpecExample() {
        // The sample stream of github.com/ndjson/ndjson-spec.
        let body = """
            {"some":"thing"}
            {"foo":17,"bar":false,"quux":true}
            {"may":{"include":"nested","objects":["and","arrays"]}}

            """
        let records = splitRecords(body, .jsonLines)
        #expect(records.map(\.text) == [
            #"{"some":"thing"}"#,
            #"{"foo":17,"bar":false,"quux":true}"#,
            #"{"may":{"include":"nested","objects":["and","arrays"]}}"#,
        ])
        #expect(records.map(\.index) == [1, 2, 3])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func jsonLinesOrgExamples() {
        // jsonlines.org/examples: "Better than CSV" and "Easy nested data" (multi-byte UTF-8
        // such as "♣" is split mid-character by the chunk checks).
        let table = """
            ["Name", "Session", "Score", "Completed"]
            ["Gilbert", "2013", 24, true]
            ["Alexa", "2013", 29, true]
            ["May", "2012B", 14, false]
            ["Deloise", "2012A", 19, true]\n
            """
        #expect(splitRecords(table, .jsonLines).map(\.text) == table.split(separator: "\n").map(String.init))
        let nested = """
            {"name": "Gilbert", "wins": [["straight", "7♣"], ["one pair", "10♥"]]}
            {"name": "Alexa", "wins": [["two pair", "4♠"], ["two pair", "9♠"]]}
            {"name": "May", "wins": []}
            {"name": "Deloise", "wins": [["three of a kind", "5♣"]]}\n
            """
        let records = splitRecords(nested, .jsonLines)
        #expect(records.map(\.text) == nested.split(separator: "\n").map(String.init))
        #expect(records.map(\.index) == [1, 2, 3, 4])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func crBeforeLFIsDropped() {
        let records = splitRecords("{\"a\":1}\r\n{\"b\":2}\r\n", .jsonLines)
        #expect(records.map(\.text) == [#"{"a":1}"#, #"{"b":2}"#])
        // Only LF delimits: a lone CR is text, and a CR at the very end goes like one before LF.
        #expect(splitRecords("a\rb\n\rc\r", .jsonLines).map(\.text) == ["a\rb", "\rc"])
        #expect(splitRecords("x\r\r\n", .jsonLines).map(\.text) == ["x\r"])
    }

    @Test func blankAndWhitespaceLinesAreSkippedAndNotCounted() {
        let records = splitRecords("\n\n{}\n  \t\n\r\n[]\n\n", .jsonLines)
        #expect(records == [StreamRecord(index: 1, bytes: Array("{}".utf8)), StreamRecord(index: 2, bytes: Array("[]".utf8))])
        #expect(splitRecords("", .jsonLines).isEmpty)
        #expect(splitRecords(" \n\r\n\t", .jsonLines).isEmpty)
        // Whitespace inside a record line is the record's own.
        #expect(splitRecords("  {} \n", .jsonLines).map(\.text) == ["  {} "])
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(splitRecords(bom + Array("{}\n1".utf8), .jsonLines).map(\.text) == ["{}", "1"])
        #expect(splitRecords(bom, .jsonLines).isEmpty)
        // Only one, and only at the start: elsewhere it is the record's bytes.
        #expect(splitRecords(bom + bom + Array("1\n".utf8), .jsonLines).map(\.bytes) == [bom + Array("1".utf8)])
        #expect(splitRecords(Array("1\n".utf8) + bom + Array("2".utf8), .jsonLines).map(\.bytes) == [Array("1".utf8), bom + Array("2".utf8)])
        // A start that looks like a BOM and is not keeps its bytes.
        #expect(splitRecords([0xEF, 0xBB, 0x41, 0x0A], .jsonLines).map(\.bytes) == [[0xEF, 0xBB, 0x41]])
        #expect(splitRecords([0xEF, 0xBB], .jsonLines).map(\.bytes) == [[0xEF, 0xBB]])
    }

    @Test func lastRecordWithoutLFComesAtFinish() {
        var splitter = RecordSplitter(format: .jsonLines)!
        #expect(splitter.feed(Array("{\"a\":1}\n{\"b\":".utf8)).map(\.text) == [#"{"a":1}"#])
        #expect(splitter.feed(Array("2}".utf8)).isEmpty)
        #expect(splitter.finish() == [StreamRecord(index: 2, bytes: Array(#"{"b":2}"#.utf8))])
        #expect(splitRecords("1\n2", .jsonLines).map(\.text) == ["1", "2"])
    }

    @Test func recordsAreReportedAsSoonAsTheirLFArrives() {
        var splitter = RecordSplitter(format: .jsonLines)!
        #expect(splitter.feed(Array("{}".utf8)).isEmpty)
        #expect(splitter.feed([0x0A]) == [StreamRecord(index: 1, bytes: Array("{}".utf8))])
        #expect(splitter.finish().isEmpty)
    }

    @Test func oversizeRecordIsCutAndTheRestOfItsLineDropped() {
        let records = splitRecords("12345678\nab\n123456", .jsonLines, maxRecordBytes: 4)
        #expect(records.map(\.text) == ["1234", "ab", "1234"])
        #expect(records.map(\.index) == [1, 2, 3])
        #expect(records[0].problem == "longer than 4 bytes: cut there, the rest dropped up to the next LF")
        #expect(records[1].problem == nil)
        #expect(records[2].problem != nil)
        // Exactly the limit is fine, the CR before LF not counted.
        let exact = splitRecords("1234\r\n", .jsonLines, maxRecordBytes: 4)
        #expect(exact == [StreamRecord(index: 1, bytes: Array("1234".utf8))])
    }

    @Test func hostileLineKeepsMemoryBounded() {
        var splitter = RecordSplitter(format: .jsonLines, maxRecordBytes: 16)!
        var records: [StreamRecord] = []
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        for _ in 0..<16 {
            records += splitter.feed(chunk)
            #expect(splitter.text.count <= 16)
        }
        records += splitter.feed(Array("\n{}\n".utf8))
        #expect(records.map(\.bytes.count) == [16, 2])
        #expect(records[0].problem != nil)
        #expect(records[1].problem == nil)
    }

    @Test func anyCollectionOfBytesCanBeFed() {
        // Not contiguous in memory: fed through a copy, with the same result.
        var splitter = RecordSplitter(format: .jsonLines)!
        #expect(splitter.feed(Array("2\n1".utf8).reversed()).map(\.text) == ["1"])
        #expect(splitter.feed(Array("3".utf8)[...]).isEmpty)
        #expect(splitter.finish().map(\.text) == ["23"])
    }

    @Test func numberingGoesOnAfterFinish() {
        var splitter = RecordSplitter(format: .jsonLines)!
        #expect(splitter.feed(Array("1\n2".utf8)).map(\.index) == [1])
        #expect(splitter.finish().map(\.index) == [2])
        #expect(splitter.feed(Array("3\n".utf8)).map(\.index) == [3])
        #expect(splitter.recordCount == 3)
    }

    @Test func eventStreamsAreNotSplitIntoRecords() {
        #expect(RecordSplitter(format: .eventStream) == nil)
        #expect(RecordSplitter(format: .jsonLines)?.format == .jsonLines)
        #expect(RecordSplitter(format: .jsonLines, maxRecordBytes: 0)?.maxRecordBytes == 1)
    }

    /// A counting splitter against one that makes the records, on random bodies of records, blank and whitespace
    /// lines, CRs, BOMs and long lines, cut at random.
    @Test func theCounterAgreesWithTheSplitterOnRandomBodies() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array(#"{"a":1}"#.utf8), [0x0A], [0x0D, 0x0A], [0x20], [0x09], [0x0D], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB],
                                 Array("[1,2]".utf8), Array(repeating: 0x41, count: 300)]
        for _ in 0..<500 {
            let body = (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            var splitter = RecordSplitter(format: .jsonLines, maxRecordBytes: 100)!
            let expected = splitter.feed(body).count + splitter.finish().count
            let cut = Int.random(in: 0...body.count, using: &generator)
            #expect(countRecords([body[..<cut], body[cut...]], maxRecordBytes: 100) == expected, "\(body)")
        }
    }

    /// The same on long bodies, which the counter takes a plain block at a time: mostly records,
    /// now and then a blank line, a line that begins with whitespace or a CRLF, in random chunks.
    @Test func theCounterAgreesWithTheSplitterOnLongBodies() {
        var generator = SystemRandomNumberGenerator()
        let record = Array(#"{"id":12345,"name":"record"}"#.utf8) + [0x0A]
        let odd: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x20], [0x09], Array(repeating: 0x41, count: 5000), [0x7B, 0x0A]]
        for _ in 0..<40 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 100...2000, using: &generator) {
                body += Int.random(in: 0..<200, using: &generator) == 0 ? odd.randomElement(using: &generator)! : record
            }
            var splitter = RecordSplitter(format: .jsonLines)!
            let expected = splitter.feed(body).count + splitter.finish().count
            var cuts = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Int.random(in: 0...body.count, using: &generator) }.sorted()
            cuts = [0] + cuts + [body.count]
            let chunks = zip(cuts, cuts.dropFirst()).map { body[$0..<$1] }
            #expect(countRecords(chunks) == expected, "cut at \(cuts)")
        }
    }
}
