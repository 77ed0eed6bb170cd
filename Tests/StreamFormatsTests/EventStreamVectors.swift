import StreamFormats
import Testing

/// An event stream and what the WHATWG standard makes of it: the events, and the parser's state
/// at the end of the stream.
struct EventStreamVector: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let events: [ServerSentEvent]
    var lastEventID = ""
    var reconnectionTime: Int? = nil

    init(_ name: String, _ text: String, _ events: [ServerSentEvent], lastEventID: String = "", reconnectionTime: Int? = nil) {
        self.init(name, bytes: Array(text.utf8), events, lastEventID: lastEventID, reconnectionTime: reconnectionTime)
    }

    init(_ name: String, bytes: [UInt8], _ events: [ServerSentEvent], lastEventID: String = "", reconnectionTime: Int? = nil) {
        self.name = name
        self.bytes = bytes
        self.events = events
        self.lastEventID = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    var testDescription: String { name }
}

private func message(_ data: String, id: String = "", retry: Int? = nil) -> ServerSentEvent {
    ServerSentEvent(data: data, id: id, retry: retry)
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private let longComment = String(repeating: "x", count: 300)

enum EventStreamVectors {
    /// The examples of the standard (html.spec.whatwg.org, "Server-sent events": the
    /// introduction and "Interpreting an event stream"), streams and results as the text gives them.
    static let standard: [EventStreamVector] = [
        EventStreamVector("intro: three messages, one of two lines",
            "data: This is the first message.\n\ndata: This is the second message, it\ndata: has two lines.\n\ndata: This is the third message.\n\n",
            [message("This is the first message."), message("This is the second message, it\nhas two lines."), message("This is the third message.")]),
        EventStreamVector("intro: event types add and remove",
            "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n",
            [ServerSentEvent(type: "add", data: "73857293"), ServerSentEvent(type: "remove", data: "2153"), ServerSentEvent(type: "add", data: "113411")]),
        EventStreamVector("stock ticker: data lines joined with LF",
            "data: YHOO\ndata: +2\ndata: 10\n\n",
            [message("YHOO\n+2\n10")]),
        // "The following stream contains four blocks. [...] the last block just fires an event
        // with the data " third event" (with a single leading space character)."
        EventStreamVector("test stream: comment, id set, id reset, leading space kept",
            ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n",
            [message("first event", id: "1"), message("second event"), message(" third event")]),
        // "The first block fires events with the data set to the empty string [...] The middle
        // block fires an event with the data set to a single newline character. The last block
        // is discarded because it is not followed by a blank line."
        EventStreamVector("data, data data, data: without its blank line",
            "data\n\ndata\ndata\n\ndata:",
            [message(""), message("\n")]),
        // "The following stream fires two identical events [...] the space after the colon is
        // ignored if present."
        EventStreamVector("two identical events", "data:test\n\ndata: test\n\n", [message("test"), message("test")]),
    ]

    /// The shapes of web-platform-tests/eventsource (format-*.js, event-data.js), the body as
    /// their server sends it, and the rules of the standard one at a time.
    static let browserShapes: [EventStreamVector] = [
        // format-bom: the BOM is stripped once, at the start of the stream only.
        EventStreamVector("BOM at the start, a second one later is text",
            "\u{FEFF}data:1\n\n\u{FEFF}data:2\n\ndata:3\n\n",
            [message("1"), message("3")]),
        // format-bom-2
        EventStreamVector("two BOMs at the start: the second is part of the field name",
            "\u{FEFF}\u{FEFF}data:1\n\ndata:2\n\ndata:3\n\n",
            [message("2"), message("3")]),
        EventStreamVector("BOM then CRLF", "\u{FEFF}\r\ndata: a\r\n\r\n", [message("a")]),
        EventStreamVector("half a BOM is invalid UTF-8 in the first field name",
            bytes: [0xEF, 0xBB] + bytes("data: x\n\ndata: y\n\n"),
            [message("y")]),
        // format-comments (a shorter long comment)
        EventStreamVector("comment fest",
            "data:1\r:\0\n:\r\ndata:2\n:\(longComment)\rdata:3\n:data:fail\r:\(longComment)\ndata:4\n\n",
            [message("1\n2\n3\n4")]),
        // format-field-parsing
        EventStreamVector("field parsing: names are literal, NUL kept in data",
            "data:\0\ndata:  2\rData:1\ndata\0:2\ndata:1\r\0data:4\nda-ta:3\rdata_5\ndata:3\rdata:\r\n data:32\ndata:4\n\n",
            [message("\0\n 2\n1\n3\n\n4")]),
        // format-newlines
        EventStreamVector("newline fest", "data:test\r\ndata\ndata:test\r\n\r\n", [message("test\n\ntest")]),
        // format-null-character
        EventStreamVector("NUL in data", "data:\0\n\n", [message("\0")]),
        // format-utf-8
        EventStreamVector("UTF-8 whatever the charset says", "data:ok\u{2026}\n\n", [message("ok\u{2026}")]),
        // format-field-event, format-field-event-empty
        EventStreamVector("event type applies to its block only", "event:test\ndata:x\n\ndata:x\n\n",
            [ServerSentEvent(type: "test", data: "x"), message("x")]),
        EventStreamVector("empty event type is message", "event: \ndata:data\n\n", [message("data")]),
        EventStreamVector("event type of a block without data is dropped too", "event: ping\n\ndata: x\n\n", [message("x")]),
        EventStreamVector("event type keeps what follows the one space", "event:  add\ndata: x\n\n",
            [ServerSentEvent(type: " add", data: "x")]),
        // format-data-before-final-empty-line: the unfinished block's id is not applied.
        EventStreamVector("data before the final empty line",
            "retry:1000\ndata:test1\n\nid:test\ndata:test2",
            [message("test1", retry: 1000)], reconnectionTime: 1000),
        // format-field-retry-bogus
        EventStreamVector("retry with a non-digit is ignored", "retry:2000\nretry:1000x\ndata:x\n\n",
            [message("x", retry: 2000)], reconnectionTime: 2000),
        EventStreamVector("retry values that are not only digits",
            "retry: 1000\nretry: -1\nretry: 1.5\nretry: 20 \nretry:  30\nretry:\nretry\nretry: 0x10\nretry: \u{0661}\ndata: x\n\n",
            [message("x", retry: 1000)], reconnectionTime: 1000),
        EventStreamVector("retry of a block without data goes with the next event",
            "retry: 1000\n\ndata: a\n\ndata: b\n\nretry: 0\ndata: c\n\n",
            [message("a", retry: 1000), message("b"), message("c", retry: 0)], reconnectionTime: 0),
        EventStreamVector("retry past Int.max stands as Int.max", "retry: 99999999999999999999999\ndata: x\n\n",
            [message("x", retry: Int.max)], reconnectionTime: Int.max),
        // format-field-id-3: persists, changes and persists, resets.
        EventStreamVector("id persists over events", "id: 1\ndata: a\n\ndata: b\n\n",
            [message("a", id: "1"), message("b", id: "1")], lastEventID: "1"),
        EventStreamVector("id changes and persists", "id: 1\ndata: a\n\nid: 2\ndata: b\n\ndata: c\n\n",
            [message("a", id: "1"), message("b", id: "2"), message("c", id: "2")], lastEventID: "2"),
        EventStreamVector("id without a value resets", "id: 1\ndata: a\n\nid\ndata: b\n\ndata: c\n\n",
            [message("a", id: "1"), message("b"), message("c")]),
        EventStreamVector("id with an empty value resets", "id: 1\ndata: a\n\nid:\ndata: b\n\n",
            [message("a", id: "1"), message("b")]),
        EventStreamVector("id with NUL is ignored", "id: 1\ndata: a\n\nid: 2\0003\ndata: b\n\nid: \0\ndata: c\n\n",
            [message("a", id: "1"), message("b", id: "1"), message("c", id: "1")], lastEventID: "1"),
        EventStreamVector("id after data in the block applies to that event", "data: a\nid: 7\n\n",
            [message("a", id: "7")], lastEventID: "7"),
        EventStreamVector("id of a block without data is set at its blank line", "id: 7\n\ndata: a\n\n",
            [message("a", id: "7")], lastEventID: "7"),
        EventStreamVector("last id field of a block wins", "id: 1\nid: 2\ndata: a\n\n", [message("a", id: "2")], lastEventID: "2"),
        // Line ends.
        EventStreamVector("LF only", "data: a\ndata: b\n\ndata: c\n\n", [message("a\nb"), message("c")]),
        EventStreamVector("CR only", "data: a\rdata: b\r\rdata: c\r\r", [message("a\nb"), message("c")]),
        EventStreamVector("CRLF", "data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n", [message("a\nb"), message("c")]),
        EventStreamVector("mixed line ends", "data: a\r\ndata: b\rdata: c\n\r\ndata: d\n\rdata: e\r\r\n",
            [message("a\nb\nc"), message("d"), message("e")]),
        EventStreamVector("LF CR is two line ends", "data: a\n\rdata: b\n\n", [message("a"), message("b")]),
        EventStreamVector("blank lines alone dispatch nothing", "\n\r\n\r\n\n", []),
        // Fields.
        EventStreamVector("field without a colon has an empty value", "data\ndata\n\nevent\ndata: x\n\n", [message("\n"), message("x")]),
        EventStreamVector("no space after the colon", "data:x\n\n", [message("x")]),
        EventStreamVector("only one space is removed", "data:  two spaces\n\n", [message(" two spaces")]),
        EventStreamVector("a tab is not a space", "data:\tx\n\n", [message("\tx")]),
        EventStreamVector("a space alone makes empty data", "data: \n\n", [message("")]),
        EventStreamVector("the value runs to the end of the line, colons too", "data: a: b:c\n\n", [message("a: b:c")]),
        EventStreamVector("unknown fields are ignored", "foo: bar\ndata: x\nDATA: y\nEvent: z\n data: w\nretry2: 5\n\n", [message("x")]),
        EventStreamVector("a block of unknown fields dispatches nothing", "foo: bar\n\n:comment\n\n", []),
        EventStreamVector("a comment line with leading space is a field", " : x\ndata: y\n\n", [message("y")]),
        // The end of the stream.
        EventStreamVector("trailing event after LF is discarded", "data: a\n\ndata: b\n", [message("a")]),
        EventStreamVector("trailing event without line end is discarded", "data: a\n\ndata: b", [message("a")]),
        EventStreamVector("trailing event ending in CR is dispatched by the next CR", "data: a\r\r", [message("a")]),
        EventStreamVector("empty stream", "", []),
        // UTF-8 decode: U+FFFD for each maximal invalid subpart, as the Encoding standard's decoder.
        EventStreamVector("invalid bytes become U+FFFD",
            bytes: bytes("data: ") + [0xFF, 0x41, 0xE2, 0x82] + bytes("\ndata: ") + [0xF0, 0x80, 0x80, 0xED, 0xA0, 0x80, 0xC0, 0xAF] + bytes("\n\n"),
            [message("\u{FFFD}A\u{FFFD}\n" + String(repeating: "\u{FFFD}", count: 8))]),
        EventStreamVector("multi-byte characters across every split", "event: \u{65E5}\u{672C}\ndata: \u{1F600}\u{E9}\nid: \u{2026}\n\n",
            [ServerSentEvent(type: "\u{65E5}\u{672C}", data: "\u{1F600}\u{E9}", id: "\u{2026}")], lastEventID: "\u{2026}"),
        EventStreamVector("broken sequence in an id", bytes: bytes("id: ") + [0xE2, 0x80] + bytes("\ndata: x\n\n"),
            [message("x", id: "\u{FFFD}")], lastEventID: "\u{FFFD}"),
    ]

    static let all = standard + browserShapes
}
