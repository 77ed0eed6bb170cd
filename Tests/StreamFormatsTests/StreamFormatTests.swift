import StreamFormats
import Testing

@Suite struct StreamFormatTests {
    @Test(arguments: [
        ("text/event-stream", StreamFormat.eventStream),
        ("Text/Event-Stream; charset=utf-8", .eventStream),
        ("application/x-ndjson", .jsonLines),
        (" application/jsonl ;q=1", .jsonLines),
        ("application/json-seq", .jsonSequence),
    ] as [(String, StreamFormat)])
    func knownMediaTypes(contentType: String, format: StreamFormat) {
        #expect(StreamFormat(contentType: contentType) == format)
    }

    @Test func otherBodiesAreNoStream() {
        for type in ["application/json", "text/plain", "", "text/event-streams", "application/x-ndjson-x"] {
            #expect(StreamFormat(contentType: type) == nil)
        }
    }
}
