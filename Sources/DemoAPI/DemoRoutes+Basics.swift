import Hummingbird
import RequestModel

/// Plain status codes and redirects.
extension DemoRoutes {
    /// Any code 200...999 passes through, including ones HTTP does not name (e.g. 599).
    static func status(_ call: DemoCall) async -> Response {
        await withNumber(call) { code in
            guard (100...999).contains(code) else {
                return DemoResponses.badRequest("status code must be from 100 to 999, got \(code)")
            }
            // HTTP/1.1 treats 1xx as interim: sent as the final answer, NIO writes it without
            // framing and clients read garbage or wait for a real response forever.
            guard code >= 200 else {
                return DemoResponses.badRequest("\(code) is an informational status and cannot end an HTTP/1.1 exchange")
            }
            let status = HTTPResponse.Status(code: code)
            // 204 and 304 must not carry a body (nor a Content-Length claiming one).
            if code == 204 || code == 304 {
                var response = Response(status: status)
                response.headers[.contentLength] = nil
                return response
            }
            return DemoResponses.json(status, ["status": .integer(code)])
        }
    }

    /// A chain of relative 302s; the query (and so `?key=`) is carried along each hop.
    static func redirect(_ call: DemoCall) async -> Response {
        await withNumber(call) { remaining in
            guard remaining > 0 else {
                return DemoResponses.json(.ok, ["redirected": true])
            }
            var location = "/redirect/\(remaining - 1)"
            if let query = call.request.uri.query, !query.isEmpty { location += "?" + query }
            return redirectResponse(status: .found, location: location)
        }
    }

    /// Redirects anywhere, absolute URLs included, so clients can be tested crossing origins.
    static func redirectTo(_ call: DemoCall) -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        guard let target = call.query["url"], !target.isEmpty else {
            return DemoResponses.badRequest("redirect-to needs ?url=")
        }
        let code = call.query.int("status") ?? 302
        guard (300...399).contains(code) else {
            return DemoResponses.badRequest("redirect status must be 3xx, got \(call.query["status"] ?? "")")
        }
        return redirectResponse(status: HTTPResponse.Status(code: code), location: target)
    }

    /// Redirects to itself: a client that follows it forever never returns.
    static func loop(_ call: DemoCall) -> Response {
        guard call.segments.count == 1 else { return DemoResponses.notFound(path: call.path) }
        return redirectResponse(status: .found, location: "/loop")
    }

    private static func redirectResponse(status: HTTPResponse.Status, location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return DemoResponses.json(status, ["location": .string(location)], headers: headers)
    }
}
