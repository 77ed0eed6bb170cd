import NIOCore

/// Remembers that the server's side of the connection ended while the handshake was still being
/// upgraded, and tells the upgraded pipeline again once it is in place. A server may send its 101
/// and its FIN in one burst: the end of input passes NIO's upgrader at once and would reach no one,
/// leaving the conversation waiting for an end that already came. (Frames in that same burst may
/// be lost with NIO's HTTP decoder at the end of input: such a server's close reads as a drop.)
final class InputClosedLatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private var closed = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { closed = true }
        context.fireUserInboundEventTriggered(event)
    }

    /// After the frames the upgrader held back: the end of input again, if it came. Call it on the
    /// event loop once the upgraded handlers are added.
    static func replay(on channel: any Channel) {
        let pipeline = channel.pipeline
        channel.eventLoop.execute {
            guard let latch = try? pipeline.syncOperations.handler(type: InputClosedLatch.self) else { return }
            pipeline.syncOperations.removeHandler(latch, promise: nil)
            if latch.closed { pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        }
    }
}
