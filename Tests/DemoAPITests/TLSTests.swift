import AsyncHTTPClient
import DemoAPI
import Foundation
import Testing

@Suite struct TLSTests {
    @Test func servesHTTPSWithAGivenCertificate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demoapi-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try makeSelfSignedCertificate(certificate: certificate, key: key)

        try await withDemoServer(tls: DemoTLS(certificatePEMPath: certificate, privateKeyPEMPath: key)) { server, client in
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

    private func makeSelfSignedCertificate(certificate: String, key: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
            "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl failed")
    }
}
