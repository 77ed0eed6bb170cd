import Hummingbird
import Logging
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
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "explorer-bench.ready-body")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) },
                              logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            throw BenchFailure("the ready-body server did not start")
        }
        return ReadyBodyServer(baseURL: "http://127.0.0.1:\(bound)/", task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
