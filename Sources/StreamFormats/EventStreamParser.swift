/// Reads a `text/event-stream` body into events exactly as the WHATWG HTML standard says
/// ("Parsing an event stream", "Interpreting an event stream"): UTF-8 with one leading BOM
/// stripped and invalid bytes read as U+FFFD, lines ending in CRLF, LF or CR, `:` comments,
/// `event`, `data` (lines joined with LF), `id` (ignored when it holds NUL), `retry` (ASCII digits
/// only) and a dispatch on each blank line; a block the stream ends in without its blank line is
/// discarded.
///
/// Incremental: bytes may arrive in any chunks (a CRLF, a UTF-8 sequence or the BOM split
/// across two) and give the same events as in one. Each byte is looked at once; only the
/// unfinished line and the event being built are kept between chunks. Pure, so the transport,
/// `send` and the tests drive the same code.
public struct EventStreamParser: Sendable {
    /// The last event ID string of the event source: set at each blank line from the `id`
    /// fields before it, it persists over the events that follow. What a reconnect sends as
    /// `Last-Event-ID` (none when "").
    public private(set) var lastEventID: String
    /// The reconnection time in milliseconds from the latest valid `retry` field; nil until
    /// the stream sends one.
    public private(set) var reconnectionTime: Int?

    /// How many bytes of a UTF-8 BOM (EF BB BF) the stream has begun with; nil once past its start.
    var bomBytesSeen: Int? = 0
    /// The bytes of the line under way when it began in an earlier chunk.
    var partialLine: [UInt8] = []
    /// The last line ended with CR: an LF right after it is the rest of a CRLF.
    var afterCarriageReturn = false
    /// The standard's data buffer, kept as UTF-8 and decoded at dispatch (LF ends any broken
    /// sequence, so decoding the joined lines equals joining the decoded lines).
    var dataBuffer: [UInt8] = []
    var eventTypeBuffer = ""
    var lastEventIDBuffer: String
    /// The `retry` value read since the previous dispatched event, for that event's `retry`.
    var retrySinceDispatch: Int?

    public static let defaultMaxEventBytes = 16 << 20
    /// The most a line or an event's data may hold: past it the rest is dropped, so a hostile
    /// stream (one endless line, endless data lines) cannot grow memory without bound.
    public let maxEventBytes: Int

    /// A parser for a stream; `lastEventID` resumes a source whose last event ID was that
    /// (the events of a resumed stream carry it until the stream sends an `id`).
    public init(lastEventID: String = "", maxEventBytes: Int = EventStreamParser.defaultMaxEventBytes) {
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
        self.maxEventBytes = max(1, maxEventBytes)
    }

