import ClientEvents
import Foundation
import Locking
import NIOCore
import NIOWebSocket

/// A WebSocket conversation (SPEC §12), over however many connections it takes: what the caller
/// sends goes out in order, what arrives is handed to `receive` as it comes (the next frame waits
/// until it returns), and every message, ping, pong and close is an event of the exchange that
/// opened it. `HTTPClient.open(_:conversation:)` makes the connections; a dropped one is
/// reconnected there, as a retry of source `stream`, with what was not yet sent still queued.
public final class WebSocketConversation: Sendable {
    public struct Settings: Sendable {
        /// The largest message taken (`--max-message`, 64 MiB by default): a bigger one closes with 1009.
        public var maxMessage = 64 << 20
        /// Ping the server this often (`--ping S`).
        public var pingInterval: TimeInterval?
        /// How long a close waits for the server's (and then for the server to hang up).
        public var closeTimeout: TimeInterval = 5
        /// Keep each message's event in the exchange's record (for a session); otherwise they are published only.
        public var recordsMessages = false
        /// Send every message received back unchanged, same kind (`--echo`): at once, from the
        /// reader, uncompressed (RFC 7692 lets any message go so, and the deflater stays the writer's).
        public var echo = false

        public init() {}
    }

    /// How one connection of the conversation ended.
    struct Ending: Sendable {
        var closed: WebSocketReport.Closed
        /// The caller asked for the close (nothing to reconnect for).
        var userClosed: Bool
        /// The message events, when `recordsMessages`.
        var recorded: [ClientEvent]
    }

    private enum Command: Sendable {
        case send(WebSocketMessage)
        case close(WebSocketClose)
        /// The connection of this number ended: its writer stops (later ones skip it).
        case stop(Int)
    }

    private struct State {
        var closeRequested: WebSocketClose?
        var recorded: [ClientEvent] = []
        /// Messages a dropped connection could not send: the next one sends them first.
        var carried: [WebSocketMessage] = []
        var connections = 0
    }

    public let settings: Settings
    private let receive: @Sendable (WebSocketMessage) async -> Void
    private let commands: AsyncStream<Command>
    private let queue: AsyncStream<Command>.Continuation
    private let state = Locked(State())

    public init(settings: Settings = Settings(), receive: @escaping @Sendable (WebSocketMessage) async -> Void) {
        self.settings = settings
        self.receive = receive
        (commands, queue) = AsyncStream.makeStream(of: Command.self)
    }

    /// Queues a message; it goes out once the connection is open, after those queued before it.
    public func send(_ message: WebSocketMessage) {
        queue.yield(.send(message))
    }

    /// Queues a close (after what is already queued): the conversation ends with it, and is not reconnected.
    public func close(code: UInt16 = WebSocketClose.normal, reason: String = "") {
        let close = WebSocketClose(code: code, reason: reason)
        state.withLock { $0.closeRequested = $0.closeRequested ?? close }
        queue.yield(.close(close))
    }

    /// Talks over one upgraded connection until it ends.
    func run(_ upgraded: WebSocketConnector.Upgraded, emit: @escaping @Sendable (ClientEvent.Kind) -> ClientEvent) async -> Ending {
        let connection = WebSocketConnection(settings: settings, agreement: upgraded.agreement, emit: { [state, settings] kind in
            let event = emit(kind)
            if settings.recordsMessages { state.withLock { $0.recorded.append(event) } }
        })
        let number = state.withLock { $0.connections += 1; return $0.connections }
        let channel = upgraded.channel.channel
        let write: @Sendable (WebSocketConnection.Outbound) async -> Void = { [self] outbound in
            await self.write(over: connection, number: number, outbound: outbound, channel: channel, agreement: upgraded.agreement)
        }
        let closed: WebSocketReport.Closed
        do {
            closed = try await withTaskExecutorPreference(EventLoopExecutor(channel.eventLoop)) {
                try await upgraded.channel.executeThenClose { inbound, outbound in
                    await connection.talk(inbound: inbound, outbound: outbound, channel: channel, write: write,
                                          stopWriting: { [queue] in queue.yield(.stop(number)) }, receive: receive)
                }
            }
        } catch {
            closed = connection.ended()
        }
        let (userClosed, recorded) = state.withLock { state in
            defer { state.recorded.removeAll() }
            return (state.closeRequested != nil, state.recorded)
        }
        return Ending(closed: closed, userClosed: userClosed, recorded: recorded)
    }

    /// Sends what was carried over, then the queue, until this connection stops or closes.
    private func write(over connection: WebSocketConnection, number: Int, outbound: WebSocketConnection.Outbound,
                       channel: any Channel, agreement: WebSocketHandshake) async {
        let deflater = agreement.deflate.flatMap(MessageDeflater.init)
        var carried = state.withLock { state in
            defer { state.carried.removeAll() }
            return state.carried
        }
        while !carried.isEmpty {
            guard await connection.send(carried[0], outbound: outbound, deflater: deflater) else {
                state.withLock { $0.carried = carried + $0.carried }
                return
            }
            carried.removeFirst()
        }
        for await command in commands {
            switch command {
            case .stop(let stopped):
                if stopped == number { return }
            case .send(let message):
                guard await connection.send(message, outbound: outbound, deflater: deflater) else {
                    state.withLock { $0.carried.append(message) }
                    return
                }
            case .close(let close):
                await connection.close(close, outbound: outbound, channel: channel)
                return
            }
        }
    }
}
