import Foundation
import Locking
import TestSupport
import Testing
@testable import ClientCore

/// A WebSocket against a server that sends any frame (SPEC §12): the handshake checks, messages of
/// every size, fragments with pings between them, each failure rule answered with its close code
/// on the wire, server closes, drops and reconnects; every frame explorer sends masked.
@Suite struct WebSocketWireTests {
    typealias Step = FrameServer.Step

    /// What a conversation did: its outcome, what it received, its events.
    struct Talk {
        var result: Result<HTTPResponse, HTTPError>
        var received: [WebSocketMessage]
        var events: [ClientEvent]

        var closed: WebSocketReport.Closed? {
            if case .success(let response) = result { return response.webSocketClosed }
            return nil
        }
    }

    /// Opens `server`'s WebSocket, queues `messages` (then a close when `closes`), and talks until it ends.
    static func talk(to server: FrameServer, messages: [WebSocketMessage] = [], closes: Bool = false, maxRetries: Int = 0,
                     settings: WebSocketConversation.Settings = WebSocketConversation.Settings(),
                     headers: HTTPHeaders = [:]) async -> Talk {
        let client = HTTPClient()
        client.maxRetries = maxRetries
        client.validators = [HTTPDefaultValidator(strategy: .immediate)]
        let events = client.events()
        let received = Locked<[WebSocketMessage]>([])
        let conversation = WebSocketConversation(settings: settings) { message in received.withLock { $0.append(message) } }
        for message in messages { conversation.send(message) }
        if closes { conversation.close() }
        var request = HTTPRequest(.get, server.url)
        request.headers = headers
        let result: Result<HTTPResponse, HTTPError>
        do throws(HTTPError) {
            result = .success(try await client.open(request, conversation: conversation))
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        var seen: [ClientEvent] = []
        for await event in events { seen.append(event) }
        return Talk(result: result, received: received.withLock { $0 }, events: seen)
    }

    @Test func theHandshakeIsARequestWithTheKeyAndTheOffer() async throws {
        let server = try FrameServer([.accept(), .send(FrameServer.close(1000)), .readClose])
        defer { server.stop() }
        let talk = await Self.talk(to: server, headers: ["Sec-WebSocket-Protocol": "chat.v1", "X-Note": "mine"])
        let head = try #require(server.receivedHeads.first).lowercased()
        for line in ["get / http/1.1", "upgrade: websocket", "sec-websocket-version: 13", "sec-websocket-key: ",
                     "sec-websocket-protocol: chat.v1", "sec-websocket-extensions: permessage-deflate", "x-note: mine", "host: 127.0.0.1:"] {
            #expect(head.contains(line), "\(line)")
        }
        #expect(talk.closed == WebSocketReport.Closed(code: 1000, reason: "", by: .server, messagesIn: 0, messagesOut: 0))
        #expect(talk.events.map(\.name) == ["attempt.started", "response.received", "ws.opened", "ws.closed", "exchange.completed"])
    }

    @Test(arguments: [
        (Step.accept(acceptKey: "bm90IHRoZSBhbnN3ZXI="), "Sec-WebSocket-Accept"),
        (Step.accept(headers: ["Sec-WebSocket-Protocol: chat.v9"]), "subprotocol"),
        (Step.accept(headers: ["Sec-WebSocket-Extensions: x-unknown"]), "not offered"),
        (Step.answer("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: x\r\n\r\n"), "Sec-WebSocket-Accept"),
    ] as [(Step, String)])
    func anAnswerTheClientMustFailFailsWithNothingSent(answer: Step, says: String) async throws {
        let server = try FrameServer([answer, .readClose])
        defer { server.stop() }
        let talk = await Self.talk(to: server, messages: [.text("never sent")], headers: ["Sec-WebSocket-Protocol": "chat.v1"])
        guard case .failure(let error) = talk.result else { Issue.record("the handshake must fail"); return }
        #expect(error.kind == .webSocket)
        #expect(error.message.contains(says), "\(error.message)")
        #expect(server.receivedFrames.isEmpty, "nothing is sent on a connection the client failed")
    }

    @Test func aRefusedHandshakeIsAnOrdinaryResponse() async throws {
        let server = try FrameServer([.answer("HTTP/1.1 403 Forbidden\r\nContent-Length: 9\r\nContent-Type: text/plain\r\n\r\nno entry\n")])
        defer { server.stop() }
        let talk = await Self.talk(to: server)
        guard case .failure(let error) = talk.result else { Issue.record("a 403 must fail"); return }
        #expect(error.status == 403)
        #expect(error.body.map { String(decoding: $0.data, as: UTF8.self) } == "no entry\n")
        #expect(talk.events.contains { if case .responseReceived(_, 403, _, _, _, _) = $0.kind { true } else { false } })
    }

    /// Sizes at every length encoding's edge (7-bit, 16-bit, 64-bit), and 16 MiB.
    @Test func messagesOfEverySizeArriveIntact() async throws {
        let sizes = [0, 125, 126, 65_535, 65_536, 16 << 20]
        let payloads = sizes.map { size in (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) } }
        let server = try FrameServer([.accept()] + payloads.map { Step.send(FrameServer.frame(0x2, $0)) } + [.send(FrameServer.close(1000))])
        defer { server.stop() }
        var settings = WebSocketConversation.Settings()
        settings.maxMessage = 16 << 20
        let talk = await Self.talk(to: server, settings: settings)
        #expect(talk.received.count == sizes.count)
        for (message, payload) in zip(talk.received, payloads) {
            guard case .binary(let data) = message else { Issue.record("not binary"); continue }
            #expect(data.count == payload.count && data == Data(payload))
        }
    }

