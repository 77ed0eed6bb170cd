import Foundation
import TestDefaults
#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket on a free 127.0.0.1 port, for the tests' servers on threads of their own.
/// Every socket is close-on-exec: a peer or an explorer the tests spawn must not inherit one, or
/// a connection outlives its closing here (and its server thread, reading to the end, the test run).
public enum LoopbackListener {
    public static let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)

    public static func open() throws -> (descriptor: Int32, port: Int) {
        let listener = socket(AF_INET, socketType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Accepts connections on `listener` on a thread of its own until it is closed; each client
    /// (TCP_NODELAY set) is served on a thread of its own.
    public static func serve(_ listener: Int32, _ serve: @escaping @Sendable (Int32) -> Void) {
        Thread.detachNewThread {
            while true {
                let client = explorer_accept_cloexec(listener)
                guard client >= 0 else { return }
                var one: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                Thread.detachNewThread { serve(client) }
            }
        }
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let client = socket(AF_INET, socketType, 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } == 0
        }
    }
}
