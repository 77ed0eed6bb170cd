import Foundation

/// The raw layout's index: checkpoints into the body's lines (split at LF; a CR before the
/// LF is not shown; a final LF does not open an empty line).
struct TextLayoutIndex: Sendable {
    var checkpoints = BodyCheckpoints()
    var lineCount = 0
    var scanned = 0
    var isComplete = false

    /// Finds the line starts of `p[0..<min(count, limit)]` with `memchr`. Nil when cancelled.
    static func build(_ p: UnsafePointer<UInt8>, count: Int, limit: Int,
                      progress: (Double) -> Void, isCancelled: () -> Bool) -> TextLayoutIndex? {
        let end = min(count, limit)
        var index = TextLayoutIndex()
        var start = 0
        var previousWasLong = false
        var nextReport = JSONLayoutIndexer.reportEvery
        while start < count {
            let newline = TextLayoutWalker.lineFeed(p, from: start, to: end)
            let length = (newline ?? count) - start
            // A line running past the prefix is counted, with a checkpoint: its length is unknown.
            if newline == nil && end < count || BodyCheckpoints.wanted(line: index.lineCount, length: length, previousWasLong: previousWasLong) {
                index.checkpoints.append(line: index.lineCount, offset: start, state: 0)
            }
            previousWasLong = length > BodyCheckpoints.longLine
            index.lineCount += 1
            guard let newline else { break }
            start = newline + 1
            if start >= nextReport {
                nextReport = start + JSONLayoutIndexer.reportEvery
                progress(Double(start) / Double(count))
                if isCancelled() { return nil }
            }
        }
        index.scanned = end
        index.isComplete = end == count
        index.checkpoints = index.checkpoints.compacted()
        return index
    }
}

/// Walks and draws raw lines from a checkpoint.
struct TextLayoutWalker {
    let p: UnsafePointer<UInt8>
    let count: Int

    init(_ p: UnsafePointer<UInt8>, count: Int) {
        self.p = p
        self.count = count
    }

    /// Where the line after the one starting at `start` starts.
    func next(_ start: Int) -> Int {
        guard let newline = Self.lineFeed(p, from: start, to: count) else { return count }
        return newline + 1
    }

    /// How many line feeds `p[from..<to]` holds.
    func newlines(from: Int, to: Int) -> Int {
        var found = 0, i = from
        while let newline = Self.lineFeed(p, from: i, to: to) {
            found += 1
            i = newline + 1
        }
        return found
    }

    /// The index of the first LF in `p[from..<to]` (memchr: gigabytes a second).
    static func lineFeed(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(p + from, 0x0A, to - from) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(p)
    }

    func render(_ start: Int, into builder: inout BodyLineBuilder) {
        var i = start
        while i < count, !builder.isFull {
            let byte = p[i]
            if byte >= 0x20, byte < 0x7F {
                builder.appendASCII(byte, BodyStyles.plain)
                i += 1
                continue
            }
            if byte == 0x0A || byte == 0x0D && i + 1 < count && p[i + 1] == 0x0A { return }
            let (scalar, length) = BodyUTF8.decode(p, i, count)
            builder.append(scalar, BodyStyles.plain)
            i += length
        }
    }
}