    /// A fragmented text with a ping between fragments: one message, the ping answered with its payload.
    @Test func fragmentsWithAPingBetweenAreOneMessageAndThePingIsAnswered() async throws {
        let server = try FrameServer([.accept(), .send(FrameServer.text("frag", fin: false)), .send(FrameServer.frame(0x9, Array("are you there".utf8))),
                                      .send(FrameServer.frame(0x0, [0xCE], fin: false)), .send(FrameServer.frame(0x0, [0xBA])),
                                      .pause(0.2), .send(FrameServer.close(1000)), .readClose])
        defer { server.stop() }
        let talk = await Self.talk(to: server)
        #expect(talk.received == [.text("fragκ")])
        let frames = await server.framesUntilClose()
        let pong = frames.first { $0.opcode == 0xA }
        #expect(pong?.payload == Array("are you there".utf8))
        #expect(talk.events.contains { $0.kind == .wsPing(direction: .incoming, bytes: 13) })
        #expect(talk.events.contains { $0.kind == .wsPong(direction: .outgoing, bytes: 13) })
        #expect(frames.last?.closeCode == 1000, "the server's close is answered with its code")
    }

    @Test(arguments: [
        (FrameServer.frame(0x1, [0x61], rsv: 0b010), 1002),
        (FrameServer.frame(0x3, []), 1002),
        (FrameServer.frame(0x9, [], fin: false), 1002),
        (FrameServer.frame(0x9, [UInt8](repeating: 0, count: 126)), 1002),
        (FrameServer.frame(0x0, [0x61]), 1002),
        (FrameServer.frame(0x1, [0x61], masked: true), 1002),
        (FrameServer.frame(0x8, [0x03]), 1002),
        (FrameServer.frame(0x8, [0x03, 0xEE]), 1002),
        (FrameServer.frame(0x1, [0x61, 0xC0, 0xAF], fin: false), 1007),
        (FrameServer.frame(0x2, [UInt8](repeating: 7, count: 2000)), 1009),
    ] as [([UInt8], Int)])
    func aBrokenFrameIsAnsweredWithItsCloseCodeOnTheWire(frame: [UInt8], code: Int) async throws {
        let server = try FrameServer([.accept(), .send(frame), .readClose])
        defer { server.stop() }
        var settings = WebSocketConversation.Settings()
        settings.maxMessage = 1000
        let talk = await Self.talk(to: server, settings: settings)
        #expect(await server.framesUntilClose().last?.closeCode == code)
        #expect(talk.closed?.code == code && talk.closed?.by == .client)
    }

