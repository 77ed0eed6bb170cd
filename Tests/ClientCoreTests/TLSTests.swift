import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// HTTPS against an in-process server with a certificate made by the test.
@Suite struct TLSTests {
    func withTLSServer(offersHTTP2: Bool = true, _ body: (DemoServer, DemoTLS) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clientcore-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var tls = try DemoTLS.makeSelfSigned(in: directory)
        tls.offersHTTP2 = offersHTTP2
        let server = try await DemoServer.start(tls: tls)
        do {
            try await body(server, tls)
            await server.shutdown()
        } catch {
            await server.shutdown()
            throw error
        }
    }

    func client(_ server: DemoServer, _ tls: TLSSettings) throws -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.tls = tls
        return try HTTPClient(baseURL: server.baseURL, configuration: configuration)
    }

    @Test func aSelfSignedCertificateIsRefusedWithKindTLS() async throws {
        try await withTLSServer { server, _ in
            let client = try client(server, TLSSettings())
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            let failure = error?.attempts.first?.transportFailure
            #expect(failure?.kind == .tls)
            #expect(failure?.message.contains("not trusted") == true)
            await client.shutdown()
        }
    }

    @Test func insecureAcceptsItAndHTTP2IsNegotiated() async throws {
        try await withTLSServer { server, _ in
            let client = try client(server, TLSSettings(insecure: true))
            let response = try await client.send(HTTPRequest(.get, "status/200"))
            #expect(response.status == 200)
            #expect(response.httpVersion == "HTTP/2")
            #expect(response.events.contains { if case .responseReceived(_, _, _, _, "HTTP/2") = $0.kind { true } else { false } })
            await client.shutdown()
        }
    }

    @Test func aCAFileAcceptsItAndHTTP11StillWorks() async throws {
        try await withTLSServer(offersHTTP2: false) { server, tls in
            let client = try client(server, TLSSettings(caFile: tls.certificatePEMPath))
            let response = try await client.send(HTTPRequest(.get, "status/200"))
            #expect(response.status == 200 && response.httpVersion == "HTTP/1.1")
            await client.shutdown()
        }
    }

    @Test func anUnreadableCAFileIsNamed() async throws {
        try await withTLSServer { server, _ in
            let client = try client(server, TLSSettings(caFile: "/nonexistent/ca.pem"))
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            #expect(error?.kind == .tls)
            #expect(error?.message.contains("/nonexistent/ca.pem") == true)
            await client.shutdown()
        }
    }
}
