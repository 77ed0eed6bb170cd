import Testing
@testable import ClientCore

/// RFC 6455 §5.5.1 and §7.4: the close payloads a client must refuse with 1002 or 1007, and what
/// a close means for `send` (SPEC §12).
@Suite struct WebSocketCloseTests {
    @Test func theCodesAFrameMayCarry() {
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999] {
            #expect(WebSocketClose.maySend(code), "\(code)")
        }
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] {
            #expect(!WebSocketClose.maySend(code), "\(code)")
        }
    }

    @Test func aClosePayloadIsReadOrRefused() {
        #expect(WebSocketClose.read([]) == .success(WebSocketClose(code: 1005)))
        #expect(WebSocketClose.read([0x03, 0xE8]) == .success(WebSocketClose(code: 1000)))
        #expect(WebSocketClose.read([0x03, 0xE9] + Array("bye".utf8)) == .success(WebSocketClose(code: 1001, reason: "bye")))
        #expect(WebSocketClose.read([0x03]) == .failure(WebSocketClose(code: 1002, reason: "a close payload of 1 byte")))
        #expect(WebSocketClose.read([0x03, 0xED]) == .failure(WebSocketClose(code: 1002, reason: "close code 1005 may not be sent")))
        #expect(WebSocketClose.read([0x03, 0xE8, 0xCE, 0xBA, 0xFE]) == .failure(WebSocketClose(code: 1007, reason: "the close reason is not UTF-8")))
        #expect(WebSocketClose.read([0x03, 0xE8, 0xE2, 0x82]) == .failure(WebSocketClose(code: 1007, reason: "the close reason is not UTF-8")),
                "a reason cut inside a code point")
    }

    @Test func only1000And1001AreClean() {
        #expect(WebSocketClose(code: 1000).isClean && WebSocketClose(code: 1001).isClean)
        #expect(!WebSocketClose(code: 1002).isClean && !WebSocketClose(code: 4000).isClean)
    }
}