    @Test func theServersCloseCodeAndReasonAreTheEnding() async throws {
        let server = try FrameServer([.accept(), .send(FrameServer.text("last words")), .send(FrameServer.close(4001, "gone fishing")), .readClose])
        defer { server.stop() }
        let talk = await Self.talk(to: server)
        #expect(talk.closed == WebSocketReport.Closed(code: 4001, reason: "gone fishing", by: .server, messagesIn: 1, messagesOut: 0))
        #expect(await server.framesUntilClose().last?.closeCode == 4001, "echoed")
    }

    /// A server that refuses at once: its 101, a message and its close in one write, then its FIN
    /// right behind them (the demo's chat without the subprotocol does this). The close is read,
    /// not taken for a drop.
    @Test func aCloseAndAnEndRightBehindThe101AreReadAsTheServersClose() async throws {
        for _ in 0..<20 {
            let server = try FrameServer([.accept(with: FrameServer.text("bye") + FrameServer.close(1008, "policy"))])
            defer { server.stop() }
            let talk = await Self.talk(to: server)
            #expect(talk.received == [.text("bye")])
            #expect(talk.closed?.code == 1008 && talk.closed?.by == .server && talk.closed?.reason == "policy", "\(talk.result)")
        }
    }

    @Test func everyFrameExplorerSendsIsMaskedAndInOrder() async throws {
        let server = try FrameServer([.accept(), .readMessages(3), .readClose])
        defer { server.stop() }
        let talk = await Self.talk(to: server, messages: [.text("one"), .binary(Data([1, 2, 3])), .text(String(repeating: "long ", count: 100))], closes: true)
        let frames = await server.framesUntilClose()
        #expect(frames.count == 4)
        #expect(frames.allSatisfy { $0.masked })
        #expect(frames.map(\.opcode) == [0x1, 0x2, 0x1, 0x8])
        #expect(frames.first?.payload == Array("one".utf8))
        #expect(talk.closed?.by == .client && talk.closed?.code == 1000 && talk.closed?.messagesOut == 3)
    }

    @Test func aDropWithoutACloseIsATransportErrorOrAReconnect() async throws {
        // A pause before the reset: a reset discards what the client has not read yet.
        let dropping = try FrameServer([.accept(), .send(FrameServer.text("a")), .pause(0.2), .drop])
        defer { dropping.stop() }
        let once = await Self.talk(to: dropping)
        guard case .failure(let error) = once.result else { Issue.record("a drop with no retries fails"); return }
        #expect(error.kind == .connectionReset)
        #expect(once.events.contains { if case .wsClosed(let closed) = $0.kind { closed.by == .transport && closed.code == 1006 } else { false } })

        let server = try FrameServer([[.accept(), .send(FrameServer.text("first")), .pause(0.2), .drop],
                                      [.accept(), .send(FrameServer.text("second")), .send(FrameServer.close(1000)), .readClose]])
        defer { server.stop() }
        let talk = await Self.talk(to: server, messages: [], maxRetries: 2)
        #expect(talk.received == [.text("first"), .text("second")])
        #expect(server.connectionCount == 2)
        let retries = talk.events.compactMap { event -> ClientEvent.DelaySource? in
            if case .retryScheduled(_, _, _, let source) = event.kind { source } else { nil }
        }
        #expect(retries == [.stream])
        #expect(talk.events.filter { $0.name == "attempt.started" }.count == 2)
    }
}
