import Hummingbird
import HummingbirdCore
import Logging
import NIOPosix

/// Runs a benchmark's Hummingbird router on a free 127.0.0.1 port until its task is cancelled.
enum BenchServer {
    /// The thread an in-process server answers on when the client under measurement runs in this
    /// process too: its own, as a server on another machine has, so only the client's threads
    /// and wake-ups are measured.
    static let ownThread = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// - Parameter server: HTTP/1.1 by default; the WebSocket driver's upgrades its connections.
    static func start(_ router: Router<BasicRequestContext>, server: HTTPServerBuilder = .http1(), label: String)
        async throws -> (baseURL: String, task: Task<Void, any Error>) {
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "explorer-bench.\(label)")
        logger.logLevel = .critical
        let app = Application(router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            task.cancel()
            throw BenchFailure("the \(label) server did not start")
        }
        return ("http://127.0.0.1:\(bound)/", task)
    }
}
