/// The paths `JSONSelection` can answer from the bytes, compiled: child segments of names,
/// indices, wildcards and slices only. It tells the skim which members a path may select (only
/// those get entries) and which children a path surely goes on into, so those are looked into as
/// the document is read; any other container is looked into later if the exact evaluation needs it
/// (which element `-1` is, is known only once the array ends).
struct JSONSelectionPlan: Sendable {
    enum Selector: Sendable, Equatable {
        /// The name's UTF-8, compared with a key's bytes.
        case name([UInt8])
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
    }

    /// A node some path has reached after `segment` of its segments: the next one applies to its children.
    struct State: Sendable, Equatable {
        var path: Int
        var segment: Int
    }

    /// Per path, the selectors of each of its segments; nil for a path the plan does not serve.
    let paths: [[[Selector]]?]

    init(_ paths: [JSONPath]) {
        self.paths = paths.map { Self.segments(of: $0) }
    }

    /// The segments of `path` as the plan reads them, or nil when one needs the whole tree
    /// (a descendant segment, a filter).
    static func segments(of path: JSONPath) -> [[Selector]]? {
        var out: [[Selector]] = []
        for segment in path.segments {
            guard case .child(let selectors) = segment else { return nil }
            var compiled: [Selector] = []
            for selector in selectors {
                switch selector {
                case .name(let name): compiled.append(.name(Array(name.utf8)))
                case .wildcard: compiled.append(.wildcard)
                case .index(let index): compiled.append(.index(index))
                case .slice(let start, let end, let step): compiled.append(.slice(start: start, end: end, step: step))
                case .filter: return nil
                }
            }
            out.append(compiled)
        }
        return out
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
        let following = next(states) { selector in
            let selects = switch selector {
            case .name(let name): name.elementsEqual(key)
            case .wildcard: true
            case .index, .slice: false
            }
            selected = selected || selects
            return selects
        }
        return (selected, following)
    }

    /// The states element `index` of an array goes on in. A negative index or a slice that counts
    /// from the end is not decided here: the element is looked into later if the evaluation picks it.
    func elementStates(of states: [State], index: Int) -> [State] {
        next(states) { selector in
            switch selector {
            case .name: false
            case .wildcard: true
            case .index(let wanted): wanted == index
            case .slice(let start, let end, let step):
                Self.surelyInSlice(index, start: start ?? 0, end: end, step: step ?? 1)
            }
        }
    }

    private func next(_ states: [State], _ selects: (Selector) -> Bool) -> [State] {
        var out: [State] = []
        for state in states {
            guard let segments = paths[state.path], segments[state.segment].contains(where: selects),
                  state.segment + 1 < segments.count else { continue }
            out.append(State(path: state.path, segment: state.segment + 1))
        }
        return out
    }

    /// A forward slice with bounds from the start selects `index` whatever the array's length.
    private static func surelyInSlice(_ index: Int, start: Int, end: Int?, step: Int) -> Bool {
        guard step > 0, start >= 0, end ?? 0 >= 0 else { return false }
        return index >= start && (end.map { index < $0 } ?? true) && (index - start) % step == 0
    }
}
