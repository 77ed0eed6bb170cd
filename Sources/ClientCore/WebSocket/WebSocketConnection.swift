import ClientEvents
import Foundation
import Locking
import NIOCore
import NIOWebSocket

/// One connection of a conversation: reads frames through `WebSocketReader` and answers what they
/// ask (a pong for a ping, the close handshake, the close a broken frame earns), writes what the
/// caller queued, masked and deflated where agreed, pings on a timer, and says how it ended.
final class WebSocketConnection: Sendable {
    private struct State {
        var closeSent: WebSocketClose?
        var closeReceived: WebSocketClose?
        /// The server's close came before explorer sent one.
        var serverClosedFirst = false
        /// The close explorer failed the connection with.
        var failure: WebSocketClose?
        var messagesIn = 0
        var messagesOut = 0
    }

    private let settings: WebSocketConversation.Settings
    private let agreement: WebSocketHandshake
    private let emit: @Sendable (ClientEvent.Kind) -> Void
    private let state = Locked(State())

    init(settings: WebSocketConversation.Settings, agreement: WebSocketHandshake, emit: @escaping @Sendable (ClientEvent.Kind) -> Void) {
        self.settings = settings
        self.agreement = agreement
        self.emit = emit
    }

    typealias Outbound = NIOAsyncChannelOutboundWriter<WebSocketFrame>

    /// Reads until the connection ends; `write` (the caller's queue) and the pinger run beside it.
    /// - Parameter stopWriting: makes `write` return once what it is sending is sent.
    func talk(inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, outbound: Outbound, channel: any Channel,
              write: @escaping @Sendable (Outbound) async -> Void, stopWriting: @Sendable () -> Void,
              receive: @Sendable (WebSocketMessage) async -> Void) async -> WebSocketReport.Closed {
        // Not in the group: cancelling a task that waits on the caller's queue would end the queue.
        async let writing: Void = write(outbound)
        await withTaskGroup(of: Void.self) { group in
            if let interval = settings.pingInterval, interval > 0 {
                group.addTask { await self.ping(every: interval, outbound: outbound) }
            }
            await read(inbound, outbound: outbound, channel: channel, receive: receive)
            group.cancelAll()
        }
        // The reader is done: nothing more can be written.
        try? await channel.close()
        stopWriting()
        await writing
        return ended()
    }

    // MARK: Reading

    private func read(_ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, outbound: Outbound, channel: any Channel,
                      receive: @Sendable (WebSocketMessage) async -> Void) async {
        var reader = WebSocketReader(maxMessage: settings.maxMessage, inflater: agreement.deflate.flatMap { try? MessageInflater($0) })
        do {
            for try await frame in inbound {
                switch reader.read(frame) {
                case .more:
                    continue
                case .message(let message):
                    state.withLock { $0.messagesIn += 1 }
                    emit(.wsMessage(.init(direction: .incoming, content: message)))
                    await receive(message)
                    if settings.echo { _ = await send(message, outbound: outbound, deflater: nil) }
                case .ping(let payload):
                    emit(.wsPing(direction: .incoming, bytes: payload.readableBytes))
                    guard state.withLock({ $0.closeSent == nil }) else { continue }
                    try? await outbound.write(Self.masked(WebSocketFrame(fin: true, opcode: .pong, data: payload)))
                    emit(.wsPong(direction: .outgoing, bytes: payload.readableBytes))
                case .pong(let payload):
                    emit(.wsPong(direction: .incoming, bytes: payload.readableBytes))
                case .close(let close):
                    let echo = state.withLock { state -> Bool in
                        state.closeReceived = close
                        state.serverClosedFirst = state.closeSent == nil
                        return state.serverClosedFirst
                    }
                    // The server began it: answer with its code (none for none), then let it hang up.
                    if echo { await sendClose(close.code == WebSocketClose.noStatus ? nil : WebSocketClose(code: close.code), outbound: outbound) }
                    hangUp(channel, after: settings.closeTimeout)
                case .fail(let violation):
                    await fail(violation, channel: channel)
                    return
                }
            }
        } catch let error as NIOWebSocketError {
            let violation = switch error {
            case .invalidFrameLength: WebSocketClose(code: WebSocketClose.messageTooBig, reason: "a frame over \(settings.maxMessage) bytes")
            default: WebSocketClose(code: WebSocketClose.protocolError, reason: "\(error)")
            }
            await fail(violation, channel: channel)
        } catch {
            // The connection dropped (or was cut after a close); `ended` tells which.
        }
    }

