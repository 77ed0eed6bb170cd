import Foundation
import Locking
import NIOCore
import NIOPosix
import NIOSSL

/// Why a server's certificate failed verification. BoringSSL says only CERTIFICATE_VERIFY_FAILED
/// and NIOSSL does not hand out the verification result, where curl names the cause (expired,
/// self-signed, unknown issuer). So after such a failure, and only then, a second handshake that
/// verifies nothing fetches the certificate, and the cause is read from the certificate itself.
enum CertificateDiagnosis {
    enum Cause: Equatable {
        case expired(since: Date)
        case notYetValid(until: Date)
        case selfSigned
        case unknownIssuer
    }

    /// The failure with a message that names the cause, when the certificate can be fetched.
    static func explain(_ failure: HTTPError, url: URL, timeout: TimeInterval) async -> HTTPError {
        guard !Task.isCancelled, let host = url.host, let target = TransportErrors.endpoint(of: url) else { return failure }
        let port = url.port ?? 443
        guard let leaf = await leafCertificate(host: host, port: port, timeout: timeout) else { return failure }
        var explained = failure
        explained.message = message(cause(of: leaf, now: Date()), target: target)
        return explained
    }

    static func cause(of leaf: NIOSSLCertificate, now: Date) -> Cause {
        let notAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
        let notBefore = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
        if notAfter < now { return .expired(since: notAfter) }
        if notBefore > now { return .notYetValid(until: notBefore) }
        return leaf.subjectName == leaf.issuerName ? .selfSigned : .unknownIssuer
    }

    static func message(_ cause: Cause, target: String) -> String {
        let options = "use --insecure to accept any certificate or --cacert FILE to trust its CA"
        switch cause {
        case .expired(let since):
            return "TLS: the certificate of \(target) has expired (it was valid until \(format(since))); \(options)"
        case .notYetValid(let until):
            return "TLS: the certificate of \(target) is not valid yet (it is valid from \(format(until))); check this machine's clock"
        case .selfSigned:
            return "TLS: the certificate of \(target) is self-signed and not trusted; \(options)"
        case .unknownIssuer:
            return "TLS: the certificate of \(target) is not trusted (no CA this client trusts signed it); \(options)"
        }
    }

    private static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// The server's certificate, from a handshake that the client breaks off once it has it.
    static func leafCertificate(host: String, port: Int, timeout: TimeInterval) async -> NIOSSLCertificate? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        // Not `.none`: with no verification at all NIOSSL never calls the callback below.
        configuration.certificateVerification = .noHostnameVerification
        guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
        let leaf = Locked<NIOSSLCertificate?>(nil)
        // SNI takes names only.
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let limit = TimeAmount.nanoseconds(Int64(Seconds.nanoseconds(max(timeout, 0.001))))
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(limit)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName,
                                                          customVerificationCallback: { (chain: [NIOSSLCertificate], verdict: EventLoopPromise<NIOSSLVerificationResult>) in
                        leaf.withLock { $0 = chain.first }
                        verdict.succeed(.failed)
                    })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else { return nil }
        // The refusal above ends the handshake and closes the channel; a silent server is cut off.
        let cutOff = channel.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        cutOff.cancel()
        return leaf.withLock { $0 }
    }
}
