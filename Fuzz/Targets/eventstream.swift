// Fuzz target `eventstream`: bytes read as a text/event-stream and as NDJSON, whole and split at a
// point the input picks; both readings must give the same events and records (the readers keep
// only the unfinished line between chunks, so any chunking gives the same result).
@testable import StreamFormats

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) * bytes.count / 256

    var whole = EventStreamParser(maxEventBytes: 4096)
    var split = EventStreamParser(maxEventBytes: 4096)
    let events = whole.feed(bytes) + whole.finish()
    let pieces = split.feed(bytes[..<cut]) + split.feed(bytes[cut...]) + split.finish()
    precondition(events == pieces, "event stream: split at \(cut) differs")
    precondition(whole.lastEventID == split.lastEventID && whole.reconnectionTime == split.reconnectionTime)

    for format in [StreamFormat.jsonLines, .jsonSequence] {
        guard var one = RecordSplitter(format: format, maxRecordBytes: 4096),
              var two = RecordSplitter(format: format, maxRecordBytes: 4096) else { continue }
        let records = one.feed(bytes) + one.finish()
        let parts = two.feed(bytes[..<cut]) + two.feed(bytes[cut...]) + two.finish()
        precondition(records == parts, "\(format): split at \(cut) differs")
    }
    return 0
}
