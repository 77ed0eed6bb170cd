import Foundation
import Locking
import NIOCore
import NIOHTTP1
import NIOPosix

/// RFC 8252's loopback redirect (SPEC §11): a listener on `127.0.0.1` that takes one
/// `GET /callback` bearing the grant's `state`. A request with a wrong or missing `state` is
/// answered 400 and the wait goes on; nothing else is served; after the first code or error
/// every request is answered 400.
final class LoopbackRedirect: Sendable {
    private let channel: any Channel
    private let outcomes: AsyncStream<AuthorizationCallback>
    let redirectURI: String

    private init(channel: any Channel, outcomes: AsyncStream<AuthorizationCallback>, port: Int) {
        self.channel = channel
        self.outcomes = outcomes
        redirectURI = "http://127.0.0.1:\(port)/callback"
    }

    /// Listens on `port` (0: any free one) for the redirect that carries `state`.
    static func start(port: Int, state: String) async throws -> LoopbackRedirect {
        let (outcomes, continuation) = AsyncStream.makeStream(of: AuthorizationCallback.self)
        let answered = Locked(false)
        let answer: @Sendable (HTTPRequestHead) -> (HTTPResponseStatus, String) = { head in
            guard head.method == .GET, let components = URLComponents(string: head.uri), components.path == "/callback" else {
                return (.notFound, "Not found.")
            }
            let callback = AuthorizationCallback(query: (components.queryItems ?? []).map { QueryItem($0.name, $0.value) }, state: state)
            if case .notOurs = callback { return (.badRequest, "This is not the sign-in explorer is waiting for.") }
            guard answered.withLock({ done in defer { done = true }; return !done }) else {
                return (.badRequest, "explorer already has its answer.")
            }
            continuation.yield(callback)
            continuation.finish()
            if case .failed(let error) = callback { return (.ok, "The sign-in failed (\(error.error)). You may close this window.") }
            return (.ok, "Signed in: you may close this window and return to explorer.")
        }
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(CallbackHandler(answer: answer))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        return LoopbackRedirect(channel: channel, outcomes: outcomes, port: channel.localAddress?.port ?? port)
    }

    /// The code the redirect brought; throws the server's error, or `expired_token` when
    /// nothing came within `timeout` seconds.
    func code(timeout: TimeInterval) async throws -> String {
        let outcomes = outcomes
        let callback = try await withThrowingTaskGroup(of: AuthorizationCallback?.self) { group in
            group.addTask {
                for await outcome in outcomes { return outcome }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        switch callback {
        case .code(let code)?: return code
        case .failed(let error)?: throw error
        case .notOurs?, nil:
            try Task.checkCancellation()
            throw OAuthError("expired_token", detail: "no sign-in came back to \(redirectURI) within \(Int(timeout)) s")
        }
    }

    func close() async {
        try? await channel.close()
    }
}

/// Answers each request on a connection with what `answer` says, then closes it.
private final class CallbackHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let answer: @Sendable (HTTPRequestHead) -> (HTTPResponseStatus, String)
    private var head: HTTPRequestHead?

    init(answer: @escaping @Sendable (HTTPRequestHead) -> (HTTPResponseStatus, String)) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            let (status, text) = answer(head)
            let page = "<!doctype html><title>explorer</title><p>\(text)</p>\n"
            var headers = NIOHTTP1.HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            headers.add(name: "Content-Length", value: String(page.utf8.count))
            headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: page)))), promise: nil)
            let written = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
