import NIOCore

/// Holds back the end of the server's input while the handshake is decided. A server may send its
/// 101, its first frames (a close, say) and its FIN in one burst: NIO's HTTP decoder, told the
/// input ended while the upgrade is under way, drops the bytes it still holds, and the close would
/// read as a drop. So the end waits here, in front of the decoder, until the upgrade is done (it
/// then reaches the frame handlers after those frames) or refused (the decoder needs it to end a
/// body read to the close). An end before the response head is complete passes at once.
final class InputClosedLatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private static let headEnd: [UInt8] = [13, 10, 13, 10]
    private var context: ChannelHandlerContext?
    /// The bytes so far hold a complete response head (`\r\n\r\n`).
    private var headComplete = false
    /// How much of `\r\n\r\n` the bytes so far end with (a head's end may span reads).
    private var matched = 0
    private var held = false

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headComplete {
            for byte in unwrapInboundIn(data).readableBytesView {
                matched = byte == Self.headEnd[matched] ? matched + 1 : (byte == 13 ? 1 : 0)
                if matched == Self.headEnd.count {
                    headComplete = true
                    break
                }
            }
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event, headComplete {
            held = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The handshake is decided: the end, if it came, goes on to whatever follows the latch now,
    /// after what the pipeline has in hand this turn; the latch leaves. Call it on the event loop.
    func release() {
        guard let context else { return }
        context.eventLoop.assumeIsolated().execute {
            if self.held { context.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
