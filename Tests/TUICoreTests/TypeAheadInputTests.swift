#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TUICore

/// Raw input taken early (issue 14), on a real pseudo-terminal: what was typed before stays
/// queued, and from then on every key arrives as the byte typed, not edited by the tty.
@Suite struct TypeAheadInputTests {
    /// A pseudo-terminal pair in the tty's default (cooked) modes; `keyboard` types into it.
    struct Pair: ~Copyable {
        let keyboard: Int32
        let tty: Int32

        init() throws {
            typealias OpenPT = @convention(c) (Int32) -> Int32
            typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
            // The Glibc module hides the XSI pseudo-terminal calls (they need _XOPEN_SOURCE).
            func function<T>(_ name: String, as type: T.Type) throws -> T {
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw Failure(what: name) }
                return unsafeBitCast(symbol, to: type)
            }
            let master = try function("posix_openpt", as: OpenPT.self)(O_RDWR | O_NOCTTY)
            var name = [CChar](repeating: 0, count: 128)
            guard master >= 0, try function("grantpt", as: OpenPT.self)(master) == 0, try function("unlockpt", as: OpenPT.self)(master) == 0,
                  try function("ptsname_r", as: PTSName.self)(master, &name, name.count) == 0 else {
                throw Failure(what: "a pseudo-terminal")
            }
            let tty = open(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
            guard tty >= 0 else { throw Failure(what: "the pseudo-terminal's tty") }
            keyboard = master
            self.tty = tty
            for end in [master, tty] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }

        deinit {
            close(keyboard)
            close(tty)
        }

        func type(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBufferPointer { write(keyboard, $0.baseAddress, $0.count) }
        }

        /// Everything readable on `descriptor` within a short while.
        func pending(on descriptor: Int32) -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(0.2)
            while Date() < deadline {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 { bytes += buffer[0..<count] } else { usleep(5_000) }
            }
            return bytes
        }

        var modes: termios {
            var modes = termios()
            _ = tcgetattr(tty, &modes)
            return modes
        }
    }

    struct Failure: Error {
        let what: String
    }

    static let f5: [UInt8] = Array("\u{1B}[15~".utf8)

    @Test func whatWasTypedBeforeStaysQueuedAndIsNotEchoedAgain() throws {
        let pair = try Pair()
        pair.type(Array("abc".utf8) + Self.f5)
        // The cooked tty echoed it as typed; that is all the screen gets.
        _ = pair.pending(on: pair.keyboard)
        let input = try #require(TypeAheadInput.take(descriptor: pair.tty))
        defer { input.release() }
        // An unfinished line, readable at once now that input is raw: nothing flushed.
        #expect(pair.pending(on: pair.tty) == Array("abc".utf8) + Self.f5)
    }

    @Test func fromThenOnEveryKeyArrivesAsTheByteTyped() throws {
        let pair = try Pair()
        let input = try #require(TypeAheadInput.take(descriptor: pair.tty))
        defer { input.release() }
        // Ctrl+R (reprint), Ctrl+U (kill), Ctrl+W, Ctrl+V, backspace, Ctrl+S/Ctrl+Q (flow
        // control), Ctrl+C (a signal) and Enter (CR → NL): a cooked tty edits every one of them.
        let keys: [UInt8] = [0x12, 0x15, 0x17, 0x16, 0x7F, 0x13, 0x11, 0x03, 0x0D] + Array("x".utf8) + Self.f5
        pair.type(keys)
        #expect(pair.pending(on: pair.tty) == keys)
        #expect(pair.pending(on: pair.keyboard).isEmpty, "no echo")
    }

    @Test func releasePutsTheShellsModesBack() throws {
        let pair = try Pair()
        let before = pair.modes
        let input = try #require(TypeAheadInput.take(descriptor: pair.tty))
        #expect(pair.modes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(pair.modes.c_lflag & tcflag_t(NOFLSH) != 0)
        input.release()
        #expect(pair.modes.c_lflag == before.c_lflag)
        #expect(pair.modes.c_iflag == before.c_iflag)
        #expect(pair.modes.c_oflag == before.c_oflag)
    }

    @Test func notATerminalIsLeftAlone() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(TypeAheadInput.take(descriptor: ends[0]) == nil)
    }
}
