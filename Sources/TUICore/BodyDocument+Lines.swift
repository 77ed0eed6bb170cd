extension BodyDocument {
    /// Line `index` of the current layout, showing only columns `column..<column + maxColumns`.
    public func line(_ index: Int, from column: Int = 0, maxColumns: Int) -> [Span] {
        lines(index..<(index + 1), from: column, maxColumns: maxColumns).first ?? []
    }

    /// Lines `range` (clamped to the lines known) of the current layout, each clipped to
    /// columns `column..<column + maxColumns`. Costs the lines from the nearest checkpoint,
    /// whatever the body's size.
    public func lines(_ range: Range<Int>, from column: Int = 0, maxColumns: Int) -> [[Span]] {
        let range = range.clamped(to: 0..<lineCount)
        guard !range.isEmpty else { return [] }
        var result: [[Span]] = []
        result.reserveCapacity(range.count)
        let newBuilder = { BodyLineBuilder(from: column, maxColumns: maxColumns) }
        switch layout {
        case .hex:
            let count = byteCount
            storage.source.withWindow(from: range.lowerBound * HexLayout.bytesPerLine, length: range.count * HexLayout.bytesPerLine) { window in
                for line in range {
                    var builder = newBuilder()
                    HexLayout.render(line: line, window, count: count, into: &builder)
                    result.append(builder.finish())
                }
            }
        case .raw:
            let walker = TextLayoutWalker(storage.source)
            var cursor = BodyLineCursor(storage.text.checkpoints, line: range.lowerBound, start: 0) { walker.next($0) }
            for line in range {
                var builder = newBuilder()
                walker.render(cursor.state, into: &builder)
                result.append(builder.finish())
                if line + 1 < range.upperBound { cursor.step() }
            }
        case .pretty:
            guard let json = storage.json else { return [] }
            storage.withBytes { p, count in
                let walker = JSONLayoutWalker(p, count: count)
                var cursor = BodyLineCursor(json.checkpoints, line: range.lowerBound,
                                            start: JSONLayoutState(offset: 0, depth: 0, kind: JSONLayoutScanner.inValues)) { walker.advance($0) }
                for line in range {
                    var builder = newBuilder()
                    walker.render(cursor.state, into: &builder)
                    result.append(builder.finish())
                    if line + 1 < range.upperBound { cursor.step() }
                }
            }
        }
        return result
    }
}

/// Walks lines forward from the nearest checkpoint, jumping to each checkpoint it meets
/// (so a long line is never scanned to find where the next one starts).
struct BodyLineCursor<State> {
    private let checkpoints: BodyCheckpoints
    private let advance: (State) -> State
    private let resume: (Int) -> State
    private var nextCheckpoint: Int
    private(set) var line: Int
    private(set) var state: State

    init(_ checkpoints: BodyCheckpoints, line target: Int, start: State, advance: @escaping (State) -> State)
        where State == Int {
        self.init(checkpoints, line: target, start: start, resume: { checkpoints.offsets[$0] }, advance: advance)
    }

    init(_ checkpoints: BodyCheckpoints, line target: Int, start: State, advance: @escaping (State) -> State)
        where State == JSONLayoutState {
        self.init(checkpoints, line: target, start: start,
                  resume: { JSONLayoutState(offset: checkpoints.offsets[$0], packed: checkpoints.states[$0]) }, advance: advance)
    }

    private init(_ checkpoints: BodyCheckpoints, line target: Int, start: State,
                 resume: @escaping (Int) -> State, advance: @escaping (State) -> State) {
        self.checkpoints = checkpoints
        self.advance = advance
        self.resume = resume
        if checkpoints.count == 0 {
            line = 0
            state = start
            nextCheckpoint = 0
        } else {
            let index = checkpoints.index(atOrBeforeLine: target)
            line = checkpoints.lines[index]
            state = resume(index)
            nextCheckpoint = index + 1
        }
        while line < target { step() }
    }

    /// Moves to the next line.
    mutating func step() {
        line += 1
        if nextCheckpoint < checkpoints.count, checkpoints.lines[nextCheckpoint] <= line {
            state = resume(nextCheckpoint)
            nextCheckpoint += 1
        } else {
            state = advance(state)
        }
    }
}
