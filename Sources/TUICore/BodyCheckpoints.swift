/// Where some display lines start, so any line is found by resuming from the nearest
/// checkpoint instead of from the top: one every `interval` lines, plus one at each long line
/// and the line after it (so walking never re-scans a long line). About 20 bytes per
/// checkpoint, a percent or two of the body; a spooled body has them sparser
/// (`spooledInterval`), so even 300 MB of empty lines index in a few MB.
struct BodyCheckpoints: Sendable {
    static let interval = 128
    static let spooledInterval = 1024
    /// A line longer than this (in bytes) gets checkpoints of its own.
    static let longLine = 4096

    /// Line number of each checkpoint, increasing.
    private(set) var lines: [Int] = []
    /// The byte offset each of those lines starts at, increasing.
    private(set) var offsets: [Int] = []
    /// Layout-specific resume state (JSON: depth and container kind).
    private(set) var states: [UInt32] = []

    var count: Int { lines.count }

    mutating func append(line: Int, offset: Int, state: UInt32) {
        lines.append(line)
        offsets.append(offset)
        states.append(state)
    }

    /// Whether a line of `length` bytes, after a line that was long or not, needs a checkpoint.
    @inline(__always)
    static func wanted(line: Int, length: Int, previousWasLong: Bool, interval: Int = interval) -> Bool {
        line % interval == 0 || previousWasLong || length > longLine
    }

    /// The index of the last checkpoint at or before `line` (0 when there is none).
    func index(atOrBeforeLine line: Int) -> Int {
        lastIndex(in: lines, atOrBefore: line)
    }

    /// The index of the last checkpoint starting at or before byte `offset`.
    func index(atOrBeforeOffset offset: Int) -> Int {
        lastIndex(in: offsets, atOrBefore: offset)
    }

    private func lastIndex(in values: [Int], atOrBefore value: Int) -> Int {
        var low = 0, high = values.count  // first index with values[index] > value
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    /// Drops spare capacity once building is done.
    func compacted() -> BodyCheckpoints {
        var copy = BodyCheckpoints()
        copy.lines = lines.withUnsafeBufferPointer { Array($0) }
        copy.offsets = offsets.withUnsafeBufferPointer { Array($0) }
        copy.states = states.withUnsafeBufferPointer { Array($0) }
        return copy
    }
}
