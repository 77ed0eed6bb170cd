import DemoAPI
import Foundation
import Testing
import TestSupport

/// SPEC §12 through `send ws://…`, against the demo's WebSockets and a frame-level server: stdin's
/// lines out, messages to stdout as they come, the limits, the subprotocol, `--echo`, and the exit
/// status a close decides.
@Suite struct SendWebSocketTests {
    static func webSocketURL(_ server: DemoServer, _ path: String) -> String {
        server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + path
    }

    @Test func stdinLinesGoOutAndEchoesComeBackWithTheirEvents() async throws {
        try await withDemo { server, directory, _ in
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(["send", "--events", events, Self.webSocketURL(server, "ws/echo")], in: directory,
                                                        stdin: "hello\n{\"a\": 1}\nκόσμε\n")
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText == "hello\n{\"a\": 1}\nκόσμε\n")
            #expect(outcome.stderrText.contains("WebSocket closed 1000 by client · 3 in · 3 out"))
            let lines = try EventLines(path: events)
            #expect(lines.names.first == "attempt.started" && lines.names.last == "exchange.completed")
            let opened = try #require(lines.named("ws.opened").first)
            #expect(opened["url"] as? String == Self.webSocketURL(server, "ws/echo"))
            #expect((opened["extensions"] as? [String])?.first?.hasPrefix("permessage-deflate") == true, "deflate offered and agreed")
            let messages = lines.named("ws.message")
            #expect(messages.filter { $0["direction"] as? String == "in" }.compactMap { $0["data"] as? String } == ["hello", "{\"a\": 1}", "κόσμε"])
            #expect(messages.filter { $0["direction"] as? String == "out" }.count == 3)
            #expect(messages.allSatisfy { $0["kind"] as? String == "text" })
            let closed = try #require(lines.named("ws.closed").first)
            #expect(closed["code"] as? Int == 1000 && closed["by"] as? String == "client" && closed["messages_in"] as? Int == 3)
        }
    }

    @Test func listenWithMaxMessagesTakesTheClocksTicksAndEndsWell() async throws {
        try await withDemo { server, directory, _ in
            let outcome = try await ExplorerProcess.run(["send", "--listen", "--max-messages", "3", Self.webSocketURL(server, "ws/clock?interval_ms=20")],
                                                        in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            let ticks = outcome.stdoutText.split(separator: "\n")
            #expect(ticks.count == 3)
            #expect(ticks.first?.hasPrefix("{\"tick\":1,") == true && ticks.last?.hasPrefix("{\"tick\":3,") == true)
        }
    }

    @Test func maxTimeClosesAnOpenWebSocketWithExitZero() async throws {
        try await withDemo { server, directory, _ in
            let outcome = try await ExplorerProcess.run(["send", "--listen", "--max-time", "1", Self.webSocketURL(server, "ws/clock?interval_ms=50")],
                                                        in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText.split(separator: "\n").count >= 2)
        }
    }

    @Test func theChatSpeaksItsSubprotocolAndSaysSoWhenItIsNotOffered() async throws {
        try await withDemo { server, directory, _ in
            let events = directory.path("events.jsonl")
            let outcome = try await ExplorerProcess.run(["send", "--subprotocol", "chat.v1", "--message", "hi all", "--listen", "--max-messages", "2",
                                                         "--events", events, Self.webSocketURL(server, "ws/chat")], in: directory)
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText.contains("\"text\":\"hi all\""))
            #expect(try EventLines(path: events).named("ws.opened").first?["protocol"] as? String == "chat.v1")

            let refused = try await ExplorerProcess.run(["send", "--listen", Self.webSocketURL(server, "ws/chat")], in: directory)
            #expect(refused.status == 1)
            #expect(refused.stderrText.contains("closed it with 1008") && refused.stderrText.contains("--subprotocol chat.v1"), "\(refused.stderrText)")
        }
    }

    @Test func binaryStdinIsOneMessageAndHexIsALine() async throws {
        try await withDemo { server, directory, _ in
            let outcome = try await ExplorerProcess.run(["send", "--binary-stdin", "--binary-as", "hex", Self.webSocketURL(server, "ws/echo")],
                                                        in: directory, stdin: "ab\n")
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText == "61620a\n")
        }
    }

    @Test func websocketOpensARelativeOrHTTPURLAsWS() async throws {
        try await withDemo { server, directory, _ in
            let outcome = try await ExplorerProcess.run(["send", "--websocket", server.baseURL + "ws/echo"], in: directory, stdin: "over http\n")
            #expect(outcome.status == 0, "\(outcome.stderrText)")
            #expect(outcome.stdoutText == "over http\n")
        }
    }

    @Test func aRefusedHandshakeShowsTheAnswerAndFails() async throws {
        let server = try FrameServer([.answer("HTTP/1.1 403 Forbidden\r\nContent-Length: 22\r\n\r\n{\"error\":\"no entry\"}\n\n")])
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run(["send", "--listen", server.url], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderrText.contains("HTTP 403"), "\(outcome.stderrText)")
        #expect(outcome.stdoutText.contains("{\"error\":\"no entry\"}"), "the refusal's body: \(outcome.stdoutText)")
    }

    @Test func echoSendsEveryMessageBackAndAServerCloseDecidesTheExitStatus() async throws {
        let server = try FrameServer([.accept(), .send(FrameServer.text("one")), .send(FrameServer.frame(0x2, [0, 1, 2])), .readMessages(2),
                                      .send(FrameServer.close(4001, "bye now")), .readClose])
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run(["send", "--echo", "--listen", server.url], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderrText.contains("the server closed it with 4001: bye now"), "\(outcome.stderrText)")
        let frames = await server.framesUntilClose()
        #expect(frames.map(\.opcode) == [0x1, 0x2, 0x8])
        #expect(frames.first?.payload == Array("one".utf8) && frames[1].payload == [0, 1, 2])
        #expect(frames.allSatisfy { $0.masked })
    }

    @Test func aProtocolViolationClosesWith1002AndExitsOne() async throws {
        let server = try FrameServer([.accept(), .send(FrameServer.frame(0x1, [0x61], rsv: 0b100)), .readClose])
        defer { server.stop() }
        let directory = try TestDirectory()
        defer { directory.remove() }
        let outcome = try await ExplorerProcess.run(["send", "--listen", server.url], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderrText.contains("explorer closed it with 1002"), "\(outcome.stderrText)")
        #expect(await server.framesUntilClose().last?.closeCode == 1002)
    }

    @Test func webSocketOptionsNeedAWebSocketAndAreChecked() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let http = try await ExplorerProcess.run(["send", "--listen", "http://127.0.0.1:9/"], in: directory)
        #expect(http.status == 2 && http.stderrText.contains("need a ws:// or wss:// URL"), "\(http.stderrText)")
        let hex = try await ExplorerProcess.run(["send", "--binary-as", "base64", "ws://127.0.0.1:9/"], in: directory)
        #expect(hex.status == 2 && hex.stderrText.contains("the one form is hex"), "\(hex.stderrText)")
        let size = try await ExplorerProcess.run(["send", "--max-message", "lots", "ws://127.0.0.1:9/"], in: directory)
        #expect(size.status == 2 && size.stderrText.contains("--max-message"), "\(size.stderrText)")
    }
}
