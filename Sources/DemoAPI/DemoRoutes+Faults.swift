import Foundation
import HTTPParsing
import Hummingbird
import RequestModel

/// Failures a resilient client has to ride out: 503 streaks, Retry-After, slowness,
/// connections cut mid-body and bodies that trickle in.
extension DemoRoutes {
    static func flaky(_ call: DemoCall) async -> Response {
        await withNumber(call) { failures in
            if let failure = await call.scenarios.nextFlakyFailure(key: call.key, failures: failures) {
                return DemoResponses.error(.serviceUnavailable, "flaky: failure \(failure) of \(failures)")
            }
            return DemoResponses.json(.ok, ["ok": true, "failures": .integer(failures)])
        }
    }

    /// `?form=date` sends an HTTP-date instead of delta seconds; `?status=429` (or any other
    /// 4xx/5xx) replaces the 503.
    static func retryAfter(_ call: DemoCall) async -> Response {
        await withNumber(call) { seconds in
            let throttle = await call.scenarios.shouldThrottle(key: call.key, variant: String(seconds))
            guard throttle else {
                return DemoResponses.json(.ok, ["ok": true])
            }
            var headers = HTTPFields()
            headers[.retryAfter] =
                call.query["form"] == "date"
                // Whole seconds, rounded up, so the date is never earlier than now + seconds.
                ? HTTPDate.format(Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + Double(seconds)).rounded(.up)))
                : String(seconds)
            let code = call.query.int("status").flatMap { (400...599).contains($0) ? $0 : nil } ?? 503
            return DemoResponses.json(
                HTTPResponse.Status(code: code),
                ["error": .string("retry after \(seconds) s"), "retry_after": .integer(seconds)],
                headers: headers
            )
        }
    }

    static func delay(_ call: DemoCall) async throws -> Response {
        try await withNumber(call) { milliseconds in
            try await call.pauses.sleep(for: .milliseconds(milliseconds))
            return DemoResponses.json(.ok, ["delayed_ms": .integer(milliseconds)])
        }
    }

    /// Announces 100 000 bytes, sends about 1 000, then throws from the body writer: Hummingbird
    /// closes the connection when a body writer throws, which is exactly "cut mid-body".
    static func drop(_ call: DemoCall) async -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        let times = call.query.int("times")
        let size = 100_000
        var headers = HTTPFields()
        headers[.contentType] = "text/plain"
        guard await call.scenarios.shouldDrop(key: call.key, times: times) else {
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: letterPattern(count: size)))
        }
        let body = ResponseBody(contentLength: size) { writer in
            try await writer.write(letterPattern(count: 1_000))
            // Give the partial body time to reach the socket before the close discards it.
            try await call.pauses.sleep(for: .milliseconds(20))
            throw DroppedConnection()
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// n chunks of 10 bytes ("000000001\n"...), each after `interval_ms` (default 100) of silence.
    static func trickle(_ call: DemoCall) async -> Response {
        await withNumber(call) { chunks in
            let interval = max(0, call.query.int("interval_ms") ?? 100)
            var headers = HTTPFields()
            headers[.contentType] = "text/plain"
            let body = ResponseBody(contentLength: chunks * 10) { writer in
                for index in 0..<chunks {
                    try await call.pauses.sleep(for: .milliseconds(interval))
                    // Nine digits and a newline keep every chunk exactly 10 bytes.
                    let digits = String((index + 1) % 1_000_000_000)
                    let line = String(repeating: "0", count: 9 - digits.count) + digits + "\n"
                    try await writer.write(ByteBuffer(string: line))
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// "abcdefghij" repeated: easy to eyeball and to check for truncation.
    static func letterPattern(count: Int) -> ByteBuffer {
        let letters = Array("abcdefghij".utf8)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(count)
        buffer.writeBytes((0..<count).lazy.map { letters[$0 % letters.count] })
        return buffer
    }
}

/// Thrown from a body writer on purpose, to make Hummingbird close the connection.
struct DroppedConnection: Error {}
