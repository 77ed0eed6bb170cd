/// The paths `JSONSelection` can answer from the bytes, compiled: child segments of names,
/// indices, wildcards and slices only. It tells the skim which children a path may select (only
/// those get entries) and which it surely goes on into, so those are looked into as the document
/// is read; any other container is looked into later if the exact evaluation needs it.
///
/// The skim asks about every member of every object it looks into, so the plan is kept in flat
/// tables of plain values (ranges into arrays rather than arrays of arrays): reading it then
/// costs no reference counting.
struct JSONSelectionPlan: Sendable {
    enum Selector: Sendable, Equatable {
        /// The name's UTF-8, as a range of `names`.
        case name(Range<Int>)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
    }

    /// A node some path has reached after `segment` of its segments: the next one applies to its children.
    struct State: Sendable, Equatable {
        var path: Int
        var segment: Int
    }

    /// Per path, its segments as a range of `segments`; nil for a path the plan does not serve.
    let paths: [Range<Int>?]
    /// Each segment's selectors, as a range of `selectors`.
    let segments: [Range<Int>]
    let selectors: [Selector]
    /// The UTF-8 of every name selector, one after another.
    let names: [UInt8]

    init(_ paths: [JSONPath]) {
        var ranges: [Range<Int>?] = []
        var segments: [Range<Int>] = []
        var selectors: [Selector] = []
        var names: [UInt8] = []
        for path in paths {
            guard Self.serves(path) else {
                ranges.append(nil)
                continue
            }
            let first = segments.count
            for case .child(let written) in path.segments {
                let start = selectors.count
                for selector in written {
                    switch selector {
                    case .name(let name):
                        let from = names.count
                        names.append(contentsOf: name.utf8)
                        selectors.append(.name(from..<names.count))
                    case .wildcard: selectors.append(.wildcard)
                    case .index(let index): selectors.append(.index(index))
                    case .slice(let start, let end, let step): selectors.append(.slice(start: start, end: end, step: step))
                    case .filter: break
                    }
                }
                segments.append(start..<selectors.count)
            }
            ranges.append(first..<segments.count)
        }
        (self.paths, self.segments, self.selectors, self.names) = (ranges, segments, selectors, names)
    }

    /// Whether the plan reads `path`: not when it needs the whole tree (a descendant segment, a filter).
    static func serves(_ path: JSONPath) -> Bool {
        path.segments.allSatisfy { segment in
            guard case .child(let selectors) = segment else { return false }
            return selectors.allSatisfy { selector in
                if case .filter = selector { false } else { true }
            }
        }
    }

    /// The selectors of segment `segment` of path `path` (which the plan serves).
    func selectors(of path: Int, segment: Int) -> Range<Int> {
        segments[paths[path]!.lowerBound + segment]
    }

    /// Whether name selector `name` names the key whose UTF-8 (escapes decoded) is `key`.
    func name(_ name: Range<Int>, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == key.count else { return false }
        var k = 0
        for i in name {
            guard names[i] == key[k] else { return false }
            k += 1
        }
        return true
    }

    /// Where every served path starts: at the root, before its first segment.
    var rootStates: [State] {
        paths.indices.compactMap { path in
            guard let segments = paths[path], !segments.isEmpty else { return nil }
            return State(path: path, segment: 0)
        }
    }

    /// Whether some state's segment may select the member `key` (its UTF-8, escapes decoded), and
    /// the states it goes on in: those whose segment selects it and has a segment after it.
    func member(of states: [State], key: UnsafeBufferPointer<UInt8>) -> (selected: Bool, next: [State]) {
        var selected = false
        var next: [State] = []
        for state in states {
            var selects = false
            for index in selectors(of: state.path, segment: state.segment) {
                switch selectors[index] {
                case .name(let name): selects = self.name(name, is: key)
                case .wildcard: selects = true
                case .index, .slice: break
                }
                if selects { break }
            }
            guard selects else { continue }
            selected = true
            if let following = self.following(state) { next.append(following) }
        }
        return (selected, next)
    }

    /// How an array looked into for `states` lists its elements: all of them when some segment may
    /// select many (a wildcard, a slice); else only those an index names: the ones counted from the
    /// start as they come, and the last `keepLast` (the deepest index counted from the end), kept
    /// until the array ends and it is known which they are.
    func arrayListing(for states: [State]) -> (all: Bool, keepLast: Int) {
        var keepLast = 0
        for state in states {
            for index in selectors(of: state.path, segment: state.segment) {
                switch selectors[index] {
                case .wildcard, .slice: return (true, 0)
                case .index(let wanted) where wanted < 0: keepLast = max(keepLast, -wanted)
                case .index, .name: break
                }
            }
        }
        return (false, keepLast)
    }

    /// Whether some state's segment surely selects element `index` of an array, and the states
    /// it goes on in. A negative index or a slice that counts from the end is not decided here.
    func element(of states: [State], index: Int) -> (selected: Bool, next: [State]) {
        var selected = false
        var next: [State] = []
        for state in states {
            let selects = selectors(of: state.path, segment: state.segment).contains { selector in
                switch selectors[selector] {
                case .name: false
                case .wildcard: true
                case .index(let wanted): wanted == index
                case .slice(let start, let end, let step):
                    Self.surelyInSlice(index, start: start ?? 0, end: end, step: step ?? 1)
                }
            }
            guard selects else { continue }
            selected = true
            if let following = following(state) { next.append(following) }
        }
        return (selected, next)
    }

    /// The state after `state`'s segment, when its path has one.
    private func following(_ state: State) -> State? {
        guard let segments = paths[state.path], state.segment + 1 < segments.count else { return nil }
        return State(path: state.path, segment: state.segment + 1)
    }

    /// A forward slice with bounds from the start selects `index` whatever the array's length.
    private static func surelyInSlice(_ index: Int, start: Int, end: Int?, step: Int) -> Bool {
        guard step > 0, start >= 0, end ?? 0 >= 0 else { return false }
        return index >= start && (end.map { index < $0 } ?? true) && (index - start) % step == 0
    }
}
