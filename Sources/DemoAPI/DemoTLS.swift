import NIOSSL

/// PEM files for serving the demo API over HTTPS (tests use a throwaway self-signed pair).
public struct DemoTLS: Sendable {
    public let certificatePEMPath: String
    public let privateKeyPEMPath: String

    public init(certificatePEMPath: String, privateKeyPEMPath: String) {
        self.certificatePEMPath = certificatePEMPath
        self.privateKeyPEMPath = privateKeyPEMPath
    }

    /// Loads the files now, so a bad path fails `DemoServer.start` instead of the first handshake.
    func makeServerConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePEMPath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: privateKeyPEMPath, format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    }
}
