import Foundation
import Locking
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// One WebSocket handshake on the wire (RFC 6455 §4): a connection (TLS for `wss`), the upgrade
/// request — the prepared request's headers, as every attempt sends them —, and then either an
/// upgraded channel of frames or the server's refusal read as an ordinary response. NIO's
/// upgrader checks `Sec-WebSocket-Accept`; `WebSocketHandshake` checks the rest.
enum WebSocketConnector {
    /// A connection the server agreed to upgrade.
    struct Upgraded: Sendable {
        let channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
        let head: RawResponse
        let agreement: WebSocketHandshake
    }

    enum Outcome: Sendable {
        case upgraded(Upgraded)
        /// Not a 101: the answer, body and all.
        case refused(RawResponse)
    }

    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, HTTPResponseHead)
        case notUpgraded(NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>)
    }

    /// The most of a refusal's body kept: it is shown, not saved.
    static let refusalBodyLimit = 1 << 20

    /// - Parameters:
    ///   - timeout: bounds the connection and the handshake, not what follows.
    ///   - maxFrame: the largest frame read (the message limit: a bigger frame is refused before it is buffered).
    static func connect(_ request: PreparedRequest, tls: TLSSettings, timeout: TimeInterval, maxFrame: Int) async throws(HTTPError) -> Outcome {
        let url = request.url
        guard let host = url.host, !host.isEmpty else { throw HTTPError(.invalidURL, "invalid WebSocket URL \(url.absoluteString): it has no host") }
        let secure = url.scheme?.lowercased() == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let offered = WebSocketHandshake.offeredProtocols(request.headers)
        let opened = Locked<(any Channel)?>(nil)
        do {
            let sslContext = secure ? try NIOSSLContext(configuration: tls.makeConfiguration()) : nil
            let head = requestHead(request, host: host, port: port, secure: secure)
            let nanoseconds = Seconds.nanoseconds(timeout)
            let outcome = try await withThrowingTaskGroup(of: Outcome?.self) { group in
                group.addTask {
                    let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                        .connectTimeout(.nanoseconds(Int64(nanoseconds)))
                        // A server that hangs up right after its first frames: the end of its input
                        // must not overtake frames that came in the same read as its 101.
                        .channelOption(.allowRemoteHalfClosure, value: true)
                        .connect(host: host, port: port) { channel in
                            opened.withLock { $0 = channel }
                            return channel.eventLoop.makeCompletedFuture {
                                if let sslContext {
                                    let handler = try NIOSSLClientHandler(context: sslContext, serverHostname: isIPAddress(host) ? nil : host)
                                    try channel.pipeline.syncOperations.addHandler(handler)
                                }
                                return try configureUpgrade(channel, head: head, maxFrame: maxFrame)
                            }
                        }
                    return try await read(upgrade.get(), offered: offered)
                }
                group.addTask {
                    try await Task.sleep(for: .nanoseconds(nanoseconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let outcome = first else {
                    try? await opened.withLock({ $0 })?.close()
                    throw HTTPError(.timeout, "the WebSocket handshake with \(host):\(port) took longer than \(Backoff.seconds(timeout))")
                }
                return outcome
            }
            return outcome
        } catch let error as HTTPError {
            throw error
        } catch let error as NIOHTTPClientUpgradeError where error == .upgraderDeniedUpgrade {
            throw HTTPError(.webSocket, "the server's Sec-WebSocket-Accept does not answer the key explorer sent (RFC 6455 §4.1)", status: 101)
        } catch let error as NIOHTTPClientUpgradeError where error == .responseProtocolNotFound {
            throw HTTPError(.webSocket, "the server's 101 does not say \"Upgrade: websocket\" (RFC 6455 §4.1)", status: 101)
        } catch let refusal as WebSocketHandshake.Refusal {
            throw HTTPError(.webSocket, refusal.reason, status: 101)
        } catch {
            if Task.isCancelled || error is CancellationError { throw .cancelled() }
            throw TransportErrors.classify(error, url: url.withScheme(webSocket: false), timeout: timeout)
        }
    }

    private static func requestHead(_ request: PreparedRequest, host: String, port: Int, secure: Bool) -> HTTPRequestHead {
        var headers = NIOHTTP1.HTTPHeaders()
        if !request.headers.contains("Host") {
            let shown = host.contains(":") ? "[\(host)]" : host
            headers.add(name: "Host", value: port == (secure ? 443 : 80) ? shown : "\(shown):\(port)")
        }
        for header in request.headers { headers.add(name: header.name, value: header.value) }
        if !request.headers.contains("Sec-WebSocket-Extensions") { headers.add(name: "Sec-WebSocket-Extensions", value: PerMessageDeflate.offer) }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? "/"
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: (path.isEmpty ? "/" : path) + query, headers: headers)
    }

    private static func configureUpgrade(_ channel: any Channel, head: HTTPRequestHead, maxFrame: Int) throws -> EventLoopFuture<Upgrade> {
        // In front of the HTTP decoder (after TLS): see InputClosedLatch.
        let handler = InputClosedLatch()
        try channel.pipeline.syncOperations.addHandler(handler)
        let latch = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
            maxFrameSize: min(maxFrame, Int(UInt32.max)),
            // Broken frames are the conversation's to answer (with its own close codes and events).
            enableAutomaticErrorHandling: false,
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let frames = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel)
                    latch.value.release()
                    return .upgraded(frames, head)
                }
            })
        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    let answer = try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    latch.value.release()
                    return .notUpgraded(answer)
                }
            })
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
        // Frames that come in the same read as the 101 are the conversation's first, not leftovers to drop.
        pipeline.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
    }

    private static func read(_ upgrade: Upgrade, offered: [String]) async throws -> Outcome {
        switch upgrade {
        case .upgraded(let channel, let head):
            let headers = HTTPHeaders(head.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
            do {
                let agreement = try WebSocketHandshake.read(headers, offered: offered)
                let raw = RawResponse(status: Int(head.status.code), headers: headers, httpVersion: "1.1", body: ResponseBody(Data()),
                                      bytes: 0, streamed: 0, sunk: false)
                return .upgraded(Upgraded(channel: channel, head: raw, agreement: agreement))
            } catch {
                // RFC 6455 §4.1: fail the connection; nothing is sent on it.
                try? await channel.channel.close()
                throw error
            }
        case .notUpgraded(let channel):
            return .refused(try await channel.executeThenClose { inbound, _ in
                var head: HTTPResponseHead?
                var body = Data()
                var bytes = 0
                for try await part in inbound {
                    switch part {
                    case .head(let received): head = received
                    case .body(let chunk):
                        bytes += chunk.readableBytes
                        if body.count < refusalBodyLimit { body.append(contentsOf: chunk.readableBytesView.prefix(refusalBodyLimit - body.count)) }
                    case .end: break
                    }
                    if case .end = part { break }
                }
                guard let head else { throw HTTPError(.emptyResponse, "the server closed the connection without answering the WebSocket handshake") }
                return RawResponse(status: Int(head.status.code), headers: HTTPHeaders(head.headers.map { HTTPHeader(name: $0.name, value: $0.value) }),
                                   httpVersion: "\(head.version.major).\(head.version.minor)", body: ResponseBody(body),
                                   bytes: bytes, streamed: 0, sunk: false)
            })
        }
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
