import Foundation

/// A pseudo-terminal, so the child sees `isatty(1)` as a user's shell would.
enum PseudoTerminal {
    private typealias OpenPT = @convention(c) (Int32) -> Int32
    private typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    /// The Glibc module hides the XSI pseudo-terminal calls (they need _XOPEN_SOURCE), so look them up in libc.
    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            throw ExplorerProcess.SpawnError(message: "\(name) is not available")
        }
        return unsafeBitCast(symbol, to: type)
    }

    static func open() throws -> (master: Int32, devicePath: String) {
        let posixOpenPT = try function("posix_openpt", as: OpenPT.self)
        let grantPT = try function("grantpt", as: OpenPT.self)
        let unlockPT = try function("unlockpt", as: OpenPT.self)
        let ptsName = try function("ptsname_r", as: PTSName.self)
        let master = posixOpenPT(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, grantPT(master) == 0, unlockPT(master) == 0, ptsName(master, &name, name.count) == 0 else {
            if master >= 0 { close(master) }
            throw ExplorerProcess.SpawnError(message: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        // Raw output: no "\n" → "\r\n" translation, so bytes arrive as written.
        var settings = termios()
        if tcgetattr(master, &settings) == 0 {
            settings.c_oflag &= ~tcflag_t(OPOST)
            tcsetattr(master, TCSANOW, &settings)
        }
        return (master, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// What the child wrote, read after it exited (then the master reports EIO), and closes the master.
    static func drain(_ master: Int32) -> Data {
        defer { close(master) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }
}
