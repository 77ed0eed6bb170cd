import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The demo API, served in-process on a loopback port for tests, the TUI's first run and benchmarks.
public final class DemoServer: Sendable {
    /// The port actually bound (the free port picked when started with port 0).
    public let port: Int
    /// Always ends with "/", so relative paths can simply be appended.
    public let baseURL: String

    let scenarios: DemoScenarios
    private let pauses: DemoPauses
    private let services: ServiceGroup
    private let runTask: Task<Void, Never>

    private init(port: Int, baseURL: String, scenarios: DemoScenarios, pauses: DemoPauses, services: ServiceGroup, runTask: Task<Void, Never>) {
        self.port = port
        self.baseURL = baseURL
        self.scenarios = scenarios
        self.pauses = pauses
        self.services = services
        self.runTask = runTask
    }

    /// Starts listening and returns once the socket is bound; port 0 picks a free port.
    /// - Parameter threads: the event loops it serves on; NIO's shared ones by default. A benchmark
    ///   gives it loops of its own, as a server on another machine has its own threads.
    public static func start(host: String = "127.0.0.1", port: Int = 0, tls: DemoTLS? = nil,
                             threads: (any EventLoopGroup)? = nil) async throws -> DemoServer {
        let scenarios = DemoScenarios()
        let pauses = DemoPauses()
        let serverBuilder: HTTPServerBuilder
        // HTTP/1.1 connections may upgrade to the demo's WebSockets (HTTP/2 ones may not: RFC 8441 is not served).
        let chat = DemoChat()
        let http1: HTTPServerBuilder = .http1WebSocketUpgrade(configuration: DemoWebSockets.configuration) { request, _, _ in
            DemoWebSockets.shouldUpgrade(request, chat: chat)
        }
        if let tls, tls.offersHTTP2 {
            serverBuilder = try .http2Upgrade(tlsConfiguration: tls.makeServerConfiguration())
        } else if let tls {
            serverBuilder = try .tls(http1, tlsConfiguration: tls.makeServerConfiguration())
        } else {
            serverBuilder = http1
        }
        let startup = StartupSignal()
        let app = Application(
            responder: DemoResponder(scenarios: scenarios, pauses: pauses),
            server: serverBuilder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in startup.resolve(.success(channel.localAddress?.port ?? port)) },
            eventLoopGroupProvider: threads.map { .shared($0) } ?? .singleton,
            logger: DemoServer.silentLogger
        )
        // Run as a service so shutdown can be graceful: cancelling a Hummingbird server while a
        // connection is being accepted trips a precondition in NIO (a writer dropped unfinished).
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: DemoServer.silentLogger))
        let runTask = Task {
            do {
                try await services.run()
                startup.resolve(.failure(DemoServerError.stoppedBeforeListening))
            } catch {
                // A bind failure lands here before `onServerRunning` ever fires.
                startup.resolve(.failure(error))
            }
        }
        let boundPort: Int
        do {
            boundPort = try await startup.wait()
        } catch {
            runTask.cancel()
            await runTask.value
            throw error
        }
        let scheme = tls == nil ? "http" : "https"
        return DemoServer(
            port: boundPort,
            baseURL: "\(scheme)://\(urlHost(host)):\(boundPort)/",
            scenarios: scenarios,
            pauses: pauses,
            services: services,
            runTask: runTask
        )
    }

    /// How many `/auth/refresh` calls issued a token for `key`.
    public func refreshCount(key: String) async -> Int {
        await scenarios.refreshCount(key: key)
    }

    /// How many tokens `/oauth/token` issued for `grantType` (`refresh_token`, `client_credentials`, …).
    public func oauthTokensIssued(grantType: String) async -> Int {
        await scenarios.oauth.tokensIssued[grantType] ?? 0
    }

    /// How many requests for `key` hit `path` or a path below it ("/flaky" counts "/flaky/3").
    public func requestCount(path: String, key: String) async -> Int {
        await scenarios.requestCount(pathPrefix: path, key: key)
    }

    /// Stops listening at once and ends the routes' waits, so slow responses in flight finish
    /// now. The cutoff, which cancels the server outright, is for a body nobody reads.
    public func shutdown() async {
        await services.triggerGracefulShutdown()
        pauses.stopAll()
        let runTask = self.runTask
        let cutoff = Task {
            try await Task.sleep(for: .seconds(5))
            runTask.cancel()
        }
        await runTask.value
        cutoff.cancel()
    }

    /// A server dropped without `shutdown()` still stops listening (without waiting for it).
    deinit {
        runTask.cancel()
    }

    /// The server must never write to stdout/stderr (it runs underneath the TUI).
    private static let silentLogger = Logger(label: "DemoAPI", factory: { _ in SwiftLogNoOpLogHandler() })

    private static func urlHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0": "127.0.0.1"
        case "::": "[::1]"
        default: host.contains(":") ? "[\(host)]" : host
        }
    }
}

enum DemoServerError: Error, CustomStringConvertible {
    case stoppedBeforeListening
    case certificateNotMade(String)

    var description: String {
        switch self {
        case .stoppedBeforeListening: "the demo API stopped before it was listening"
        case .certificateNotMade(let directory): "openssl could not make a certificate in \(directory)"
        }
    }
}
