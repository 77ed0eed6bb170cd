import Foundation
import Hummingbird
import RequestModel

/// Bodies of every size and shape: generated JSON and bytes (streamed), echo, and uploads.
extension DemoRoutes {
    static func json(_ call: DemoCall) async -> Response {
        await withNumber(call) { kilobytes in
            let users = UsersJSON(kilobytes: kilobytes)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let body = ResponseBody(contentLength: users.contentLength) { writer in
                try await users.write(to: &writer)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    static func bytes(_ call: DemoCall) async -> Response {
        await withNumber(call) { count in
            let seedText = call.query["seed"] ?? "1"
            guard let seed = UInt64(seedText) else {
                return DemoResponses.badRequest("seed must be an unsigned integer, got \(seedText)")
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/octet-stream"
            let body = ResponseBody(contentLength: count) { writer in
                var generator = PseudoRandomBytes(seed: seed)
                var remaining = count
                while remaining > 0 {
                    // 64 KiB is a multiple of 8, so chunking never changes the byte stream.
                    let size = min(remaining, 64 * 1024)
                    var buffer = ByteBuffer()
                    generator.write(count: size, to: &buffer)
                    try await writer.write(buffer)
                    remaining -= size
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// Mirrors the request so a client can check exactly what it sent.
    static func echo(_ call: DemoCall) async throws -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        var request = call.request
        let body = try await request.collectBody(upTo: 64 * 1024 * 1024)
        let bytes = Array(body.readableBytesView)
        let text = String(validating: bytes, as: UTF8.self)
        let echoed: JSONNode = [
            "method": .string(call.method.rawValue),
            "path": .string(call.path),
            "query": grouped(call.query.pairs.map { ($0.name, $0.value) }),
            "headers": grouped(echoedHeaders(call.request.head)),
            "body": .string(text ?? Data(bytes).base64EncodedString()),
            "body_base64": .bool(text == nil),
            "bytes": .integer(bytes.count),
        ]
        return DemoResponses.json(.ok, echoed)
    }

    /// Hashes the body as it streams in, so uploads of any size use constant memory.
    /// Multipart bodies are not parsed: the raw bytes are what gets hashed.
    static func upload(_ call: DemoCall) async throws -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        guard call.method == .post || call.method == .put else {
            return DemoResponses.methodNotAllowed(allowed: [.post, .put])
        }
        var hash = FNV1a64()
        var total = 0
        for try await chunk in call.request.body {
            chunk.withUnsafeReadableBytes { hash.update($0) }
            total += chunk.readableBytes
        }
        return DemoResponses.json(.ok, ["bytes": .integer(total), "fnv1a64": .string(hash.hex)])
    }

    /// Header fields with their names as received. Host comes first: HTTPTypes moves it out of
    /// the fields into the `:authority` pseudo-header, so it is put back here.
    static let receivedPath = "/received"

    /// What reached the demo from this key, oldest first: what a client really sent, whatever it shows.
    static func received(_ call: DemoCall) async -> Response {
        DemoResponses.json(.ok, ["received": .array(await call.scenarios.received(key: call.key))])
    }

    /// A request as `/received` lists it: its line and headers (bodies are the routes' to read).
    static func received(_ head: HTTPRequest) -> JSONNode {
        ["method": .string(head.method.rawValue), "target": .string(head.path ?? "/"), "headers": grouped(echoedHeaders(head))]
    }

    private static func echoedHeaders(_ head: HTTPRequest) -> [(String, String)] {
        let host = head.authority.map { [("Host", $0)] } ?? []
        return host + head.headerFields.map { ($0.name.rawName, $0.value) }
    }

    /// {"name": ["v1", "v2"]}, names in first-seen order.
    private static func grouped(_ pairs: [(String, String)]) -> JSONNode {
        var order: [String] = []
        var values: [String: [JSONNode]] = [:]
        for (name, value) in pairs {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(.string(value))
        }
        return .object(order.map { JSONNode.Member($0, .array(values[$0] ?? [])) })
    }
}
