import ClientEvents
import RequestModel

/// What a recorded WebSocket conversation asks of its replay (SPEC §12): the outgoing messages in
/// their order and pacing, then how it ended. Pacing is kept relative to what each message
/// followed — the incoming messages before it and the step before it — so a reply is not sent
/// before what it answers has arrived, however fast or slow the server is this time.
public struct WebSocketScript: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        /// How many incoming messages came before it: the replay waits for as many.
        public var afterIncoming: Int
        /// The pause between what it followed (that incoming message, or the step before) and it.
        public var pauseMs: Double
        public var content: WebSocketReport.Message.Content
    }

    public enum Ending: Sendable, Equatable {
        /// The user closed it, as a step would go: after `afterIncoming` messages and the pause.
        case client(code: Int, reason: String, afterIncoming: Int, pauseMs: Double)
        /// The server closed it, or the connection dropped: the replay waits for the same, `afterMs`
        /// after the opening in the recording.
        case server(afterMs: Double)
    }

    public var steps: [Step]
    public var ending: Ending
    /// The incoming messages, in order: what `--check` compares.
    public var incoming: [WebSocketReport.Message.Content]
    /// How the last connection closed.
    public var closed: WebSocketReport.Closed?

    /// A WebSocket exchange written by hand (nothing recorded yet): open it, then close it with 1000.
    public static let openAndClose = WebSocketScript(steps: [], ending: .client(code: 1000, reason: "", afterIncoming: 0, pauseMs: 0),
                                                    incoming: [], closed: nil)

    public init(steps: [Step], ending: Ending, incoming: [WebSocketReport.Message.Content], closed: WebSocketReport.Closed?) {
        self.steps = steps
        self.ending = ending
        self.incoming = incoming
        self.closed = closed
    }

    /// The script of a recorded exchange; nil when it opened no WebSocket.
    public init?(events: [ClientEvent]) {
        guard let opened = events.first(where: { if case .wsOpened = $0.kind { true } else { false } }) else { return nil }
        var steps: [Step] = []
        var incoming: [WebSocketReport.Message.Content] = []
        var closed: WebSocketReport.Closed?
        var closedAt = opened.tMs
        var anchor = opened.tMs
        for event in events where event.tMs >= opened.tMs {
            switch event.kind {
            case .wsMessage(let message) where message.direction == .incoming:
                incoming.append(message.content)
                anchor = event.tMs
            case .wsMessage(let message):
                steps.append(Step(afterIncoming: incoming.count, pauseMs: max(0, event.tMs - anchor), content: message.content))
                anchor = event.tMs
            case .wsClosed(let ending):
                // A dropped connection that was reconnected is not the ending: the last close is.
                closed = ending
                closedAt = event.tMs
            default: break
            }
        }
        self.steps = steps
        self.incoming = incoming
        self.closed = closed
        if let closed, closed.by == .client {
            ending = .client(code: closed.code, reason: closed.reason, afterIncoming: incoming.count, pauseMs: max(0, closedAt - anchor))
        } else {
            ending = .server(afterMs: closedAt - opened.tMs)
        }
    }
}
