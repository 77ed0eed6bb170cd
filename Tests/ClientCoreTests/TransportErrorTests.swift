import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore
import NIOSSL
import Testing
@testable import ClientCore

/// Each transport failure is named by its real cause and the host:port at fault, as curl names it.
/// Causes that loopback can produce are produced for real; the others are mapped directly
/// (`ExplorerCLITests.SendUnreachableTests` produces the unreachable ones in a network namespace).
@Suite struct TransportErrorTests {
    let target = URL(string: "http://192.0.2.1:8080/x")!

    @Test func errnoCodesMapToTheirKinds() {
        #expect(TransportErrors.kind(errno: ECONNREFUSED) == .connectionRefused)
        for code in [EHOSTUNREACH, ENETUNREACH, EACCES, EPERM] {
            #expect(TransportErrors.kind(errno: code) == .unreachable, "errno \(code)")
        }
        for code in [ECONNRESET, EPIPE, ECONNABORTED] {
            #expect(TransportErrors.kind(errno: code) == .connectionReset, "errno \(code)")
        }
        #expect(TransportErrors.kind(errno: ETIMEDOUT) == .timeout)
        #expect(TransportErrors.kind(errno: EINVAL) == .transport)
    }

    @Test func anUnreachableHostIsNotARefusal() {
        let cases: [(Int32, String)] = [
            (EHOSTUNREACH, "192.0.2.1:8080 is unreachable: no route to host"),
            (ENETUNREACH, "192.0.2.1:8080 is unreachable: no route to its network"),
            (EACCES, "192.0.2.1:8080 is unreachable: a route or firewall rule on this machine forbids connecting"),
        ]
        for (code, message) in cases {
            let error = TransportErrors.classify(IOError(errnoCode: code, reason: "connect"), url: target, timeout: 1)
            #expect(error.kind == .unreachable)
            #expect(error.message == message)
            #expect(ClientEvent.TransportFailureKind(error.kind) == .unreachable)
        }
        // Like a refusal, it proves the request never left, and a retry may find the route back.
        let unreachable = HTTPError(.unreachable, "")
        #expect(unreachable.provesRequestNeverLeft && unreachable.isRetriableTransportFailure)
    }

    @Test func theMessagesNameTheCauseAndTheEndpoint() {
        func message(_ error: any Error, _ url: String = "https://api.test/x", proxy: String? = nil) -> String {
            TransportErrors.classify(error, url: URL(string: url)!, proxy: proxy.flatMap(URL.init(string:)), timeout: 2).message
        }
        #expect(message(IOError(errnoCode: ECONNRESET, reason: "read")) == "connection reset by api.test:443")
        #expect(message(HTTPClientError.remoteConnectionClosed) == "connection to api.test:443 was closed before the response was complete")
        #expect(message(HTTPClientError.connectTimeout) == "cannot connect to api.test:443 within 2s")
        #expect(message(HTTPClientError.readTimeout, "http://[::1]:81/") == "no answer from [::1]:81 within 2s")
        #expect(message(IOError(errnoCode: ETIMEDOUT, reason: "connect")) == "the connection to api.test:443 timed out (the system gave up waiting for it)")
        #expect(message(HTTPClientError.tlsHandshakeTimeout) == "no TLS handshake with api.test:443 within 2s")
        #expect(message(NIOSSLExtraError.failedToValidateHostname)
            == "TLS: the certificate of api.test:443 is not valid for api.test (no subject name matches it); use the name it was issued for, or --insecure to accept any certificate")
        // Through a proxy, failing to connect is the proxy's failure, and the message says so.
        let proxy = "http://127.0.0.1:3128"
        #expect(message(IOError(errnoCode: ECONNREFUSED, reason: "connect"), proxy: proxy) == "connection refused by proxy 127.0.0.1:3128")
        #expect(message(HTTPClientError.connectTimeout, proxy: proxy) == "cannot connect to proxy 127.0.0.1:3128 within 2s")
        #expect(message(HTTPClientError.httpProxyHandshakeTimeout, proxy: proxy)
            == "proxy 127.0.0.1:3128 did not open a tunnel to api.test:443 within 2s")
        #expect(message(HTTPClientError.invalidProxyResponse, proxy: proxy)
            == "proxy 127.0.0.1:3128 refused to open a tunnel to api.test:443 (its answer to CONNECT was not 2xx)")
        #expect(message(IOError(errnoCode: EINVAL, reason: "connect")) == "cannot talk to api.test:443: Invalid argument (errno 22)")
    }

    /// The first attempt's transport failure of a GET sent through `proxy`.
    func failureThrough(proxy: String) async -> AttemptRecord.TransportFailure? {
        var configuration = HTTPClient.Configuration()
        configuration.proxy = .explicit(URL(string: proxy)!)
        let client = HTTPClient(configuration: configuration)
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "http://api.test:8080/x")) }
        await client.shutdown()
        return error?.attempts.first?.transportFailure
    }

    @Test func aProxyThatIsNotListeningIsNamed() async throws {
        let failure = await failureThrough(proxy: "http://127.0.0.1:1")
        #expect(failure?.kind == .connectionRefused)
        #expect(failure?.message == "connection refused by proxy 127.0.0.1:1")
    }

    @Test func aProxyThatCannotBeResolvedIsNamed() async throws {
        let failure = await failureThrough(proxy: "http://no-such-proxy.invalid:3128")
        #expect(failure?.kind == .dns)
        #expect(failure?.message == "cannot resolve the proxy's host no-such-proxy.invalid")
    }

    @Test func aProxyThatRefusesTheTunnelIsNamed() async throws {
        for (refusal, words) in [("403 Forbidden", "refused to open a tunnel to api.test:8080"), ("407 Proxy Authentication Required", "asks for credentials (407)")] {
            let proxy = try TunnelProxy(backendPort: 1, refusal: refusal)
            var configuration = HTTPClient.Configuration()
            configuration.proxy = .explicit(URL(string: "http://127.0.0.1:\(proxy.port)")!)
            let client = HTTPClient(configuration: configuration)
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "http://api.test:8080/x")) }
            let message = error?.attempts.first?.transportFailure?.message ?? ""
            #expect(message.hasPrefix("proxy 127.0.0.1:\(proxy.port) \(words)"), "\(message)")
            await client.shutdown()
            proxy.stop()
        }
    }

    @Test func aResetMidBodyNamesTheServer() async throws {
        try await withDemo { server, client in
            let error = await expectFailure { try await client.send(HTTPRequest(.get, "drop")) }
            let failure = error?.attempts.first?.transportFailure
            #expect(failure?.kind == .connectionReset)
            #expect(failure?.message.contains("127.0.0.1:\(server.port)") == true, "\(failure?.message ?? "")")
        }
    }
}
