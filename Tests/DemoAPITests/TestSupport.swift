import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import TestSupport

/// A response read to the end.
struct Fetched: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers.first(name: name) }

    /// The body parsed with JSONSerialization, as a dictionary.
    func object() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(body))
        guard let object = value as? [String: Any] else { throw NotAnObject(text: text) }
        return object
    }

    struct NotAnObject: Error {
        let text: String
    }
}

/// Starts a demo server and a client, runs `body`, and always shuts both down.
func withDemoServer(
    tls: DemoTLS? = nil,
    followRedirects: Bool = false,
    _ body: (DemoServer, HTTPClient) async throws -> Void
) async throws {
    let server = try await DemoServer.start(tls: tls)
    var configuration = HTTPClient.Configuration(
        redirectConfiguration: followRedirects ? .follow(max: 10, allowCycles: false) : .disallow
    )
    if tls != nil {
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        tlsConfiguration.certificateVerification = .none
        configuration.tlsConfiguration = tlsConfiguration
    }
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    do {
        try await body(server, client)
    } catch {
        try? await client.shutdown()
        await server.shutdown()
        throw error
    }
    try await client.shutdown()
    await server.shutdown()
}

extension HTTPClient {
    /// Sends one request and collects the whole body.
    func fetch(
        _ url: String,
        method: HTTPMethod = .GET,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) async throws -> Fetched {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await execute(request, timeout: .seconds(Int64(TestTime.scaled(60))))
        let collected = try await response.body.collect(upTo: 512 * 1024 * 1024)
        return Fetched(status: Int(response.status.code), headers: response.headers, body: Array(collected.readableBytesView))
    }
}
