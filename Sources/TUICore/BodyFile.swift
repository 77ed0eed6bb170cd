import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A spooled body read with `pread`, a window at a time: the few windows last used are kept
/// (at most `cachedWindows` × `windowBytes`, a few MiB), whatever the file's size. The file is
/// opened once, so it stays readable after its spool entry is removed.
final class BodyFile: Sendable {
    static let defaultWindowBytes = 1 << 20
    static let cachedWindows = 4

    let count: Int
    /// How much one read brings in (tests use a few bytes, to cross window edges everywhere).
    let windowBytes: Int
    private let descriptor: Int32
    private let cache = Locked<[Window]>([])

    private struct Window: Sendable {
        let start: Int
        let bytes: [UInt8]
        var end: Int { start + bytes.count }
    }

    /// Opens `url` for reading; `count` bytes of it are the body (a file still growing is read
    /// up to there). Nil when it cannot be opened.
    init?(url: URL, count: Int, windowBytes: Int = defaultWindowBytes) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.count = max(0, count)
        self.windowBytes = max(16, windowBytes)
    }

    deinit { close(descriptor) }

    /// The bytes the cached windows hold.
    var cachedBytes: Int { cache.withLock { $0.reduce(0) { $0 + $1.bytes.count } } }

    /// A window holding at least `start..<min(count, start + length)`, from the cache or read.
    func withWindow<R>(from start: Int, length: Int, _ body: (BodyWindow) -> R) -> R {
        let start = min(max(0, start), count)
        let end = min(count, start + max(0, length))
        let window = cache.withLock { windows -> Window in
            if let index = windows.lastIndex(where: { $0.start <= start && $0.end >= end }) {
                let hit = windows.remove(at: index)
                windows.append(hit)
                return hit
            }
            // Some bytes before `start` too, so scrolling back a little reads nothing.
            let from = max(0, start - windowBytes / 4)
            let read = Window(start: from, bytes: self.read(from: from, count: max(windowBytes, end - from)))
            if windows.count >= Self.cachedWindows { windows.removeFirst() }
            windows.append(read)
            return read
        }
        return window.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return withUnsafePointer(to: UInt8(0)) { body(BodyWindow(base: $0, start: start, end: start)) }
            }
            return body(BodyWindow(base: base, start: window.start, end: window.end))
        }
    }

    /// Reads `from..<to` in consecutive chunks of `windowBytes` into one buffer (not cached):
    /// for the passes over the whole body (indexing, search).
    func forEachChunk(from: Int, to: Int, _ body: (BodyWindow) -> Bool) {
        let to = min(to, count)
        guard from < to else { return }
        var buffer = [UInt8](repeating: 0, count: min(windowBytes, to - from))
        var start = max(0, from)
        while start < to {
            let length = min(buffer.count, to - start)
            let got = buffer.withUnsafeMutableBytes { readFully(into: $0.baseAddress!, count: length, at: start) }
            guard got > 0 else { return }
            let goOn = buffer.withUnsafeBufferPointer { body(BodyWindow(base: $0.baseAddress!, start: start, end: start + got)) }
            guard goOn else { return }
            start += got
        }
    }

    /// Reads `from..<to` (clamped to the body) into a buffer of its own, not cached.
    func withRange<R>(from: Int, to: Int, _ body: (BodyWindow) -> R) -> R {
        let from = min(max(0, from), count)
        let bytes = read(from: from, count: to - from)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return withUnsafePointer(to: UInt8(0)) { body(BodyWindow(base: $0, start: from, end: from)) }
            }
            return body(BodyWindow(base: base, start: from, end: from + buffer.count))
        }
    }

    private func read(from start: Int, count wanted: Int) -> [UInt8] {
        let length = min(wanted, count - start)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: length)
        let got = bytes.withUnsafeMutableBytes { readFully(into: $0.baseAddress!, count: length, at: start) }
        if got < length { bytes.removeLast(length - got) }
        return bytes
    }

    /// `pread` until `count` bytes or the end of the file; how many were read.
    private func readFully(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return done
    }
}
