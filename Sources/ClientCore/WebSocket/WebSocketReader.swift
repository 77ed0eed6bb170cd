import ClientEvents
import Foundation
import NIOCore
import NIOWebSocket

/// RFC 6455's receiving rules as SPEC §12 applies them, one frame at a time: a frame in, what it
/// means out — a finished message, a ping, a pong, the server's close, or the close explorer
/// must answer a broken frame with (1002 for a protocol violation, 1007 for text that is not
/// UTF-8, checked as fragments arrive, 1009 past the size limit). No I/O: the conversation
/// sends and delivers what it says.
struct WebSocketReader {
    enum Output {
        /// A fragment was taken; the message is not finished.
        case more
        case message(WebSocketMessage)
        case ping(ByteBuffer)
        case pong(ByteBuffer)
        /// The server's close, read (1005 when it carried no code).
        case close(WebSocketClose)
        /// Close with this and stop reading.
        case fail(WebSocketClose)
    }

    /// The largest message taken (`--max-message`).
    let maxMessage: Int
    /// permessage-deflate's reader, when the handshake agreed to it.
    private var inflater: MessageInflater?

    /// The message being assembled from fragments.
    private var partial: ByteBuffer?
    private var partialIsText = false
    private var partialIsCompressed = false
    private var text = UTF8Stream()

    init(maxMessage: Int, inflater: MessageInflater? = nil) {
        self.maxMessage = maxMessage
        self.inflater = inflater
    }

    mutating func read(_ frame: WebSocketFrame) -> Output {
        // §5.1: a server must not mask what it sends.
        guard frame.maskKey == nil else { return protocolError("the server masked a frame") }
        switch frame.opcode {
        case .ping, .pong, .connectionClose:
            return readControl(frame)
        case .text, .binary:
            guard partial == nil else { return protocolError("a new message began before the last one's final fragment") }
            guard !frame.rsv2, !frame.rsv3, !frame.rsv1 || inflater != nil else { return reservedBits() }
            partial = ByteBuffer()
            partialIsText = frame.opcode == .text
            partialIsCompressed = frame.rsv1
            text = UTF8Stream()
            return readData(frame)
        case .continuation:
            guard partial != nil else { return protocolError("a continuation frame with no message to continue") }
            // RSV1 marks a compressed message on its first frame only (RFC 7692 §6.1).
            guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else { return reservedBits() }
            return readData(frame)
        default:
            return protocolError("opcode \(frame.opcode.rawValueForReport) is reserved")
        }
    }

    private mutating func readControl(_ frame: WebSocketFrame) -> Output {
        guard frame.fin else { return protocolError("a fragmented control frame") }
        guard frame.length <= 125 else { return protocolError("a control frame of \(frame.length) bytes (at most 125)") }
        guard frame.reservedBits.isEmpty else { return reservedBits() }
        let payload = frame.data
        switch frame.opcode {
        case .ping: return .ping(payload)
        case .pong: return .pong(payload)
        default:
            switch WebSocketClose.read(Array(payload.readableBytesView)) {
            case .success(let close): return .close(close)
            case .failure(let violation): return .fail(violation)
            }
        }
    }

    private mutating func readData(_ frame: WebSocketFrame) -> Output {
        var payload = frame.data
        if partialIsCompressed, var inflater {
            do {
                payload = try inflater.inflate(payload, final: frame.fin, limit: maxMessage - (partial?.readableBytes ?? 0))
            } catch MessageInflater.Failure.tooBig {
                return tooBig()
            } catch {
                return .fail(WebSocketClose(code: WebSocketClose.invalidPayload, reason: "a compressed message did not inflate"))
            }
            self.inflater = inflater
        }
        guard (partial?.readableBytes ?? 0) + payload.readableBytes <= maxMessage else { return tooBig() }
        if partialIsText, !text.take(payload.readableBytesView) { return notUTF8() }
        partial?.writeImmutableBuffer(payload)
        guard frame.fin else { return .more }
        guard !partialIsText || text.canEnd else { return notUTF8() }
        let whole = partial.take() ?? ByteBuffer()
        if partialIsText {
            return .message(.text(String(buffer: whole)))
        }
        return .message(.binary(Data(whole.readableBytesView)))
    }

    private func protocolError(_ reason: String) -> Output {
        .fail(WebSocketClose(code: WebSocketClose.protocolError, reason: reason))
    }

    private func reservedBits() -> Output {
        protocolError("reserved bits set that no agreed extension defines")
    }

    private func notUTF8() -> Output {
        .fail(WebSocketClose(code: WebSocketClose.invalidPayload, reason: "a text message that is not UTF-8"))
    }

    private func tooBig() -> Output {
        .fail(WebSocketClose(code: WebSocketClose.messageTooBig, reason: "a message over \(maxMessage) bytes"))
    }
}

/// A message, text or binary: what `send ws://` writes and what `ws.message` carries.
public typealias WebSocketMessage = WebSocketReport.Message.Content

extension WebSocketOpcode {
    /// The opcode as a number, for messages (its description is not one).
    var rawValueForReport: String {
        for value in 0...15 where WebSocketOpcode(encodedWebSocketOpcode: UInt8(value)) == self { return "0x" + String(value, radix: 16, uppercase: true) }
        return "?"
    }
}
