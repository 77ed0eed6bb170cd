import ArgumentParser
import DemoAPI
import Foundation

/// `explorer demo-server [--port N]`: the demo API alone on 127.0.0.1, until Ctrl-C or SIGTERM.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Run the demo API alone, on 127.0.0.1."
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535 (got \(port))")
        }
    }

    func run() async throws {
        let server: DemoServer
        do {
            server = try await DemoServer.start(host: "127.0.0.1", port: port)
        } catch {
            throw CLIError.failure("cannot start the demo API on 127.0.0.1:\(port): \(error)")
        }
        Console.out(Self.banner(baseURL: server.baseURL))
        _ = await SignalWatcher.wait(for: [SIGINT, SIGTERM])
        await server.shutdown()
    }

    static func banner(baseURL: String) -> String {
        let width = DemoRoutes.summary.map(\.path.count).max() ?? 0
        let routes = DemoRoutes.summary.map { route in
            "  " + route.path.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + route.description
        }
        return (["demo API listening on \(baseURL)", "routes:"] + routes + ["press Ctrl-C to stop", ""])
            .joined(separator: "\n")
    }
}
