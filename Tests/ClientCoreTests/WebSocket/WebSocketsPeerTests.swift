import Foundation
import Locking
import TestSupport
import Testing
@testable import ClientCore

/// explorer's WebSocket client against a server nobody here wrote: the `websockets` package
/// (Tests/Peers/websockets_server.py), permessage-deflate included (SPEC §12).
@Suite struct WebSocketsPeerTests {
    /// Opens `path` on the peer, sends `messages` then a close (or waits for the server's), and returns what came back.
    static func talk(_ path: String, messages: [WebSocketMessage] = [], headers: HTTPHeaders = [:])
        async throws -> (response: HTTPResponse, received: [WebSocketMessage]) {
        let base = try await WebSocketsPeer.baseURL()
        let client = HTTPClient()
        let received = Locked<[WebSocketMessage]>([])
        let expected = messages.count
        let conversation = Locked<WebSocketConversation?>(nil)
        let talk = WebSocketConversation { message in
            let count = received.withLock { $0.append(message); return $0.count }
            if expected > 0, count == expected { conversation.withLock { $0 }?.close() }
        }
        conversation.withLock { $0 = talk }
        for message in messages { talk.send(message) }
        var request = HTTPRequest(.get, base + path)
        request.headers = headers
        return try await withCleanup {
            let response = try await client.open(request, conversation: talk)
            return (response, received.withLock { $0 })
        } cleanup: {
            await client.shutdown()
        }
    }

    @Test func messagesEchoThroughPermessageDeflateBothWays() async throws {
        let text = String(repeating: "a WebSocket is a conversation; ", count: 2_000)
        let random = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255) })
        let (response, received) = try await Self.talk("/echo", messages: [.text(text), .binary(random), .text("κόσμε"), .text("")])
        #expect(received == [.text(text), .binary(random), .text("κόσμε"), .text("")])
        let opened = response.events.compactMap { event -> [String]? in
            if case .wsOpened(_, _, let extensions) = event.kind { extensions } else { nil }
        }.first
        #expect(opened?.first?.hasPrefix("permessage-deflate") == true, "the peer agreed to deflate: \(String(describing: opened))")
        #expect(response.webSocketClosed == WebSocketReport.Closed(code: 1000, reason: "", by: .client, messagesIn: 4, messagesOut: 4))
    }

    @Test func withoutDeflateMessagesGoAsTheyAre() async throws {
        let (response, received) = try await Self.talk("/plain", messages: [.text(String(repeating: "x", count: 5_000))])
        #expect(received == [.text(String(repeating: "x", count: 5_000))])
        #expect(response.events.contains { $0.kind == .wsOpened(url: $0.kind.openedURL ?? "", protocol: "", extensions: []) })
    }

    @Test func theServersCloseAndItsBigMessageArrive() async throws {
        let (closing, _) = try await Self.talk("/close/4003")
        #expect(closing.webSocketClosed == WebSocketReport.Closed(code: 4003, reason: "closing as asked", by: .server, messagesIn: 0, messagesOut: 0))
        let (sending, received) = try await Self.talk("/bytes/200000")
        #expect(received == [.binary(Data((0..<200_000).map { UInt8($0 % 251) }))])
        #expect(sending.webSocketClosed?.by == .server && sending.webSocketClosed?.code == 1000)
    }

    @Test func theSubprotocolTheServerChoseIsTheOneInUse() async throws {
        let (response, received) = try await Self.talk("/protocols", headers: ["Sec-WebSocket-Protocol": "chat.v1, chat.v2"])
        #expect(received == [.text("chat.v2")])
        #expect(response.events.contains { if case .wsOpened(_, "chat.v2", _) = $0.kind { true } else { false } })
    }
}

extension ClientEvent.Kind {
    /// `ws.opened`'s URL, for comparing the rest.
    var openedURL: String? {
        if case .wsOpened(let url, _, _) = self { url } else { nil }
    }
}
