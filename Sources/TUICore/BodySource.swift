import Foundation

/// Where a body's bytes are: in memory (a `Data`), or in a spool file read a window at a time,
/// so a body of any size is shown with bounded memory (nothing maps or reads the file whole).
/// Every reader of a document's bytes goes through here.
enum BodySource: Sendable {
    case memory(Data)
    case file(BodyFile)

    var count: Int {
        switch self {
        case .memory(let data): data.count
        case .file(let file): file.count
        }
    }

    /// How far `firstIndex` looks in one cached window before reading chunks.
    private var nearBytes: Int {
        switch self {
        case .memory(let data): data.count
        case .file(let file): min(16 * 1024, file.windowBytes)
        }
    }

    var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// Calls `body` with a window holding at least `start..<min(count, start + length)` (a
    /// memory body: all of it). The window may hold more; never past the body's end.
    func withWindow<R>(from start: Int, length: Int, _ body: (BodyWindow) -> R) -> R {
        switch self {
        case .memory(let data):
            return data.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, raw.count > 0 else {
                    return withUnsafePointer(to: UInt8(0)) { body(BodyWindow(base: $0, start: 0, end: 0)) }
                }
                return body(BodyWindow(base: base.assumingMemoryBound(to: UInt8.self), start: 0, end: raw.count))
            }
        case .file(let file):
            return file.withWindow(from: start, length: length, body)
        }
    }

    /// Calls `body` with consecutive windows covering `from..<to` (one for a memory body), until
    /// it returns false.
    func forEachWindow(from: Int, to: Int, _ body: (BodyWindow) -> Bool) {
        switch self {
        case .memory:
            guard from < to else { return }
            _ = withWindow(from: from, length: to - from) { window in
                body(BodyWindow(base: window.pointer(at: from), start: from, end: min(to, window.end)))
            }
        case .file(let file):
            file.forEachChunk(from: from, to: to, body)
        }
    }

    /// The first `byte` in `from..<to`: looked for in a cached window first (most lines are
    /// short), then a chunk at a time.
    func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        let (near, searched) = withWindow(from: from, length: min(to - from, nearBytes)) { window -> (Int?, Int) in
            let end = max(from, min(to, window.end))
            return (window.firstIndex(of: byte, from: from, to: end), end)
        }
        if near != nil || searched >= to { return near }
        var found: Int?
        forEachWindow(from: searched, to: to) { window in
            found = window.firstIndex(of: byte, from: window.start, to: window.end)
            return found == nil
        }
        return found
    }

    /// How many times `byte` occurs in `from..<to`.
    func occurrences(of byte: UInt8, from: Int, to: Int) -> Int {
        var found = 0
        forEachWindow(from: from, to: to) { window in
            var i = window.start
            while let next = window.firstIndex(of: byte, from: i, to: window.end) {
                found += 1
                i = next + 1
            }
            return true
        }
        return found
    }
}

/// A run of a body's bytes `start..<end`, addressed by their offsets in the body.
struct BodyWindow {
    /// The byte at offset `start`.
    let base: UnsafePointer<UInt8>
    let start: Int
    let end: Int

    @inline(__always)
    subscript(offset: Int) -> UInt8 { base[offset - start] }

    @inline(__always)
    func pointer(at offset: Int) -> UnsafePointer<UInt8> { base + (offset - start) }

    /// The first `byte` in `from..<to` (within the window), with memchr.
    func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(pointer(at: from), Int32(byte), to - from) else { return nil }
        return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
    }
}
