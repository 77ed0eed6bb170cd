import RequestModel

/// The pretty layout's index: checkpoints into the pretty lines of a JSON body.
struct JSONLayoutIndex: Sendable {
    var checkpoints = BodyCheckpoints()
    /// Pretty lines known (all of them once `isComplete`).
    var lineCount = 0
    /// How far the body was checked.
    var scanned = 0
    var isComplete = false
}

/// One validating pass over a JSON body (or its first `limit` bytes) that counts the pretty
/// lines it would print and leaves a checkpoint every so many: the pretty text itself is
/// never built. A pretty line is a closing bracket, or an optional key with a scalar, an
/// empty container or an opening bracket; a trailing comma belongs to the line it follows.
/// Its tokens are read by the parser's own readers and nesting is bounded as the parser bounds
/// it (`JSONParser.mayOpen`), so the viewer shows as JSON exactly what the parser accepts.
struct JSONLayoutIndexer {
    enum Outcome {
        case index(JSONLayoutIndex)
        case invalid(JSONLayoutError)
        case cancelled
    }

    static let reportEvery = 1 << 20

    private let scanner: JSONLayoutScanner
    /// The parser's token readers, over the bytes being indexed.
    private let tokens = JSONParser()
    private let bytes: UnsafeBufferPointer<UInt8>
    /// True when only a prefix is indexed: its end is never the document's end.
    private let truncated: Bool
    private var index = JSONLayoutIndex()
    /// Open containers, innermost last: true for an object.
    private var stack: [Bool] = []
    private var needValue = true
    private var topDone = false
    private var offset = 0
    private var lineHasContent = false

    private init(scanner: JSONLayoutScanner, truncated: Bool) {
        self.scanner = scanner
        self.truncated = truncated
        bytes = UnsafeBufferPointer(start: scanner.p, count: scanner.end)
    }

    /// Indexes `p[0..<min(count, limit)]`. A prefix that ends mid-value is no error: the
    /// line in progress is counted, the rest waits for the full pass.
    static func build(_ p: UnsafePointer<UInt8>, count: Int, limit: Int,
                      progress: (Double) -> Void, isCancelled: () -> Bool) -> Outcome {
        let end = min(count, limit)
        var indexer = JSONLayoutIndexer(scanner: JSONLayoutScanner(p: p, end: end), truncated: end < count)
        if end >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { indexer.offset = 3 }  // a UTF-8 byte order mark
        var nextReport = reportEvery
        var previousWasLong = false
        do throws(JSONLayoutError) {
            while true {
                let start = indexer.offset
                let state = indexer.startState
                guard try indexer.step() else { break }
                let length = indexer.offset - start
                let line = indexer.index.lineCount
                if BodyCheckpoints.wanted(line: line, length: length, previousWasLong: previousWasLong) {
                    indexer.index.checkpoints.append(line: line, offset: start, state: state)
                }
                previousWasLong = length > BodyCheckpoints.longLine
                indexer.index.lineCount += 1
                if indexer.offset >= nextReport {
                    nextReport = indexer.offset + reportEvery
                    progress(Double(indexer.offset) / Double(max(1, count)))
                    if isCancelled() { return .cancelled }
                }
            }
            indexer.index.isComplete = true
            indexer.index.scanned = count
        } catch {
            guard error.offset >= end, end < count else { return .invalid(error) }
            // The prefix ends inside this line: it is known, its end is not yet.
            if indexer.lineHasContent {
                indexer.index.checkpoints.append(line: indexer.index.lineCount, offset: indexer.offset, state: indexer.startState)
                indexer.index.lineCount += 1
            }
            indexer.index.scanned = end
        }
        indexer.index.checkpoints = indexer.index.checkpoints.compacted()
        return .index(indexer.index)
    }

    /// The walker's resume state for the line starting now.
    private var startState: UInt32 {
        let kind = stack.last.map { $0 ? JSONLayoutScanner.inObject : JSONLayoutScanner.inValues } ?? JSONLayoutScanner.inValues
        return UInt32(truncatingIfNeeded: stack.count) << 2 | kind
    }

    /// Consumes one pretty line from `offset`; false at the end of a complete document.
    private mutating func step() throws(JSONLayoutError) -> Bool {
        let end = scanner.end
        var j = scanner.skipWhitespace(offset)
        lineHasContent = j < end
        guard j < end else {
            if stack.isEmpty, topDone, !truncated { return false }
            throw .end(end)
        }
        let byte = scanner.p[j]
        if byte == 0x7D || byte == 0x5D {
            guard let inObject = stack.last else { throw JSONLayoutError(offset: j, message: topDone ? "unexpected data after the JSON value" : "expected a value") }
            if needValue { throw JSONLayoutError(offset: j, message: inObject ? "expected a key" : "expected a value") }
            if inObject != (byte == 0x7D) { throw JSONLayoutError(offset: j, message: inObject ? "expected ',' or '}'" : "expected ',' or ']'") }
            stack.removeLast()
            j = afterValue(j + 1)
        } else {
            if stack.isEmpty, topDone { throw JSONLayoutError(offset: j, message: "unexpected data after the JSON value") }
            let inObject = stack.last ?? false
            if !needValue { throw JSONLayoutError(offset: j, message: inObject ? "expected ',' or '}'" : "expected ',' or ']'") }
            if inObject {
                guard byte == 0x22 else { throw JSONLayoutError(offset: j, message: "expected a key") }
                j = scanner.skipWhitespace(try token(at: j))
                guard j < end else { throw .end(end) }
                guard scanner.p[j] == 0x3A else { throw JSONLayoutError(offset: j, message: "expected ':'") }
                j = scanner.skipWhitespace(j + 1)
                guard j < end else { throw .end(end) }
            }
            j = try value(at: j)
        }
        offset = j
        return true
    }

    /// Consumes the value at `j` (a scalar, an empty container, or an opening bracket, after
    /// which the next line starts inside it).
    private mutating func value(at j: Int) throws(JSONLayoutError) -> Int {
        let byte = scanner.p[j]
        switch byte {
        case 0x7B, 0x5B:
            guard JSONParser.mayOpen(atDepth: stack.count) else {
                throw JSONLayoutError(offset: j, message: "arrays and objects nested deeper than \(JSONNode.maxDepth) levels")
            }
            let close: UInt8 = byte == 0x7B ? 0x7D : 0x5D
            let next = scanner.skipWhitespace(j + 1)
            guard next < scanner.end else { throw .end(scanner.end) }
            if scanner.p[next] == close { return afterValue(next + 1) }
            stack.append(byte == 0x7B)
            needValue = true
            return j + 1
        default: return afterValue(try token(at: j))
        }
    }

    /// The end of the string, number or literal at `j`, read as the parser reads it. A prefix
    /// may end inside it: that is no error yet.
    private func token(at j: Int) throws(JSONLayoutError) -> Int {
        do throws(JSONProblem) {
            return try tokens.valueTokenEnd(bytes, at: j)
        } catch {
            if truncated, error.offset >= scanner.end || scanner.scalarEnd(j) >= scanner.end { throw .end(scanner.end) }
            throw JSONLayoutError(offset: error.offset, message: error.message)
        }
    }

    /// After a complete value: a comma joins this line; without one the container must close next.
    private mutating func afterValue(_ j: Int) -> Int {
        if stack.isEmpty {
            topDone = true
            needValue = false
            return j
        }
        let next = scanner.skipWhitespace(j)
        if next < scanner.end, scanner.p[next] == 0x2C {
            needValue = true
            return next + 1
        }
        needValue = false
        return j
    }
}
