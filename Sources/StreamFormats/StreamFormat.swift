/// The response formats explorer shows a record at a time as they arrive (SPEC §10), told by the
/// media type of `Content-Type`: Server-Sent Events and the line formats.
public enum StreamFormat: String, Sendable, CaseIterable {
    /// `text/event-stream`: the WHATWG EventSource format.
    case eventStream = "text/event-stream"
    /// `application/x-ndjson` and `application/jsonl`: one JSON text per line.
    case jsonLines = "application/x-ndjson"
    /// `application/json-seq` (RFC 7464): each JSON text after an RS (0x1E), ending with LF.
    case jsonSequence = "application/json-seq"

    /// The format of a `Content-Type` value (parameters and case ignored); nil for any other body.
    public init?(contentType: String) {
        let media = contentType.prefix { $0 != ";" }.trimmingWhitespace.lowercased()
        switch media {
        case "text/event-stream": self = .eventStream
        case "application/x-ndjson", "application/jsonl", "application/jsonlines", "application/x-jsonlines": self = .jsonLines
        case "application/json-seq": self = .jsonSequence
        default: return nil
        }
    }
}

extension Substring {
    /// Without the spaces and tabs around it (no Foundation in this target).
    var trimmingWhitespace: Substring {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return self[first...last]
    }
}
