import Foundation

/// The raw layout's index: checkpoints into the body's lines (split at LF; a CR before the
/// LF is not shown; a final LF does not open an empty line).
struct TextLayoutIndex: Sendable {
    var checkpoints = BodyCheckpoints()
    var lineCount = 0
    var scanned = 0
    var isComplete = false

    /// Finds the line starts of the body's first `limit` bytes with `memchr`, a window at a
    /// time for a spooled body (one window, all of it, in memory). Nil when cancelled.
    static func build(_ source: BodySource, limit: Int, progress: (Double) -> Void, isCancelled: () -> Bool) -> TextLayoutIndex? {
        let count = source.count
        let end = min(count, limit)
        let interval = source.isFile ? BodyCheckpoints.spooledInterval : BodyCheckpoints.interval
        var index = TextLayoutIndex()
        var start = 0
        var previousWasLong = false
        var nextReport = JSONLayoutIndexer.reportEvery
        var cancelled = false
        func report(_ offset: Int) -> Bool {
            guard offset >= nextReport else { return true }
            nextReport = offset + JSONLayoutIndexer.reportEvery
            progress(Double(offset) / Double(count))
            cancelled = isCancelled()
            return !cancelled
        }
        source.forEachWindow(from: 0, to: end) { window in
            while let newline = window.firstIndex(of: 0x0A, from: max(start, window.start), to: window.end) {
                let length = newline - start
                if BodyCheckpoints.wanted(line: index.lineCount, length: length, previousWasLong: previousWasLong, interval: interval) {
                    index.checkpoints.append(line: index.lineCount, offset: start, state: 0)
                }
                previousWasLong = length > BodyCheckpoints.longLine
                index.lineCount += 1
                start = newline + 1
                guard report(start) else { return false }
            }
            return report(window.end)
        }
        if cancelled { return nil }
        if start < count {
            // The last line has no LF; a line running past the prefix is counted, with a
            // checkpoint: its length is unknown.
            if end < count || BodyCheckpoints.wanted(line: index.lineCount, length: count - start, previousWasLong: previousWasLong,
                                                     interval: interval) {
                index.checkpoints.append(line: index.lineCount, offset: start, state: 0)
            }
            index.lineCount += 1
        }
        index.scanned = end
        index.isComplete = end == count
        index.checkpoints = index.checkpoints.compacted()
        return index
    }
}

/// Walks and draws raw lines from a checkpoint, reading the body through its source.
struct TextLayoutWalker {
    let source: BodySource
    let count: Int

    init(_ source: BodySource) {
        self.source = source
        count = source.count
    }

    /// Where the line after the one starting at `start` starts.
    func next(_ start: Int) -> Int {
        guard let newline = source.firstIndex(of: 0x0A, from: start, to: count) else { return count }
        return newline + 1
    }

    /// How many line feeds the body holds in `from..<to`.
    func newlines(from: Int, to: Int) -> Int {
        source.occurrences(of: 0x0A, from: from, to: to)
    }

    /// Draws the line starting at `start` (its visible columns only), a window at a time.
    func render(_ start: Int, into builder: inout BodyLineBuilder) {
        var i = start
        while i < count, !builder.isFull {
            let wanted = (builder.end - builder.column) * 4 + 8
            let stop = source.withWindow(from: i, length: wanted) { window -> Int? in
                // The last bytes of a window that is not the body's end may hold half a character
                // or a CR whose LF is in the next window: they are read again from there.
                let end = window.end == count ? count : window.end - 4
                var i = i
                while i < end, !builder.isFull {
                    let byte = window[i]
                    if byte >= 0x20, byte < 0x7F {
                        builder.appendASCII(byte, BodyStyles.plain)
                        i += 1
                        continue
                    }
                    if byte == 0x0A || byte == 0x0D && i + 1 < window.end && window[i + 1] == 0x0A { return nil }
                    let (scalar, length) = BodyUTF8.decode(window.pointer(at: i), 0, window.end - i)
                    builder.append(scalar, BodyStyles.plain)
                    i += length
                }
                return i
            }
            guard let stop, stop > i else { return }
            i = stop
        }
    }
}
