import Hummingbird
import RequestModel

/// Response builders shared by the routes.
enum DemoResponses {
    static func json(_ status: HTTPResponse.Status, _ value: JSONNode, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: value.compactText)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        json(status, ["error": .string(message)], headers: headers)
    }

    static func notFound(path: String) -> Response {
        error(.notFound, "no such route: \(path)")
    }

    static func badRequest(_ message: String) -> Response {
        error(.badRequest, message)
    }

    static func methodNotAllowed(allowed: [HTTPRequest.Method]) -> Response {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        var headers = HTTPFields()
        headers[.allow] = allow
        return error(.methodNotAllowed, "method not allowed; use \(allow)", headers: headers)
    }
}