    /// Reads the next bytes of the stream; the events dispatched by the blank lines among them.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        let read: Void? = bytes.withContiguousStorageIfAvailable { feed($0, into: &events) }
        if read == nil {
            Array(bytes).withUnsafeBufferPointer { feed($0, into: &events) }
        }
        return events
    }

    /// Ends the stream: "any pending data must be discarded" (an event without its blank line is
    /// not dispatched), so this returns no events; it is there so a reader ends every stream
    /// the same way. The parser is then ready for the stream of a reconnect (a BOM is stripped
    /// again) and keeps `lastEventID` and `reconnectionTime`, as a browser's EventSource does
    /// (web-platform-tests eventsource/format-field-id-2: a resumed stream's events carry the
    /// last event ID); an `id` of the discarded block is not applied.
    public mutating func finish() -> [ServerSentEvent] {
        bomBytesSeen = 0
        partialLine.removeAll()
        afterCarriageReturn = false
        dataBuffer.removeAll()
        eventTypeBuffer = ""
        lastEventIDBuffer = lastEventID
        retrySinceDispatch = nil
        return []
    }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        var index = 0
        if let seen = bomBytesSeen {
            var matched = seen
            while index < bytes.count, matched < Self.byteOrderMark.count, bytes[index] == Self.byteOrderMark[matched] {
                matched += 1
                index += 1
            }
            if matched == Self.byteOrderMark.count {
                bomBytesSeen = nil
            } else if index == bytes.count {
                bomBytesSeen = matched                      // the next chunk tells
                return
            } else {
                // Not a BOM after all: what looked like its start is text of the first line.
                bomBytesSeen = nil
                partialLine.append(contentsOf: Self.byteOrderMark.prefix(matched))
            }
        }
        var lineStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.lineFeed, afterCarriageReturn {
                afterCarriageReturn = false
                index += 1
                lineStart = index
                continue
            }
            afterCarriageReturn = false
            if byte == Self.lineFeed || byte == Self.carriageReturn {
                endLine(bytes[lineStart..<index], into: &events)
                afterCarriageReturn = byte == Self.carriageReturn
                lineStart = index + 1
            }
            index += 1
        }
        let room = maxEventBytes - partialLine.count
        if room > 0 { partialLine.append(contentsOf: bytes[lineStart..<min(bytes.count, lineStart + room)]) }
    }

    /// Processes a line whose end was found; its start may be in `partialLine`.
    mutating func endLine(_ tail: Slice<UnsafeBufferPointer<UInt8>>, into events: inout [ServerSentEvent]) {
        if partialLine.isEmpty {
            process(line: tail, into: &events)
            return
        }
        var line = partialLine                              // moved out, so `process` may mutate self
        partialLine = []
        line.append(contentsOf: tail)
        line.withUnsafeBufferPointer { process(line: $0[...], into: &events) }
        line.removeAll(keepingCapacity: line.capacity <= Self.keptCapacity)
        partialLine = line
    }

    mutating func process(line: Slice<UnsafeBufferPointer<UInt8>>, into events: inout [ServerSentEvent]) {
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == Self.colon { return }                   // a comment
        let name: Slice<UnsafeBufferPointer<UInt8>>
        var value: Slice<UnsafeBufferPointer<UInt8>>
        if let colon = line.firstIndex(of: Self.colon) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = line
            value = line[line.endIndex...]
        }
        // Field names compare literally, without case folding.
        if name.elementsEqual(Self.dataField) {
            let room = maxEventBytes - dataBuffer.count
            guard room > 0 else { return }
            dataBuffer.append(contentsOf: value.prefix(room - 1))
            dataBuffer.append(Self.lineFeed)
        } else if name.elementsEqual(Self.eventField) {
            eventTypeBuffer = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual(Self.idField) {
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual(Self.retryField) {
            if let milliseconds = Self.milliseconds(value) {
                reconnectionTime = milliseconds
                retrySinceDispatch = milliseconds
            }
        }
    }

    /// The standard's "dispatch the event" steps.
    mutating func dispatch(into events: inout [ServerSentEvent]) {
        lastEventID = lastEventIDBuffer
        guard !dataBuffer.isEmpty else {
            eventTypeBuffer = ""
            return
        }
        if dataBuffer.last == Self.lineFeed { dataBuffer.removeLast() }
        events.append(ServerSentEvent(
            type: eventTypeBuffer.isEmpty ? "message" : eventTypeBuffer,
            data: String(decoding: dataBuffer, as: UTF8.self),
            id: lastEventID,
            retry: retrySinceDispatch
        ))
        dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= Self.keptCapacity)
        eventTypeBuffer = ""
        retrySinceDispatch = nil
    }

    /// A `retry` value of ASCII digits only, in base ten; nil for anything else (an empty value
    /// too, which names no integer). A number past `Int.max` stands as `Int.max`: it is valid,
    /// just longer than any wait.
    static func milliseconds(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for digit in digits {
            let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedToo) = times10.addingReportingOverflow(Int(digit - 0x30))
            if overflowed || overflowedToo { return Int.max }
            value = sum
        }
        return value
    }

    /// Buffers up to this size are reused from line to line and event to event; a larger one
    /// (one huge event) is let go rather than held for the rest of a long-lived stream.
    static let keptCapacity = 64 * 1024
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let colon: UInt8 = 0x3A
    static let space: UInt8 = 0x20
    static let dataField = Array("data".utf8)
    static let eventField = Array("event".utf8)
    static let idField = Array("id".utf8)
    static let retryField = Array("retry".utf8)
}
