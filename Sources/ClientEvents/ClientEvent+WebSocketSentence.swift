/// SPEC §12's WebSocket steps said to a person, the same words in the timeline and on stderr.
extension ClientEvent.Kind {
    /// The sentence for a `ws.*` event but a message (the message log shows those); nil for any other.
    public var webSocketSentence: String? {
        switch self {
        case let .wsOpened(_, chosen, extensions):
            var sentence = "WebSocket open"
            if !chosen.isEmpty { sentence += ", subprotocol \(chosen)" }
            if !extensions.isEmpty { sentence += ", " + extensions.joined(separator: ", ") }
            return sentence
        case let .wsPing(direction, bytes):
            return "ping \(direction == .incoming ? "from the server" : "sent"), \(bytes) B"
        case let .wsPong(direction, bytes):
            return "pong \(direction == .incoming ? "from the server" : "sent"), \(bytes) B"
        case let .wsClosed(closed):
            let by = switch closed.by {
            case .server: "closed by the server"
            case .client: "closed by explorer"
            case .transport: "dropped without a close"
            }
            let reason = closed.reason.isEmpty ? "" : " (\(closed.reason))"
            return "\(by) with \(closed.code)\(reason); \(closed.messagesIn) in, \(closed.messagesOut) out"
        default:
            return nil
        }
    }
}
