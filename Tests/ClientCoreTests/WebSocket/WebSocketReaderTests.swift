import Foundation
import NIOCore
import NIOWebSocket
import Testing
@testable import ClientCore

/// RFC 6455's receiving rules, frame by frame (SPEC §12): what each frame means, and the close each
/// broken one earns — the Autobahn testsuite's families (framing, pings, reserved bits, opcodes,
/// fragmentation, UTF-8, closing) as single frames.
@Suite struct WebSocketReaderTests {
    static func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true, rsv1: Bool = false, rsv2: Bool = false,
                      rsv3: Bool = false, masked: Bool = false) -> WebSocketFrame {
        WebSocketFrame(fin: fin, rsv1: rsv1, rsv2: rsv2, rsv3: rsv3, opcode: opcode, maskKey: masked ? [1, 2, 3, 4] : nil,
                       data: ByteBuffer(bytes: bytes))
    }

    /// The close code a sequence of frames ends with, or nil when none fails.
    static func failure(_ frames: [WebSocketFrame], maxMessage: Int = 1 << 20) -> UInt16? {
        var reader = WebSocketReader(maxMessage: maxMessage)
        for frame in frames {
            if case .fail(let close) = reader.read(frame) { return close.code }
        }
        return nil
    }

    @Test func aTextAndABinaryMessageArriveWhole() {
        var reader = WebSocketReader(maxMessage: 1 << 20)
        guard case .message(.text("hello")) = reader.read(Self.frame(.text, Array("hello".utf8))) else { Issue.record("no text"); return }
        guard case .message(.binary(let data)) = reader.read(Self.frame(.binary, [0, 255, 7])) else { Issue.record("no binary"); return }
        #expect(data == Data([0, 255, 7]))
        guard case .message(.text("")) = reader.read(Self.frame(.text, [])) else { Issue.record("an empty text is a message"); return }
    }

    /// Autobahn 5.x: fragments, with control frames between them, make one message.
    @Test func fragmentsWithPingsBetweenThemMakeOneMessage() {
        var reader = WebSocketReader(maxMessage: 1 << 20)
        guard case .more = reader.read(Self.frame(.text, Array("frag".utf8), fin: false)) else { Issue.record("first fragment"); return }
        guard case .ping(let ping) = reader.read(Self.frame(.ping, [9])) else { Issue.record("a ping between fragments"); return }
        #expect(ping.readableBytes == 1)
        guard case .more = reader.read(Self.frame(.continuation, Array("men".utf8), fin: false)) else { Issue.record("middle"); return }
        guard case .pong = reader.read(Self.frame(.pong, [])) else { Issue.record("a pong between fragments"); return }
        guard case .message(.text("fragments")) = reader.read(Self.frame(.continuation, Array("ts".utf8))) else { Issue.record("last"); return }
    }

    /// Autobahn 6.x: a code point split between fragments is fine; a bad byte fails at once, not at the end.
    @Test func textIsCheckedAsFragmentsArrive() {
        var reader = WebSocketReader(maxMessage: 1 << 20)
        _ = reader.read(Self.frame(.text, [0x68, 0xCE], fin: false))
        guard case .message(.text("hκ")) = reader.read(Self.frame(.continuation, [0xBA])) else { Issue.record("a split code point"); return }
        var early = WebSocketReader(maxMessage: 1 << 20)
        guard case .fail(let close) = early.read(Self.frame(.text, [0x68, 0xC0, 0xAF], fin: false)) else {
            Issue.record("the first fragment's bad byte must fail before the message ends"); return
        }
        #expect(close.code == 1007)
        #expect(Self.failure([Self.frame(.text, [0x68, 0xE2, 0x82], fin: false), Self.frame(.continuation, [])]) == 1007,
                "a message that ends inside a code point")
    }

    @Test(arguments: [
        ([frame(.text, [1], rsv2: true)], "RSV2 without an extension (Autobahn 3.2)"),
        ([frame(.text, [1], rsv3: true)], "RSV3"),
        ([frame(.binary, [1], rsv1: true)], "RSV1 without permessage-deflate agreed"),
        ([frame(.ping, [], rsv1: true)], "RSV1 on a ping"),
        ([frame(WebSocketOpcode(encodedWebSocketOpcode: 0x3)!, [])], "opcode 3 is reserved (Autobahn 4.1)"),
        ([frame(WebSocketOpcode(encodedWebSocketOpcode: 0xB)!, [])], "opcode 0xB is reserved (Autobahn 4.2)"),
        ([frame(.ping, [], fin: false)], "a fragmented ping (Autobahn 5.1)"),
        ([frame(.ping, [UInt8](repeating: 0, count: 126))], "a ping of 126 bytes (Autobahn 2.5)"),
        ([frame(.continuation, [1])], "a continuation with nothing to continue (Autobahn 5.9)"),
        ([frame(.text, [1], fin: false), frame(.text, [2])], "a new message inside a fragmented one (Autobahn 5.18)"),
        ([frame(.text, [1], fin: false), frame(.continuation, [2], rsv1: true)], "RSV1 on a continuation"),
        ([frame(.text, Array("hi".utf8), masked: true)], "a masked frame from the server (§5.1)"),
        ([frame(.connectionClose, [3])], "a close payload of 1 byte (Autobahn 7.3.2)"),
        ([frame(.connectionClose, [0x03, 0xED])], "close code 1005 may not be sent (Autobahn 7.9)"),
        ([frame(.connectionClose, [0x03, 0xE8, 0xC0])], "a close reason that is not UTF-8 (Autobahn 7.5.1)"),
    ] as [([WebSocketFrame], String)])
    func aBrokenFrameClosesWithTheCodeItEarns(frames: [WebSocketFrame], why: String) {
        let expected: UInt16 = why.contains("not UTF-8") ? 1007 : 1002
        #expect(Self.failure(frames) == expected, "\(why)")
    }

    @Test func aMessagePastTheLimitCloses1009EvenAcrossFragments() {
        #expect(Self.failure([Self.frame(.binary, [UInt8](repeating: 1, count: 11))], maxMessage: 10) == 1009)
        #expect(Self.failure([Self.frame(.binary, [UInt8](repeating: 1, count: 6), fin: false),
                              Self.frame(.continuation, [UInt8](repeating: 1, count: 5))], maxMessage: 10) == 1009)
        #expect(Self.failure([Self.frame(.binary, [UInt8](repeating: 1, count: 10))], maxMessage: 10) == nil, "exactly the limit is fine")
    }

    @Test func closePayloadsAreRead() {
        var reader = WebSocketReader(maxMessage: 100)
        guard case .close(let empty) = reader.read(Self.frame(.connectionClose, [])) else { Issue.record("an empty close"); return }
        #expect(empty.code == 1005)
        guard case .close(let coded) = reader.read(Self.frame(.connectionClose, [0x0F, 0xA1] + Array("bye".utf8))) else {
            Issue.record("a coded close"); return
        }
        #expect(coded == WebSocketClose(code: 4001, reason: "bye"))
    }

    /// RFC 7692 §7.2.3.1's own example: "Hello" compressed, in one frame and in two.
    @Test func compressedMessagesInflateWhenAgreed() throws {
        let hello: [UInt8] = [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        var reader = WebSocketReader(maxMessage: 100, inflater: try MessageInflater(PerMessageDeflate()))
        guard case .message(.text("Hello")) = reader.read(Self.frame(.text, hello, rsv1: true)) else { Issue.record("one frame"); return }
        var split = WebSocketReader(maxMessage: 100, inflater: try MessageInflater(PerMessageDeflate()))
        _ = split.read(Self.frame(.text, Array(hello[..<3]), fin: false, rsv1: true))
        guard case .message(.text("Hello")) = split.read(Self.frame(.continuation, Array(hello[3...]))) else { Issue.record("two frames"); return }
        // A small frame may not inflate past the limit (a compression bomb).
        var bomb = WebSocketReader(maxMessage: 1000, inflater: try MessageInflater(PerMessageDeflate()))
        let zeros = try #require(MessageDeflater(PerMessageDeflate())?.deflate(ByteBuffer(bytes: [UInt8](repeating: 0, count: 100_000))))
        guard case .fail(let close) = bomb.read(Self.frame(.binary, Array(zeros.readableBytesView), rsv1: true)) else { Issue.record("a bomb"); return }
        #expect(close.code == 1009)
    }
}
