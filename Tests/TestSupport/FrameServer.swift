import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket server on 127.0.0.1 that sends any bytes at all: each connection plays the next of
/// its scripts — the handshake answer (right, wrong or refused), then frames made to order
/// (reserved bits, bad opcodes, bad UTF-8, split fragments, any size), reads of what the client
/// sends, a close or a drop. It records every frame the client sent, mask bit included. For the
/// RFC 6455 rules no real server breaks on cue.
public final class FrameServer: @unchecked Sendable {
    public enum Step: Sendable {
        /// A 101 with the right accept key (or `accept` instead) and these extra header lines;
        /// `with` goes in the same write (frames in the same packet as the answer).
        case accept(headers: [String] = [], acceptKey: String? = nil, with: [UInt8] = [])
        /// Any other answer, written as given (head and body).
        case answer(String)
        /// Bytes as given (frames from `FrameServer.frame`).
        case send([UInt8])
        /// Reads client frames until `count` data messages (text or binary, final fragments) arrived.
        case readMessages(Int)
        /// Reads client frames until a close arrives.
        case readClose
        case pause(TimeInterval)
        /// Closes the connection at once, without a close frame.
        case drop
    }

    /// A frame the client sent.
    public struct ClientFrame: Sendable, Equatable {
        public var fin: Bool
        public var rsv1: Bool
        public var opcode: UInt8
        public var masked: Bool
        public var payload: [UInt8]

        /// A close frame's code.
        public var closeCode: Int? {
            opcode == 0x8 && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
        }
    }

    public let port: Int
    public var url: String { "ws://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let lock = NSLock()
    private var scripts: [[Step]]
    private var heads: [String] = []
    private var frames: [ClientFrame] = []
    private var connections = 0

    /// Connections past the last script get the last one again.
    public init(_ scripts: [[Step]]) throws {
        precondition(!scripts.isEmpty)
        self.scripts = scripts
        (listener, port) = try LoopbackListener.open()
        LoopbackListener.serve(listener) { [self] client in serve(client) }
    }

    public convenience init(_ steps: [Step]) throws {
        try self.init([steps])
    }

    public var receivedHeads: [String] { lock.withLock { heads } }

    /// The client's frames once they include a close (its serving thread may still be reading
    /// when the client is done), or what came within the time allowed.
    public func framesUntilClose() async -> [ClientFrame] {
        let deadline = Date().addingTimeInterval(TestTime.scaled(5))
        while Date() < deadline, !receivedFrames.contains(where: { $0.opcode == 0x8 }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return receivedFrames
    }
    public var receivedFrames: [ClientFrame] { lock.withLock { frames } }
    public var connectionCount: Int { lock.withLock { connections } }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    /// One frame, unmasked as a server sends it (or masked, to break the rule), with any bits.
    public static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [1, 2, 3, 4]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    public static func text(_ text: String, fin: Bool = true) -> [UInt8] { frame(0x1, Array(text.utf8), fin: fin) }

    public static func close(_ code: Int, _ reason: String = "") -> [UInt8] {
        frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// RFC 6455 §4.2.2's answer to a key.
    public static func acceptKey(for key: String) -> String {
        Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    private func serve(_ client: Int32) {
        defer { Glibc.close(client) }
        var reader = SocketReader(descriptor: client)
        guard let head = reader.head() else { return }
        let script = lock.withLock { () -> [Step] in
            heads.append(head)
            connections += 1
            return scripts.count > 1 ? scripts.removeFirst() : scripts[0]
        }
        for step in script {
            switch step {
            case .accept(let extra, let acceptKey, let with):
                let key = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                    .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
                let lines = ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                             "Sec-WebSocket-Accept: \(acceptKey ?? Self.acceptKey(for: key))"] + extra
                guard write(client, Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + with) else { return }
            case .answer(let text):
                guard write(client, Array(text.utf8)) else { return }
            case .send(let bytes):
                guard write(client, bytes) else { return }
            case .readMessages(let count):
                var messages = 0
                while messages < count, let frame = reader.frame() {
                    lock.withLock { frames.append(frame) }
                    if frame.fin && frame.opcode < 0x8 { messages += 1 }
                    if frame.opcode == 0x8 { return }
                }
            case .readClose:
                while let frame = reader.frame() {
                    lock.withLock { frames.append(frame) }
                    if frame.opcode == 0x8 { break }
                }
            case .pause(let seconds):
                Thread.sleep(forTimeInterval: seconds)
            case .drop:
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                return
            }
        }
        // A clean end: the server hangs up first, as RFC 6455 §7.1.1 has it.
        shutdown(client, Int32(SHUT_WR))
        var byte: UInt8 = 0
        while read(client, &byte, 1) > 0 {}
    }

    private func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

/// Buffered reads of a request head and of client frames.
private struct SocketReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    private mutating func fill(_ count: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while buffer.count < count {
            let got = read(descriptor, &chunk, chunk.count)
            guard got > 0 else { return false }
            buffer += chunk[..<got]
        }
        return true
    }

    private mutating func take(_ count: Int) -> [UInt8]? {
        guard fill(count) else { return nil }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    mutating func head() -> String? {
        var head: [UInt8] = []
        while !(head.count >= 4 && Array(head.suffix(4)) == Array("\r\n\r\n".utf8)), head.count < 16 * 1024 {
            guard let byte = take(1) else { return nil }
            head += byte
        }
        return String(decoding: head, as: UTF8.self)
    }

    mutating func frame() -> FrameServer.ClientFrame? {
        guard let start = take(2) else { return nil }
        var length = Int(start[1] & 0x7F)
        if length == 126 { guard let more = take(2) else { return nil }; length = Int(more[0]) << 8 | Int(more[1]) }
        if length == 127 { guard let more = take(8) else { return nil }; length = more.reduce(0) { $0 << 8 | Int($1) } }
        let masked = start[1] & 0x80 != 0
        let key = masked ? take(4) ?? [] : []
        guard var payload = take(length) else { return nil }
        if masked { payload = payload.enumerated().map { $0.element ^ key[$0.offset % 4] } }
        return FrameServer.ClientFrame(fin: start[0] & 0x80 != 0, rsv1: start[0] & 0x40 != 0, opcode: start[0] & 0x0F,
                                       masked: masked, payload: payload)
    }
}
