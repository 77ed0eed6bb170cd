import Hummingbird
import HTTPTypes

/// What a first user needs to see streams without network (issue 18): a Server-Sent Events clock
/// that drops its connection now and then and resumes from `Last-Event-ID`, and a log in NDJSON
/// or as a JSON text sequence.
extension DemoRoutes {
    /// `GET /events?count=N&interval_ms=M&drop_every=K`: events `tick` with ids 1…N (default 10),
    /// M ms apart (default 100), after a `retry: 500`; with K, the connection is cut after every
    /// K-th event; a request with `Last-Event-ID: n` goes on from n + 1, and one that has every
    /// event already gets 204, which tells an EventSource to stop reconnecting.
    static func events(_ call: DemoCall) async -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        let count = max(0, min(call.query.int("count") ?? 10, 1_000_000))
        let interval = max(0, call.query.int("interval_ms") ?? 100)
        let dropEvery = max(0, call.query.int("drop_every") ?? 0)
        let resumed = call.request.headers[lastEventID].flatMap { Int($0) } ?? 0
        if resumed > 0 && resumed >= count { return Response(status: .noContent) }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": the demo API's clock\nretry: 500\n\n"))
            var sent = 0
            for number in stride(from: resumed + 1, through: count, by: 1) {
                if interval > 0 { try await call.pauses.sleep(for: .milliseconds(interval)) }
                try await writer.write(ByteBuffer(string: "id: \(number)\nevent: tick\ndata: {\"n\": \(number)}\n\n"))
                sent += 1
                if dropEvery > 0, number < count, sent.isMultiple(of: dropEvery) {
                    // Hummingbird closes the connection when a body writer throws: a dropped stream.
                    try await call.pauses.sleep(for: .milliseconds(20))
                    throw DroppedConnection()
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// `GET /logs.ndjson?count=N&interval_ms=M`: N log records (default 20), one JSON object per
    /// line, M ms apart (default 50); `/logs.json-seq` sends them as an RFC 7464 sequence.
    static func logs(_ call: DemoCall) async -> Response {
        let sequence = call.segments == ["logs.json-seq"]
        guard call.segments == ["logs.ndjson"] || sequence else { return DemoResponses.notFound(path: call.path) }
        let count = max(0, min(call.query.int("count") ?? 20, 1_000_000))
        let interval = max(0, call.query.int("interval_ms") ?? 50)
        let levels = ["info", "debug", "info", "warn", "info", "error"]
        var headers = HTTPFields()
        headers[.contentType] = sequence ? "application/json-seq" : "application/x-ndjson"
        let body = ResponseBody { writer in
            for number in 0..<count {
                if interval > 0 { try await call.pauses.sleep(for: .milliseconds(interval)) }
                let level = levels[number % levels.count]
                let record = "{\"n\": \(number + 1), \"level\": \"\(level)\", \"msg\": \"step \(number + 1) of \(count)\"}\n"
                try await writer.write(ByteBuffer(string: sequence ? "\u{1E}" + record : record))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
