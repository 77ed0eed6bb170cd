import Foundation
import NIOSSL

/// PEM files for serving the demo API over HTTPS (tests use a throwaway self-signed pair).
public struct DemoTLS: Sendable {
    public let certificatePEMPath: String
    public let privateKeyPEMPath: String
    /// Offer HTTP/2 through ALPN besides HTTP/1.1, as real HTTPS servers do.
    public var offersHTTP2: Bool

    public init(certificatePEMPath: String, privateKeyPEMPath: String, offersHTTP2: Bool = true) {
        self.certificatePEMPath = certificatePEMPath
        self.privateKeyPEMPath = privateKeyPEMPath
        self.offersHTTP2 = offersHTTP2
    }

    /// A fresh self-signed certificate for 127.0.0.1 in `directory`, made with the openssl tool.
    public static func makeSelfSigned(in directory: URL) throws -> DemoTLS {
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
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
        guard process.terminationStatus == 0 else { throw DemoServerError.certificateNotMade(directory.path) }
        return DemoTLS(certificatePEMPath: certificate, privateKeyPEMPath: key)
    }

    /// Loads the files now, so a bad path fails `DemoServer.start` instead of the first handshake.
    func makeServerConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePEMPath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: privateKeyPEMPath, format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    }
}
