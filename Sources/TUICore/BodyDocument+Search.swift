extension BodyDocument {
    /// The next line (or previous, when `forward` is false) after `line` holding `query`,
    /// wrapping around the body; nil when it is nowhere. ASCII letters match either case.
    /// The raw bytes are searched (so pretty JSON matches what the server sent: `"a":1`,
    /// not `"a": 1`) and the match is mapped to a line through the index: one pass over the
    /// body at most. While indexing, only the part indexed so far is searched.
    public func find(_ query: String, from line: Int, forward: Bool) -> Int? {
        let needle = Array(query.utf8).map(BodySearch.fold)
        guard !needle.isEmpty, lineCount > 0 else { return nil }
        let line = min(max(line, -1), lineCount)
        let searchable = min(byteCount, searchableBytes)
        let match: Int?
        if forward {
            let start = line + 1 < lineCount ? offset(ofLine: max(0, line + 1)) : searchable
            match = storage.source.firstMatch(needle, from: start, limit: searchable)
                ?? storage.source.firstMatch(needle, from: 0, limit: searchable)
        } else {
            let before = line <= 0 ? 0 : line >= lineCount ? searchable : offset(ofLine: line)
            match = storage.source.lastMatch(needle, before: before, limit: searchable)
                ?? storage.source.lastMatch(needle, before: searchable, limit: searchable)
        }
        return match.map { self.line(containing: $0) }
    }

    /// The bytes the current layout has indexed: matches past them have no line yet.
    private var searchableBytes: Int {
        switch layout {
        case .pretty: storage.json?.scanned ?? 0
        case .raw: storage.text.scanned
        case .hex: byteCount
        }
    }

    /// The byte where line `line` starts.
    func offset(ofLine line: Int) -> Int {
        switch layout {
        case .hex:
            return line * HexLayout.bytesPerLine
        case .raw:
            let walker = TextLayoutWalker(storage.source)
            return BodyLineCursor(storage.text.checkpoints, line: line, start: 0) { walker.next($0) }.state
        case .pretty:
            guard let json = storage.json else { return 0 }
            return storage.withBytes { p, count in
                let walker = JSONLayoutWalker(p, count: count)
                return BodyLineCursor(json.checkpoints, line: line,
                                      start: JSONLayoutState(offset: 0, depth: 0, kind: JSONLayoutScanner.inValues)) { walker.advance($0) }.state.offset
            }
        }
    }

    /// The line whose bytes hold `offset`.
    func line(containing offset: Int) -> Int {
        let last = max(0, lineCount - 1)
        switch layout {
        case .hex:
            return min(last, offset / HexLayout.bytesPerLine)
        case .raw:
            let checkpoints = storage.text.checkpoints
            guard checkpoints.count > 0 else { return 0 }
            let index = checkpoints.index(atOrBeforeOffset: offset)
            let walker = TextLayoutWalker(storage.source)
            return min(last, checkpoints.lines[index] + walker.newlines(from: checkpoints.offsets[index], to: offset))
        case .pretty:
            guard let checkpoints = storage.json?.checkpoints, checkpoints.count > 0 else { return 0 }
            return storage.withBytes { p, count in
                let index = checkpoints.index(atOrBeforeOffset: offset)
                let walker = JSONLayoutWalker(p, count: count)
                var line = checkpoints.lines[index]
                var state = JSONLayoutState(offset: checkpoints.offsets[index], packed: checkpoints.states[index])
                while line < last {
                    let next = walker.advance(state)
                    if next.offset > offset || next.offset <= state.offset { break }
                    state = next
                    line += 1
                }
                return line
            }
        }
    }
}

extension BodySource {
    /// The first match of `needle` (folded) starting at or after `from`, ending by `limit`;
    /// a spooled body is searched a chunk at a time, chunks overlapping by the needle's length.
    func firstMatch(_ needle: [UInt8], from: Int, limit: Int) -> Int? {
        switch self {
        case .memory:
            return withWindow(from: 0, length: limit) { BodySearch(p: $0.base, count: min(limit, $0.end), needle: needle).first(from: from) }
        case .file(let file):
            var start = max(0, from)
            while start + needle.count <= limit {
                let end = min(limit, start + file.windowBytes + needle.count - 1)
                let found = file.withRange(from: start, to: end) { window in
                    BodySearch(p: window.base, count: window.end - window.start, needle: needle).first(from: 0).map { window.start + $0 }
                }
                if let found { return found }
                start += file.windowBytes
            }
            return nil
        }
    }

    /// The last match of `needle` starting before `before`, ending by `limit`.
    func lastMatch(_ needle: [UInt8], before: Int, limit: Int) -> Int? {
        switch self {
        case .memory:
            return withWindow(from: 0, length: limit) { BodySearch(p: $0.base, count: min(limit, $0.end), needle: needle).last(before: before) }
        case .file(let file):
            var high = min(before, limit)
            while high > 0 {
                let low = max(0, high - file.windowBytes)
                let found = file.withRange(from: low, to: min(limit, high + needle.count - 1)) { window in
                    BodySearch(p: window.base, count: window.end - window.start, needle: needle).last(before: high - low).map { window.start + $0 }
                }
                if let found { return found }
                high = low
            }
            return nil
        }
    }
}

/// A case-insensitive (ASCII) byte search, forwards or backwards.
struct BodySearch {
    let p: UnsafePointer<UInt8>
    let count: Int
    let needle: [UInt8]

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// The first match starting at or after `from`.
    func first(from: Int) -> Int? {
        let last = count - needle.count
        guard from <= last else { return nil }
        return needle.withUnsafeBufferPointer { n -> Int? in
            let first = n[0]
            var i = max(0, from)
            while i <= last {
                // Eight bytes at a time until one may start a match.
                if i + 8 <= count, !mayStart(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self), first) {
                    i += 8
                    continue
                }
                if Self.fold(p[i]) == first, matches(at: i, n) { return i }
                i += 1
            }
            return nil
        }
    }

    /// The last match starting before `before`.
    func last(before: Int) -> Int? {
        var i = min(before - 1, count - needle.count)
        guard i >= 0 else { return nil }
        return needle.withUnsafeBufferPointer { n -> Int? in
            let first = n[0]
            while i >= 0 {
                if i >= 7, !mayStart(UnsafeRawPointer(p + i - 7).loadUnaligned(as: UInt64.self), first) {
                    i -= 8
                    continue
                }
                if Self.fold(p[i]) == first, matches(at: i, n) { return i }
                i -= 1
            }
            return nil
        }
    }

    /// Whether any byte of `word` may equal `first` once folded (letters are compared with
    /// their 0x20 bit set, which lets a few non-letters through: `matches` decides).
    @inline(__always)
    private func mayStart(_ word: UInt64, _ first: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let isLetter = first &- 0x61 < 26
        let bits = (isLetter ? word | ones &* 0x20 : word) ^ ones &* UInt64(first)
        return (bits &- ones) & ~bits & highs != 0
    }

    @inline(__always)
    private func matches(at i: Int, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 1
        while k < n.count {
            if Self.fold(p[i + k]) != n[k] { return false }
            k += 1
        }
        return true
    }
}
