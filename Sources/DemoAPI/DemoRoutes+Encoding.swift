import CompressNIO
import Hummingbird
import HTTPTypes
import RequestModel

/// Content encoding and large bodies (SPEC §10), so a first user sees a body decoded and one
/// arriving for a while without any network.
extension DemoRoutes {
    /// `GET /gzip`: a small JSON document, gzip-encoded whatever the request asked for (as httpbin's
    /// `/gzip` is), saying the Accept-Encoding the request sent.
    static func gzip(_ call: DemoCall) -> Response {
        guard call.segments == ["gzip"] else { return DemoResponses.notFound(path: call.path) }
        let asked: JSONNode = call.request.headers[.acceptEncoding].map(JSONNode.string) ?? .null
        let document: JSONNode = ["gzipped": .bool(true), "method": .string(call.request.method.rawValue), "accept_encoding": asked]
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.contentEncoding] = "gzip"
        do {
            let compressor = try GzipWriter()
            var body = try compressor.compress(ByteBuffer(string: document.compactText))
            var end = try compressor.finish()
            body.writeBuffer(&end)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
        } catch {
            return DemoResponses.error(.internalServerError, "gzip failed: \(error)")
        }
    }

    /// The most `/large` sends.
    static let largeMaxMB = 1024

    /// `GET /large?mb=N&encoding=gzip`: N MiB (default 10, at most 1024) of JSON lines, 64 bytes
    /// each, generated as they are sent; with `encoding=gzip`, gzip-encoded as it goes.
    static func large(_ call: DemoCall) -> Response {
        guard call.segments == ["large"] else { return DemoResponses.notFound(path: call.path) }
        let megabytes = call.query["mb"] == nil ? 10 : call.query.int("mb") ?? -1
        guard (0...largeMaxMB).contains(megabytes) else {
            return DemoResponses.badRequest("mb must be a whole number from 0 to \(largeMaxMB), got \(call.query["mb"] ?? "")")
        }
        let gzipped: Bool
        switch call.query["encoding"] {
        case nil, "identity": gzipped = false
        case "gzip": gzipped = true
        case let other?: return DemoResponses.badRequest("encoding is gzip or identity, got \(other)")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson"
        if gzipped { headers[.contentEncoding] = "gzip" }
        let total = megabytes << 20
        let write: @Sendable (inout any ResponseBodyWriter) async throws -> Void = { writer in
            let compressor = gzipped ? try GzipWriter() : nil
            var lines = LargeLines()
            for _ in 0..<megabytes {
                let chunk = lines.nextMebibyte()
                try await writer.write(try compressor?.compress(chunk) ?? chunk)
            }
            if let compressor { try await writer.write(try compressor.finish()) }
            try await writer.finish(nil)
        }
        let body = gzipped ? ResponseBody { writer in try await write(&writer) }
                           : ResponseBody(contentLength: total) { writer in try await write(&writer) }
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// `/large`'s lines: `{"line":"0000000001","text":"…"}` and a newline, 64 bytes each, numbered from 1
/// (the number as a string: JSON allows no leading zeros, and a fixed width keeps every line 64 bytes).
struct LargeLines {
    static let width = 64
    private static let template = Array(#"{"line":"0000000000","text":"a quick brown fox jumps over him"}"#.utf8) + [0x0a]
    private var number = 0

    mutating func nextMebibyte() -> ByteBuffer {
        precondition(Self.template.count == Self.width)
        var line = Self.template
        var buffer = ByteBuffer()
        buffer.reserveCapacity(1 << 20)
        for _ in 0..<((1 << 20) / Self.width) {
            number += 1
            var value = number
            for index in stride(from: 18, through: 9, by: -1) {
                line[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            buffer.writeBytes(line)
        }
        return buffer
    }
}

/// gzip a piece at a time (compress-nio's zlib deflate, gzip framing).
final class GzipWriter {
    private let compressor: ZlibCompressor

    init() throws {
        compressor = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: .fastestCompression))
    }

    func compress(_ input: ByteBuffer) throws -> ByteBuffer {
        var input = input
        var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input))
        try compressor.deflate(from: &input, to: &output, flush: .no)
        return output
    }

    /// The stream's end: what deflate still holds, and the gzip trailer.
    func finish() throws -> ByteBuffer {
        var empty = ByteBufferAllocator().buffer(capacity: 16)
        var output = ByteBufferAllocator().buffer(capacity: 64 << 10)
        try compressor.deflate(from: &empty, to: &output, flush: .finish)
        return output
    }
}
