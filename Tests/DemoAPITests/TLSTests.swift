import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

@Suite struct TLSTests {
    @Test func servesHTTPSWithAGivenCertificate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demoapi-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tls = try DemoTLS.makeSelfSigned(in: directory)

        try await withDemoServer(tls: tls) { server, client in
            #expect(server.baseURL == "https://127.0.0.1:\(server.port)/")
            let response = try await client.fetch(server.baseURL + "status/200")
            #expect(response.status == 200)
            #expect(try response.object()["status"] as? Int == 200)
        }
    }

    @Test func missingCertificateFilesFailToStart() async throws {
        await #expect(throws: (any Error).self) {
            let server = try await DemoServer.start(tls: DemoTLS(certificatePEMPath: "/nonexistent/c.pem", privateKeyPEMPath: "/nonexistent/k.pem"))
            await server.shutdown()
        }
    }
}