    /// RFC 6455 §7.1.7: fail the connection — the close with its code, flushed to the wire before
    /// the connection is closed, and no more reading.
    private func fail(_ violation: WebSocketClose, channel: any Channel) async {
        state.withLock { $0.failure = $0.failure ?? violation }
        if let frame = closeFrame(violation) { try? await channel.writeAndFlush(frame) }
        try? await channel.close()
    }

    // MARK: Writing

    /// Sends one message the caller queued; false when the connection can take no more.
    func send(_ message: WebSocketMessage, outbound: Outbound, deflater: MessageDeflater?) async -> Bool {
        guard state.withLock({ $0.closeSent == nil }) else { return false }
        var frame: WebSocketFrame
        switch message {
        case .text(let text): frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
        case .binary(let data): frame = WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: data))
        }
        if let compressed = deflater?.deflate(frame.data) {
            frame.data = compressed
            frame.rsv1 = true
        }
        do {
            try await outbound.write(Self.masked(frame))
        } catch {
            return false
        }
        state.withLock { $0.messagesOut += 1 }
        emit(.wsMessage(.init(direction: .outgoing, content: message)))
        return true
    }

    /// The close the caller asked for; the server's answer (or the timeout) ends the connection.
    func close(_ close: WebSocketClose, outbound: Outbound, channel: any Channel) async {
        await sendClose(close, outbound: outbound)
        hangUp(channel, after: settings.closeTimeout)
    }

    /// Sends a close frame, once per connection (nil: one without a code).
    private func sendClose(_ close: WebSocketClose?, outbound: Outbound) async {
        guard let frame = closeFrame(close) else { return }
        try? await outbound.write(frame)
    }

    /// The close frame to send, once per connection (nil: one without a code); nil once one was sent.
    private func closeFrame(_ close: WebSocketClose?) -> WebSocketFrame? {
        let first = state.withLock { state -> Bool in
            guard state.closeSent == nil else { return false }
            state.closeSent = close ?? WebSocketClose(code: WebSocketClose.noStatus)
            return true
        }
        guard first else { return nil }
        var payload = ByteBuffer()
        if let close {
            payload.writeInteger(close.code)
            // A control frame holds 125 bytes: the reason is cut at a character boundary to fit.
            var reason = Substring(close.reason)
            while reason.utf8.count > 123 { reason = reason.dropLast() }
            payload.writeString(String(reason))
        }
        return Self.masked(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload))
    }

    private func ping(every interval: TimeInterval, outbound: Outbound) async {
        var count: UInt64 = 0
        while !Task.isCancelled {
            do { try await Task.sleep(for: .nanoseconds(Seconds.nanoseconds(interval))) } catch { return }
            guard state.withLock({ $0.closeSent == nil }) else { return }
            count += 1
            var payload = ByteBuffer()
            payload.writeInteger(count)
            do { try await outbound.write(Self.masked(WebSocketFrame(fin: true, opcode: .ping, data: payload))) } catch { return }
            emit(.wsPing(direction: .outgoing, bytes: payload.readableBytes))
        }
    }

    /// RFC 6455 §5.3: every frame a client sends is masked, with a fresh key.
    private static func masked(_ frame: WebSocketFrame) -> WebSocketFrame {
        var frame = frame
        frame.maskKey = .random()
        return frame
    }

    /// The server should hang up after the close handshake (§7.1.1); if it does not, explorer does.
    private func hangUp(_ channel: any Channel, after seconds: TimeInterval) {
        channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(Seconds.nanoseconds(seconds)))) {
            channel.close(promise: nil)
        }
    }

    // MARK: The ending

    /// How the connection ended: a close explorer failed it with, the close of whoever spoke first
    /// (the echo carries the same code), or a drop without one (1006, as §7.1.5 names it).
    func ended() -> WebSocketReport.Closed {
        state.withLock { state in
            let (close, by): (WebSocketClose, WebSocketReport.ClosedBy) =
                if let failure = state.failure { (failure, .client) }
                else if state.serverClosedFirst, let received = state.closeReceived { (received, .server) }
                else if let sent = state.closeSent { (sent, .client) }
                else { (WebSocketClose(code: 1006, reason: "the connection dropped without a close"), .transport) }
            return WebSocketReport.Closed(code: Int(close.code), reason: close.reason, by: by,
                                          messagesIn: state.messagesIn, messagesOut: state.messagesOut)
        }
    }
}
