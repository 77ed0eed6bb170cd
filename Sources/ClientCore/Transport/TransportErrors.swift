import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Maps what NIO and AsyncHTTPClient throw to ClientCore's kinds, by error code, never by text,
/// with a message that names the cause and the host:port at fault, as curl's do.
enum TransportErrors {
    /// - Parameter proxy: the proxy the attempt went through: a failure to connect is the proxy's, not the server's.
    static func classify(_ error: any Error, url: URL, proxy: URL? = nil, timeout: TimeInterval) -> HTTPError {
        if let error = error as? HTTPError { return error }
        let host = url.host ?? "the server"
        let target = endpoint(of: url) ?? host
        // Whom the client connects to: the proxy when there is one.
        let peer = proxy.map { "proxy " + (endpoint(of: $0) ?? $0.absoluteString) } ?? target
        let code = errno(in: error)
        let kind = kind(of: error)
        let message: String
        switch kind {
        case .connectionRefused: message = "connection refused by \(peer)"
        case .unreachable: message = unreachableMessage(peer: peer, errno: code)
        case .connectionReset: message = resetMessage(target: target, errno: code)
        case .timeout: message = timeoutMessage(error, target: target, peer: peer, timeout: timeout, errno: code)
        case .dns: message = proxy.map { "cannot resolve the proxy's host \($0.host ?? $0.absoluteString)" } ?? "cannot resolve host \(host)"
        case .tls: message = tlsMessage(error, host: host, target: target)
        case .cancelled: message = "cancelled"
        case .invalidURL: message = "invalid URL \(url.absoluteString)"
        default: message = otherMessage(error, target: target, peer: peer, errno: code)
        }
        return HTTPError(kind, message, underlying: error)
    }

    static func kind(of error: any Error) -> HTTPError.Kind {
        switch error {
        case is CancellationError:
            return .cancelled
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout, .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
                return .timeout
            case .remoteConnectionClosed, .bodyLengthMismatch, .uncleanShutdown:
                return .connectionReset
            case .cancelled:
                return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidURL
            default:
                return .transport
            }
        case let error as IOError:
            return kind(errno: error.errnoCode)
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return kind(of: first.error) }
            return error.dnsAError != nil || error.dnsAAAAError != nil ? .dns : .transport
        case let error as HTTPParserError:
            // The peer closed the connection before the body it announced was complete.
            return error == .invalidEOFState ? .connectionReset : .transport
        case is SocketAddressError:
            return .dns
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return .tls
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timeout
            case .ioOnClosedChannel, .eof, .alreadyClosed, .outputClosed, .inputClosed: return .connectionReset
            default: return .transport
            }
        default:
            return .transport
        }
    }

    static func kind(errno code: Int32) -> HTTPError.Kind {
        switch code {
        case ECONNREFUSED: return .connectionRefused
        case ECONNRESET, EPIPE, ECONNABORTED: return .connectionReset
        case ETIMEDOUT: return .timeout
        // EACCES and EPERM: a `prohibit` route or a firewall rule on this machine stops the connect.
        case EHOSTUNREACH, ENETUNREACH, EACCES, EPERM: return .unreachable
        default: return .transport
        }
    }

    /// `host:port`, the port the scheme's default when the URL has none.
    static func endpoint(of url: URL) -> String? {
        guard let host = url.host else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The system's error number under a NIO error, where there is one.
    static func errno(in error: any Error) -> Int32? {
        switch error {
        case let error as IOError: error.errnoCode
        case let error as NIOConnectionError: error.connectionErrors.lazy.compactMap { errno(in: $0.error) }.first
        default: nil
        }
    }

    static func unreachableMessage(peer: String, errno code: Int32?) -> String {
        switch code {
        case ENETUNREACH: "\(peer) is unreachable: no route to its network"
        case EACCES, EPERM: "\(peer) is unreachable: a route or firewall rule on this machine forbids connecting"
        default: "\(peer) is unreachable: no route to host"
        }
    }

    private static func resetMessage(target: String, errno code: Int32?) -> String {
        switch code {
        case ECONNRESET: "connection reset by \(target)"
        case EPIPE: "\(target) closed the connection while the request was being sent"
        default: "connection to \(target) was closed before the response was complete"
        }
    }

    private static func timeoutMessage(_ error: any Error, target: String, peer: String, timeout: TimeInterval, errno code: Int32?) -> String {
        let within = Backoff.seconds(timeout)
        // The system's own timeout (unanswered SYNs or retransmissions), not the client's.
        if code == ETIMEDOUT { return "the connection to \(peer) timed out (the system gave up waiting for it)" }
        switch error {
        case let error as HTTPClientError where error == .connectTimeout:
            return "cannot connect to \(peer) within \(within)"
        case let error as HTTPClientError where error == .httpProxyHandshakeTimeout:
            return "\(peer) did not open a tunnel to \(target) within \(within)"
        case let error as HTTPClientError where error == .tlsHandshakeTimeout:
            return "no TLS handshake with \(target) within \(within)"
        default:
            return "no answer from \(target) within \(within)"
        }
    }

    private static func otherMessage(_ error: any Error, target: String, peer: String, errno code: Int32?) -> String {
        switch error {
        case let error as HTTPClientError where error == .invalidProxyResponse:
            return "\(peer) refused to open a tunnel to \(target) (its answer to CONNECT was not 2xx)"
        case let error as HTTPClientError where error == .proxyAuthenticationRequired:
            return "\(peer) asks for credentials (407) to reach \(target); put them in the proxy URL (http://user:password@host:port)"
        default:
            if let code { return "cannot talk to \(peer): \(String(cString: strerror(code))) (errno \(code))" }
            return "transport error talking to \(target): \(error)"
        }
    }

    /// The certificate chain did not verify (expired, self-signed, unknown issuer: BoringSSL does not say which).
    /// Its reason code is not public: the reason's stable name is the one thing to match.
    static func isUnverifiedCertificate(_ error: any Error) -> Bool {
        error is NIOSSLError && String(describing: error).contains("CERTIFICATE_VERIFY_FAILED")
    }

    private static func tlsMessage(_ error: any Error, host: String, target: String) -> String {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "TLS: the certificate of \(target) is not valid for \(host) (no subject name matches it); use the name it was issued for, or --insecure to accept any certificate"
        }
        if isUnverifiedCertificate(error) {
            return "TLS: the certificate of \(target) is not trusted; use --insecure to accept any certificate or --cacert FILE to trust its CA"
        }
        return "TLS handshake with \(target) failed: \(error)"
    }
}
