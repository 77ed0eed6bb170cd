/// RFC 6455 §5.5.1 and §7.4's close rules as SPEC §12 applies them: which codes a close frame may
/// carry, how a close payload is read, and what a close means for `send`'s exit status.
public struct WebSocketClose: Error, Sendable, Equatable {
    public var code: UInt16
    public var reason: String

    public init(code: UInt16, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    public static let normal: UInt16 = 1000
    public static let goingAway: UInt16 = 1001
    public static let protocolError: UInt16 = 1002
    /// RFC 6455 §7.4.1's 1005: no code was present (never sent on the wire).
    public static let noStatus: UInt16 = 1005
    public static let invalidPayload: UInt16 = 1007
    public static let messageTooBig: UInt16 = 1009

    /// Whether a close frame may carry `code` (§7.4.1–7.4.2): the defined codes that may be sent,
    /// and 3000–4999 (libraries, applications); never 1004–1006, 1015, or an unassigned one.
    public static func maySend(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// A close frame's payload read (§5.5.1): empty is no code (1005); one byte, a code that may
    /// not be sent or a reason that is not UTF-8 is a protocol violation to answer with the code given.
    public static func read(_ payload: [UInt8]) -> Result<WebSocketClose, WebSocketClose> {
        guard !payload.isEmpty else { return .success(WebSocketClose(code: noStatus)) }
        guard payload.count >= 2 else { return .failure(WebSocketClose(code: protocolError, reason: "a close payload of 1 byte")) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard maySend(code) else { return .failure(WebSocketClose(code: protocolError, reason: "close code \(code) may not be sent")) }
        var text = UTF8Stream()
        guard text.take(payload.dropFirst(2)), text.canEnd else {
            return .failure(WebSocketClose(code: invalidPayload, reason: "the close reason is not UTF-8"))
        }
        return .success(WebSocketClose(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self)))
    }

    /// SPEC §12: a close with 1000 or 1001 ends `send` well (exit 0); any other, exit 1.
    public var isClean: Bool { code == Self.normal || code == Self.goingAway }
}
