import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on 127.0.0.1 that answers each connection with the next of its scripted
/// replies, byte for byte as given: a head, then body pieces with a pause before each, then a
/// clean close or a reset. For the shapes no real server is asked to make on cue: a body split
/// at chosen bytes, a stream cut mid-event. Blocking sockets on threads of its own; it records
/// each request head; it serves until `stop()`.
public final class ScriptedServer: @unchecked Sendable {
    public struct Reply: Sendable {
        public var head: String
        public var pieces: [[UInt8]]
        /// Before each piece.
        public var pause: TimeInterval
        /// End with a reset (RST) instead of a clean close.
        public var resets: Bool
        /// The last piece waits for `release()`: what a client shows before it is known for sure.
        public var holdsLast: Bool

        public init(head: String, pieces: [[UInt8]], pause: TimeInterval = 0, resets: Bool = false, holdsLast: Bool = false) {
            self.head = head
            self.pieces = pieces
            self.pause = pause
            self.resets = resets
            self.holdsLast = holdsLast
        }

        /// A `200` of `contentType` without a length (the body ends with the connection), sent in `pieces`.
        public static func streaming(_ contentType: String, _ pieces: [[UInt8]], pause: TimeInterval = 0, resets: Bool = false,
                                     holdsLast: Bool = false) -> Reply {
            Reply(head: "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nConnection: close\r\n\r\n", pieces: pieces, pause: pause,
                  resets: resets, holdsLast: holdsLast)
        }
    }

    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let lock = NSLock()
    private let held = DispatchSemaphore(value: 0)
    private var replies: [Reply]
    private var heads: [String] = []

    /// Connections past the last reply get the last one again.
    public init(_ replies: [Reply]) throws {
        precondition(!replies.isEmpty)
        self.replies = replies
        (listener, port) = try LoopbackListener.open()
        LoopbackListener.serve(listener) { [self] client in serve(client) }
    }

    /// The request heads received, in order.
    public var receivedHeads: [String] { lock.withLock { heads } }

    /// Lets a held last piece go.
    public func release() { held.signal() }

    public func stop() {
        held.signal()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ client: Int32) {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !(head.count >= 4 && Array(head.suffix(4)) == Array("\r\n\r\n".utf8)), head.count < 16 * 1024, read(client, &byte, 1) == 1 {
            head.append(byte)
        }
        let reply = lock.withLock { () -> Reply in
            heads.append(String(decoding: head, as: UTF8.self))
            return replies.count > 1 ? replies.removeFirst() : replies[0]
        }
        // MSG_NOSIGNAL: a client gone mid-reply is an error here, not a SIGPIPE for the whole test run.
        let headBytes = Array(reply.head.utf8)
        _ = send(client, headBytes, headBytes.count, Int32(MSG_NOSIGNAL))
        for (index, piece) in reply.pieces.enumerated() {
            if reply.pause > 0 { Thread.sleep(forTimeInterval: reply.pause) }
            if reply.holdsLast, index == reply.pieces.count - 1 { held.wait() }
            guard send(client, piece, piece.count, Int32(MSG_NOSIGNAL)) == piece.count else { break }
        }
        if reply.resets {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        } else {
            shutdown(client, Int32(SHUT_WR))
            // Wait for the client to close its side, so the close is clean.
            while read(client, &byte, 1) > 0 {}
        }
        close(client)
    }
}
