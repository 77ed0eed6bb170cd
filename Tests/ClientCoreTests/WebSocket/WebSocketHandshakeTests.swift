import NIOCore
import Testing
@testable import ClientCore

/// RFC 6455 §4.1's checks of the server's answer and RFC 7692 §7.1's of its permessage-deflate
/// parameters: what the client agrees to, and what it must fail.
@Suite struct WebSocketHandshakeTests {
    static let upgrade: HTTPHeaders = ["Upgrade": "websocket", "Connection": "Upgrade"]

    @Test func aPlainAnswerAgreesToNothingMore() throws {
        let agreement = try WebSocketHandshake.read(Self.upgrade, offered: [])
        #expect(agreement == WebSocketHandshake())
        #expect(try WebSocketHandshake.read(["Connection": "keep-alive, Upgrade"], offered: []) == WebSocketHandshake(), "a list with upgrade in it")
    }

    @Test func theConnectionHeaderMustSayUpgrade() {
        #expect(throws: WebSocketHandshake.Refusal.self) { try WebSocketHandshake.read(["Connection": "keep-alive"], offered: []) }
    }

    @Test func onlyAnOfferedSubprotocolMayBeChosen() throws {
        var answer = Self.upgrade
        answer["Sec-WebSocket-Protocol"] = "chat.v1"
        #expect(try WebSocketHandshake.read(answer, offered: ["chat.v2", "chat.v1"]).chosenProtocol == "chat.v1")
        #expect(throws: WebSocketHandshake.Refusal.self) { try WebSocketHandshake.read(answer, offered: []) }
        #expect(throws: WebSocketHandshake.Refusal.self) { try WebSocketHandshake.read(answer, offered: ["chat.v2"]) }
        #expect(WebSocketHandshake.offeredProtocols(["Sec-WebSocket-Protocol": "a, b"]) == ["a", "b"])
    }

    @Test func permessageDeflateParametersAreReadOrRefused() throws {
        #expect(try PerMessageDeflate.agreed(nil) == nil)
        #expect(try PerMessageDeflate.agreed("permessage-deflate") == PerMessageDeflate())
        let agreed = try #require(try PerMessageDeflate.agreed("permessage-deflate; server_no_context_takeover; client_no_context_takeover; client_max_window_bits=\"10\"; server_max_window_bits=9"))
        #expect(agreed.serverNoContextTakeover && agreed.clientNoContextTakeover && agreed.clientMaxWindowBits == 10)
        for refused in ["x-webkit-deflate-frame", "permessage-deflate, permessage-deflate", "permessage-deflate; client_max_window_bits=16",
                        "permessage-deflate; server_max_window_bits", "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
                        "permessage-deflate; unknown=1", "permessage-deflate; client_max_window_bits=08"] {
            #expect(throws: PerMessageDeflate.Refusal.self, "\(refused)") { try PerMessageDeflate.agreed(refused) }
        }
        var answer = Self.upgrade
        answer["Sec-WebSocket-Extensions"] = "permessage-foo"
        #expect(throws: WebSocketHandshake.Refusal.self) { try WebSocketHandshake.read(answer, offered: []) }
    }

    /// What the deflater sends, the inflater reads, message after message (the window carried over
    /// or reset, as agreed).
    @Test(arguments: [false, true])
    func deflatedMessagesInflateAgain(noContextTakeover: Bool) throws {
        var agreement = PerMessageDeflate()
        (agreement.clientNoContextTakeover, agreement.serverNoContextTakeover) = (noContextTakeover, noContextTakeover)
        let deflater = try #require(MessageDeflater(agreement))
        var inflater = try MessageInflater(agreement)
        for round in 0..<3 {
            let text = String(repeating: "explorer watches an HTTP client decide, round \(round). ", count: 20)
            let compressed = try #require(deflater.deflate(ByteBuffer(string: text)))
            #expect(compressed.readableBytes < text.utf8.count / 4)
            let inflated = try inflater.inflate(compressed, final: true, limit: 1 << 20)
            #expect(String(buffer: inflated) == text)
        }
        #expect(deflater.deflate(ByteBuffer(string: "tiny")) == nil, "a small message goes uncompressed")
        var eightBits = PerMessageDeflate()
        eightBits.clientMaxWindowBits = 8
        #expect(MessageDeflater(eightBits) == nil, "zlib's raw deflate cannot keep to an 8-bit window")
    }
}
