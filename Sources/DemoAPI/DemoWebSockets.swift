import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import HummingbirdWSCompression
import Logging
import NIOCore
import RequestModel

/// The demo API's WebSockets (SPEC §12), on hummingbird-websocket: `/ws/echo` sends every message
/// back, `/ws/clock` ticks once a second, `/ws/chat` (subprotocol `chat.v1`) passes each text to
/// everyone in the room. permessage-deflate is offered; the server pings every 30 s.
enum DemoWebSockets {
    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    static let chatProtocol = "chat.v1"
    /// The largest message the demo takes (a test sends 16 MiB ones).
    static let maxMessage = 32 << 20

    static let summary: [(path: String, description: String)] = [
        ("/ws/echo", "WebSocket: every message sent back as it came, text or binary"),
        ("/ws/clock?interval_ms=M", "WebSocket: {\"tick\":n,\"time\":…} every M ms (default 1000)"),
        ("/ws/chat", "WebSocket, subprotocol chat.v1: each text goes to everyone connected as {\"from\":id,\"text\":…}"),
    ]

    static var configuration: HTTP1WebSocketUpgradeChannel.Configuration {
        .init(ws: WebSocketServerConfiguration(maxFrameSize: maxMessage, extensions: [.perMessageDeflate(maxDecompressedFrameSize: maxMessage)],
                                               autoPing: .enabled(timePeriod: .seconds(30)), validateUTF8: true))
    }

    /// Which requests become WebSockets; the rest (a plain GET of `/ws/echo` too) go to the responder.
    static func shouldUpgrade(_ request: HTTPRequest, chat: DemoChat) -> ShouldUpgradeResult<Handler> {
        let uri = URI(request.path ?? "/")
        switch uri.path {
        case "/ws/echo": return .upgrade([:], echo)
        case "/ws/clock":
            let interval = max(10, Int(uri.queryParameters.get("interval_ms") ?? "") ?? 1000)
            return .upgrade([:], clock(every: interval))
        case "/ws/chat":
            let offered = request.headerFields[values: .secWebSocketProtocol].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard offered.contains(chatProtocol) else {
                // Said in a close a client shows, rather than a bare 400 from the upgrade.
                return .upgrade([:]) { _, outbound, _ in
                    try await outbound.close(.policyViolation, reason: "the chat speaks \(chatProtocol): offer it (--subprotocol \(chatProtocol))")
                }
            }
            return .upgrade([.secWebSocketProtocol: chatProtocol], chat.handler)
        default: return .dontUpgrade
        }
    }

    /// A plain request to a WebSocket path: 426, and what to do instead.
    static func refusal(_ call: DemoCall) -> Response {
        let advice = call.path == "/ws/chat"
            ? "open it as a WebSocket offering subprotocol \(chatProtocol) (explorer send --subprotocol \(chatProtocol) ws://…/ws/chat)"
            : "open it as a WebSocket (explorer send ws://…\(call.path))"
        var headers = HTTPFields()
        headers[.upgrade] = "websocket"
        headers[.contentType] = "application/json"
        return Response(status: .upgradeRequired, headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: "{\"error\":\"\(call.path) is a WebSocket: \(advice)\"}")))
    }

    private static let echo: Handler = { inbound, outbound, _ in
        for try await message in inbound.messages(maxSize: maxMessage) {
            switch message {
            case .text(let text): try await outbound.write(.text(text))
            case .binary(let bytes): try await outbound.write(.binary(bytes))
            }
        }
    }

    private static func clock(every milliseconds: Int) -> Handler {
        { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var tick = 0
                    while true {
                        try await Task.sleep(for: .milliseconds(milliseconds))
                        tick += 1
                        let time = Date().formatted(.iso8601)
                        try await outbound.write(.text("{\"tick\":\(tick),\"time\":\"\(time)\"}"))
                    }
                }
                // What the client sends is read (and ignored) so its close is seen.
                for try await _ in inbound.messages(maxSize: maxMessage) {}
                group.cancelAll()
            }
        }
    }
}

/// The chat room of `/ws/chat`: who is in it, and each text passed to all of them.
actor DemoChat {
    private var members: [Int: WebSocketOutboundWriter] = [:]
    private var nextID = 1

    nonisolated var handler: DemoWebSockets.Handler {
        { inbound, outbound, _ in
            let id = await self.join(outbound)
            defer { Task { await self.leave(id) } }
            try await outbound.write(.text("{\"you\":\(id),\"members\":\(await self.count)}"))
            for try await message in inbound.messages(maxSize: DemoWebSockets.maxMessage) {
                guard case .text(let text) = message else { continue }
                await self.broadcast(from: id, text)
            }
        }
    }

    private var count: Int { members.count }

    private func join(_ outbound: WebSocketOutboundWriter) -> Int {
        defer { nextID += 1 }
        members[nextID] = outbound
        return nextID
    }

    private func leave(_ id: Int) {
        members[id] = nil
    }

    private func broadcast(from id: Int, _ text: String) async {
        var line = "{\"from\":\(id),\"text\":"
        JSONText.quote(text, into: &line)
        line += "}"
        for member in members.values {
            try? await member.write(.text(line))
        }
    }
}
