import ClientCore
import DemoAPI
import Foundation
import Testing
import TestSupport

/// A temporary directory, removed by `remove()`.
struct TestDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh demo server, a temporary directory and a scenario key of its own,
/// always cleaning up.
func withDemo(tls: DemoTLS? = nil, _ body: (DemoServer, TestDirectory, String) async throws -> Void) async throws {
    let directory = try TestDirectory()
    let server = try await DemoServer.start(tls: tls)
    let key = "cli-\(UUID().uuidString.prefix(12).lowercased())"
    do {
        try await body(server, directory, key)
    } catch {
        await server.shutdown()
        directory.remove()
        throw error
    }
    await server.shutdown()
    directory.remove()
}

/// A `--events` file, parsed line by line.
struct EventLines {
    let lines: [String]
    let objects: [[String: Any]]

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try self.init(text: text)
    }

    init(text: String) throws {
        lines = text.split(separator: "\n").map(String.init)
        objects = try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw BadLine(line: line)
            }
            return object
        }
    }

    func named(_ name: String) -> [[String: Any]] { objects.filter { $0["event"] as? String == name } }
    func count(_ name: String) -> Int { named(name).count }
    var names: [String] { objects.compactMap { $0["event"] as? String } }

    struct BadLine: Error, CustomStringConvertible {
        let line: String
        var description: String { "not a JSON object: \(line)" }
    }
}

/// The body the demo server sends for `path`, fetched with ClientCore as the reference.
func referenceBody(_ url: String) async throws -> Data {
    let client = HTTPClient()
    do {
        let response = try await client.send(HTTPRequest(.get, url))
        await client.shutdown()
        return response.body.data
    } catch {
        await client.shutdown()
        throw error
    }
}

/// Polls `condition` every 20 ms until it holds or `seconds` (scaled) pass.
func eventually(within seconds: Double, _ condition: () -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(TestTime.scaled(seconds))
    while Date() < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

/// A throwaway self-signed certificate for 127.0.0.1, made with openssl.
func makeSelfSignedCertificate(in directory: TestDirectory) async throws -> DemoTLS {
    try DemoTLS.makeSelfSigned(in: directory.url)
}
