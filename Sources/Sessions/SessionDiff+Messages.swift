import ClientEvents
import RequestModel

/// Comparing a WebSocket conversation (SPEC §12): the incoming messages — their count, then each
/// in order, text exactly and JSON structurally with `check.ignore` — then how it closed.
/// Pings and pongs are the connection's, not the conversation's: not compared.
extension SessionDiff {
    static func compareMessages(expected: Session.Exchange, actual: Session.Exchange, check: Session.Check, limit: Int) -> [Difference] {
        guard let wanted = WebSocketScript(events: expected.events) else { return [] }
        let got = WebSocketScript(events: actual.events)
        var differences: [Difference] = []
        func add(_ place: Difference.Place, _ text: String) { differences.append(Difference(place: place, description: text)) }
        let received = got?.incoming ?? []
        if wanted.incoming.count != received.count {
            add(.messages, "messages in: expected \(wanted.incoming.count), got \(received.count)")
        }
        let queries = check.ignore.compactMap { try? JSONPath($0) }
        for (index, (left, right)) in zip(wanted.incoming, received).enumerated() where differences.count < limit {
            differences += compare(left, right, ignoring: queries, limit: limit - differences.count).map {
                Difference(place: .message(index + 1), description: "message \(index + 1) in: \($0)")
            }
        }
        if let closed = wanted.closed, let now = got?.closed, closed.code != now.code || closed.by != now.by {
            add(.closed, "closed: expected \(closed.code) by the \(closed.by), got \(now.code) by the \(now.by)")
        }
        return differences
    }

    /// How one message differs: its kind, its JSON places, or its text or bytes.
    private static func compare(_ wanted: WebSocketReport.Message.Content, _ got: WebSocketReport.Message.Content,
                                ignoring queries: [JSONPath], limit: Int) -> [String] {
        switch (wanted, got) {
        case (.text(let left), .text(let right)):
            if let expected = JSONNode.parse(left), let actual = JSONNode.parse(right), expected.isContainer, actual.isContainer {
                return JSONDiff.compare(expected: expected, actual: actual, ignoring: queries, limit: limit).map(\.description)
            }
            return left == right ? [] : ["expected \(preview(left)), got \(preview(right))"]
        case (.binary(let left), .binary(let right)):
            return left == right ? [] : ["expected \(left.count) bytes, got \(right.count) bytes that differ"]
        default:
            return ["expected a \(WebSocketReport.Message(direction: .incoming, content: wanted).kind) message, "
                + "got a \(WebSocketReport.Message(direction: .incoming, content: got).kind) one"]
        }
    }
}

private extension JSONNode {
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
