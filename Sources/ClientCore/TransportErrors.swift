import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Maps what NIO and AsyncHTTPClient throw to ClientCore's kinds, by error code, never by text.
enum TransportErrors {
    static func classify(_ error: any Error, url: URL, timeout: TimeInterval) -> HTTPError {
        if let error = error as? HTTPError { return error }
        let host = url.host ?? "the server"
        let target = "\(host):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
        let kind = kind(of: error)
        let message: String
        switch kind {
        case .connectionRefused: message = "connection refused by \(target)"
        case .connectionReset: message = "connection to \(target) was closed before the response was complete"
        case .timeout: message = "no answer from \(target) within \(Backoff.seconds(timeout))"
        case .dns: message = "cannot resolve host \(host)"
        case .tls: message = tlsMessage(error, target: target)
        case .cancelled: message = "cancelled"
        case .invalidURL: message = "invalid URL \(url.absoluteString)"
        default: message = "transport error talking to \(target): \(error)"
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
                 .getConnectionFromPoolTimeout:
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

    private static func kind(errno code: Int32) -> HTTPError.Kind {
        switch code {
        case ECONNREFUSED: return .connectionRefused
        case ECONNRESET, EPIPE, ECONNABORTED: return .connectionReset
        case ETIMEDOUT: return .timeout
        case EHOSTUNREACH, ENETUNREACH: return .connectionRefused
        default: return .transport
        }
    }

    private static func tlsMessage(_ error: any Error, target: String) -> String {
        let detail = String(describing: error)
        if detail.contains("CERTIFICATE_VERIFY_FAILED") || detail.lowercased().contains("certificate") {
            let selfSigned = detail.lowercased().contains("self") ? " (it looks self-signed)" : ""
            return "TLS: the certificate of \(target) is not trusted\(selfSigned); use --insecure to accept any certificate or --cacert FILE to trust its CA"
        }
        return "TLS handshake with \(target) failed: \(detail)"
    }
}
