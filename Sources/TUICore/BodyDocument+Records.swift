import Foundation

extension BodyDocument {
    /// How a walk over the body's lines ended.
    public enum LineWalk: Sendable, Equatable {
        case finished
        /// The caller's `body` returned false.
        case stopped
        /// Line `line` (0-based) is longer than the walk's `maxBytes`.
        case lineTooLong(line: Int)
    }

    /// Calls `body` with each line's bytes (split at LF, a CR before it dropped), in order, read
    /// a window at a time: a spooled body is never held whole, only one line of it (at most
    /// `maxBytes`). For JSON Lines records.
    public func forEachLine(maxBytes: Int, _ body: (Data) -> Bool) -> LineWalk {
        var pending = Data()
        var line = 0
        var walk = LineWalk.finished
        storage.source.forEachWindow(from: 0, to: byteCount) { window in
            var i = window.start
            while i < window.end {
                let newline = window.firstIndex(of: 0x0A, from: i, to: window.end)
                let stop = newline ?? window.end
                guard pending.count + (stop - i) <= maxBytes else {
                    walk = .lineTooLong(line: line)
                    return false
                }
                pending.append(window.pointer(at: i), count: stop - i)
                guard let newline else { return true }
                if pending.last == 0x0D { pending.removeLast() }
                guard body(pending) else {
                    walk = .stopped
                    return false
                }
                pending.removeAll(keepingCapacity: true)
                line += 1
                i = newline + 1
            }
            return true
        }
        if walk == .finished, !pending.isEmpty, !body(pending) { walk = .stopped }
        return walk
    }
}
