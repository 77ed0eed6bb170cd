@testable import StreamFormats
import Testing

/// RFC 7464. Encoding (§2.2): `JSON-sequence = *(RS JSON-text LF)`; parsing (§2.1) is laxer:
/// `JSON-sequence = *(1*RS possible-JSON)`, `possible-JSON = 1*(not-RS)`, split on RS.
@Suite struct JSONSequenceTests {
    static let truncated = "possibly truncated: no LF at its end (RFC 7464 §2.3)"
    static let truncatedScalar = "possibly truncated: a top-level number, true, false or null without whitespace after it (RFC 7464 §2.4)"
    static let noSeparator = "no RS before it (RFC 7464 §2: each JSON text starts with RS)"

    @Test func wellFormedSequence() {
        // "each prefixed by an ASCII Record Separator (0x1E), and each ending with an ASCII Line
        // Feed character (0x0A)" — any JSON value, scalars too.
        let records = splitRecords("\(rs){\"a\":1}\n\(rs)[2,\"♣\"]\n\(rs)\"x\"\n\(rs)42\n\(rs)null\n", .jsonSequence)
        #expect(records.map(\.text) == [#"{"a":1}"#, #"[2,"♣"]"#, #""x""#, "42", "null"])
        #expect(records.map(\.index) == [1, 2, 3, 4, 5])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func prettyPrintedTextsSpanLines() {
        let text = "{\n  \"a\": [\n    1,\n    \"]}\\\"\\n\"\n  ]\n}"
        let records = splitRecords("\(rs)\(text)\n\(rs)[\n]\n", .jsonSequence)
        #expect(records.map(\.text) == [text, "[\n]"])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test func textIsReportedAtItsLFWithoutWaitingForTheNextRS() {
        var splitter = RecordSplitter(format: .jsonSequence)!
        #expect(splitter.feed(Array("\(rs){\"a\":\n".utf8)).isEmpty)
        #expect(splitter.feed(Array("1}".utf8)).isEmpty)
        #expect(splitter.feed(Array("\r\n".utf8)) == [StreamRecord(index: 1, bytes: Array("{\"a\":\n1}".utf8))])
        #expect(splitter.feed(Array("\(rs)7\n".utf8)) == [StreamRecord(index: 2, bytes: Array("7".utf8))])
        #expect(splitter.finish().isEmpty)
    }

    @Test func runsOfRSAndEmptyElementsYieldNoRecords() {
        // §2.1: "Multiple consecutive RS octets do not denote empty sequence elements between them".
        let records = splitRecords("\(rs)\(rs)\(rs)1\n\(rs)\(rs)\n\(rs) \r\n\(rs)2\n\(rs)", .jsonSequence)
        #expect(records == [StreamRecord(index: 1, bytes: Array("1".utf8)), StreamRecord(index: 2, bytes: Array("2".utf8))])
        #expect(splitRecords("\(rs)\(rs)\(rs)", .jsonSequence).isEmpty)
        #expect(splitRecords("", .jsonSequence).isEmpty)
    }

    @Test func textWithoutLFIsPossiblyTruncated() {
        // §2.3: a truncated text is skipped to the next RS; it is still reported, with its problem.
        let records = splitRecords("\(rs){\"a\":[1,\(rs){\"b\":2}\n\(rs){\"c\":3}\(rs)[4]", .jsonSequence)
        #expect(records.map(\.text) == [#"{"a":[1,"#, #"{"b":2}"#, #"{"c":3}"#, "[4]"])
        #expect(records.map(\.problem) == [Self.truncated, nil, Self.truncated, Self.truncated])
        #expect(records.map(\.index) == [1, 2, 3, 4])
    }

