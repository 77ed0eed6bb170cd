import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// HTTPS against an in-process server with a certificate made by the test.
@Suite struct TLSTests {
    func withTLSServer(offersHTTP2: Bool = true, certificate: (URL) throws -> DemoTLS = DemoTLS.makeSelfSigned(in:),
                       _ body: (DemoServer, DemoTLS) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clientcore-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var tls = try certificate(directory)
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

    /// A certificate for `subjectAltName` (e.g. "DNS:other.test"), self-signed or, `signedByACA`,
    /// signed by a throwaway CA nobody trusts; an `expired` one was valid until a day before it was made.
    static func makeCertificate(in directory: URL, subjectAltName: String, expired: Bool = false,
                                signedByACA: Bool = false) throws -> DemoTLS {
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let request = directory.appendingPathComponent("request.csr").path
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=test",
                     "-addext", "subjectAltName=\(subjectAltName)"])
        var signing = ["-signkey", key]
        if signedByACA {
            let ca = directory.appendingPathComponent("ca.pem").path
            let caKey = directory.appendingPathComponent("ca-key.pem").path
            try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", ca, "-days", "1", "-subj", "/CN=Throwaway CA"])
            signing = ["-CA", ca, "-CAkey", caKey, "-CAcreateserial"]
        }
        try openssl(["x509", "-req", "-in", request, "-out", certificate, "-days", expired ? "-1" : "1", "-copy_extensions", "copy"] + signing)
        return DemoTLS(certificatePEMPath: certificate, privateKeyPEMPath: key)
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
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
            #expect(failure?.message.hasPrefix("TLS: the certificate of 127.0.0.1:\(server.port) is self-signed and not trusted;") == true,
                    "\(failure?.message ?? "")")
            await client.shutdown()
        }
    }

    @Test func aCertificateForAnotherNameSaysSo() async throws {
        try await withTLSServer(certificate: { try Self.makeCertificate(in: $0, subjectAltName: "DNS:other.test") }) { server, tls in
            // Its CA is trusted: only the name is wrong (curl: "no alternative certificate subject name matches").
            let client = try client(server, TLSSettings(caFile: tls.certificatePEMPath))
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            let failure = error?.attempts.first?.transportFailure
            #expect(failure?.kind == .tls)
            #expect(failure?.message.hasPrefix("TLS: the certificate of 127.0.0.1:\(server.port) is not valid for 127.0.0.1 (no subject name matches it)") == true,
                    "\(failure?.message ?? "")")
            await client.shutdown()
        }
    }

    @Test func aCertificateFromAnUnknownCASaysSo() async throws {
        try await withTLSServer(certificate: { try Self.makeCertificate(in: $0, subjectAltName: "IP:127.0.0.1", signedByACA: true) }) { server, _ in
            // curl: "unable to get local issuer certificate".
            let client = try client(server, TLSSettings())
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            let failure = error?.attempts.first?.transportFailure
            #expect(failure?.kind == .tls)
            #expect(failure?.message.hasPrefix("TLS: the certificate of 127.0.0.1:\(server.port) is not trusted (no CA this client trusts signed it);") == true,
                    "\(failure?.message ?? "")")
            await client.shutdown()
        }
    }

    @Test func anExpiredCertificateSaysSo() async throws {
        try await withTLSServer(certificate: { try Self.makeCertificate(in: $0, subjectAltName: "IP:127.0.0.1", expired: true) }) { server, tls in
            // Trusted and for the right name, but past its date (curl: "certificate has expired").
            let client = try client(server, TLSSettings(caFile: tls.certificatePEMPath))
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "status/200")) }
            let failure = error?.attempts.first?.transportFailure
            #expect(failure?.kind == .tls)
            #expect(failure?.message.hasPrefix("TLS: the certificate of 127.0.0.1:\(server.port) has expired (it was valid until 20") == true,
                    "\(failure?.message ?? "")")
            await client.shutdown()
        }
    }

    @Test func insecureAcceptsItAndHTTP2IsNegotiated() async throws {
        try await withTLSServer { server, _ in
            let client = try client(server, TLSSettings(insecure: true))
            let response = try await client.send(HTTPRequest(.get, "status/200"))
            #expect(response.status == 200)
            #expect(response.httpVersion == "HTTP/2")
            #expect(response.events.contains { if case .responseReceived(_, _, _, _, "HTTP/2", _) = $0.kind { true } else { false } })
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
