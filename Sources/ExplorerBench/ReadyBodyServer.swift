import Hummingbird
import NIOCore

/// A server that has a body ready: the bytes are built before the clock starts and each
/// `GET /body` writes them at once, so a figure measures the explorer, not a generator.
struct ReadyBodyServer {
    let baseURL: String
    private let task: Task<Void, any Error>

    static func start(serving body: ByteBuffer, contentType: String, contentEncoding: String? = nil) async throws -> ReadyBodyServer {
        let router = Router()
        var headers: HTTPFields = [.contentType: contentType]
        if let contentEncoding { headers[.contentEncoding] = contentEncoding }
        router.get("body") { [headers] _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        let (baseURL, task) = try await BenchServer.start(router, label: "ready-body")
        return ReadyBodyServer(baseURL: baseURL, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