    @Test func bareScalarWithoutWhitespaceAfterItMayBeTruncated() {
        // §2.4: "Parsers MUST check that any JSON texts that are a top-level number, or that might
        // be 'true', 'false', or 'null', include JSON whitespace … after that value".
        let records = splitRecords("\(rs)123\(rs)tru\(rs)-1\n\(rs)false \(rs)\"s\"\(rs)null", .jsonSequence)
        #expect(records.map(\.text) == ["123", "tru", "-1", "false ", "\"s\"", "null"])
        #expect(records.map(\.problem) == [Self.truncatedScalar, Self.truncatedScalar, nil, Self.truncated, Self.truncated, Self.truncatedScalar])
        // A CR is whitespace too, at an RS as at the end.
        #expect(splitRecords("\(rs)1\r\(rs)2\r", .jsonSequence).map(\.problem) == [Self.truncated, Self.truncated])
    }

    @Test func bytesBeforeTheFirstRSAreARecordWithAProblem() {
        // §2.1 asks parsers to go on after an element that fails and lets them report it: text
        // outside any RS element is reported, flagged, and the sequence goes on.
        let records = splitRecords("junk\n\(rs){}\n", .jsonSequence)
        #expect(records == [
            StreamRecord(index: 1, bytes: Array("junk".utf8), problem: Self.noSeparator),
            StreamRecord(index: 2, bytes: Array("{}".utf8)),
        ])
        #expect(splitRecords("[1]\(rs)2\n", .jsonSequence).map(\.problem) == [Self.noSeparator + "; " + Self.truncated, nil])
        // Whitespace before the first RS is nothing.
        #expect(splitRecords("\n \r\n\(rs){}\n", .jsonSequence) == [StreamRecord(index: 1, bytes: Array("{}".utf8))])
        // NDJSON sent as json-seq: every line a record, each flagged.
        let lines = splitRecords("{\"a\":1}\n{\"b\":2}\n", .jsonSequence)
        #expect(lines.map(\.text) == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(lines.allSatisfy { $0.problem == Self.noSeparator })
    }

    @Test func textAfterAClosedTextWithoutRSIsFlagged() {
        let records = splitRecords("\(rs)1\n2\n\(rs)3\n", .jsonSequence)
        #expect(records.map(\.text) == ["1", "2", "3"])
        #expect(records.map(\.problem) == [nil, Self.noSeparator, nil])
    }

    @Test func oversizeTextIsCutAndDroppedToTheNextRS() {
        let records = splitRecords("\(rs)12345678\n9\n\(rs)ab\n\(rs)[\"abcdef\"]\n", .jsonSequence, maxRecordBytes: 4)
        #expect(records.map(\.text) == ["1234", "ab", "[\"ab"])
        #expect(records.map(\.index) == [1, 2, 3])
        #expect(records[0].problem == "longer than 4 bytes: cut there, the rest dropped up to the next RS")
        #expect(records[1].problem == nil)
        #expect(records[2].problem == records[0].problem)
        #expect(splitRecords("\(rs)1234\r\n", .jsonSequence, maxRecordBytes: 4) == [StreamRecord(index: 1, bytes: Array("1234".utf8))])
        let stray = splitRecords("123456\(rs)1\n", .jsonSequence, maxRecordBytes: 4)
        #expect(stray.map(\.problem) == [Self.noSeparator + "; longer than 4 bytes: cut there, the rest dropped up to the next RS", nil])
    }

    @Test func unclosedStringKeepsTheTextOpenUntilRS() {
        // A stray quote makes every LF look like part of the text; the RS still ends it, and the
        // size limit still bounds it.
        let records = splitRecords("\(rs)\"abc\n{}\n\(rs){}\n", .jsonSequence)
        #expect(records.map(\.text) == ["\"abc\n{}\n", "{}"])
        #expect(records.map(\.problem) == [Self.truncated, nil])
    }

    @Test func byteOrderMarkAndCRLF() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(splitRecords(bom + Array("\(rs){}\r\n\(rs)[]\r\n".utf8), .jsonSequence).map(\.text) == ["{}", "[]"])
    }
}
