import Foundation
import TestDefaults
import Locking
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP CONNECT proxy for tests: it records each CONNECT request head and tunnels
/// the connection to one fixed backend, whatever host was asked for (or, given a `refusal`
/// such as "403 Forbidden", answers every CONNECT with it). Blocking sockets on threads of
/// its own; it serves until `stop()`.
final class TunnelProxy: Sendable {
    let port: Int
    private let listener: Int32
    private let backendPort: Int
    private let refusal: String?
    private let heads = Locked<[String]>([])

    init(backendPort: Int, refusal: String? = nil) throws {
        self.backendPort = backendPort
        self.refusal = refusal
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The request heads received, e.g. "CONNECT unreachable.invalid:9 HTTP/1.1\r\n...".
    var receivedHeads: [String] { heads.withLock { $0 } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = explorer_accept_cloexec(listener)
            guard client >= 0 else { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.ends(with: Array("\r\n\r\n".utf8)), head.count < 16 * 1024, read(client, &byte, 1) == 1 { head.append(byte) }
        heads.withLock { $0.append(String(decoding: head, as: UTF8.self)) }
        if let refusal {
            let reply = Array("HTTP/1.1 \(refusal)\r\nContent-Length: 0\r\n\r\n".utf8)
            _ = write(client, reply, reply.count)
            close(client)
            return
        }
        let backend = socket(AF_INET, LoopbackListener.socketType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(backendPort).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(backend, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(client); close(backend); return }
        let reply = Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)
        _ = write(client, reply, reply.count)
        Thread.detachNewThread { Self.pump(from: backend, to: client) }
        Self.pump(from: client, to: backend)
    }

    private static func pump(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count <= 0 || write(target, buffer, count) != count { break }
        }
        shutdown(target, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
