/// One strict pass over a whole JSON document that builds nothing: it checks the grammar as
/// `JSONParser` does (the same token readers, the same depth limit), records in a `JSONSkeleton`
/// where the children of the containers the plan's paths surely reach lie, and skips the rest.
///
/// It only needs to tell valid from invalid: when it throws, `JSONSelection` has the full parser
/// read the document again to name the problem, so the message and place are the parser's own.
struct JSONSkimmer {
    let bytes: UnsafeBufferPointer<UInt8>
    let plan: JSONSelectionPlan
    private let parser = JSONParser()

    init(bytes: UnsafeBufferPointer<UInt8>, plan: JSONSelectionPlan) {
        self.bytes = bytes
        self.plan = plan
    }

    /// Reads the whole input (one leading BOM allowed) into entry 0 and what the paths reach.
    func skimDocument(into skeleton: inout JSONSkeleton) throws(JSONProblem) {
        let b = bytes
        let start = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        let states = plan.rootStates
        try walk(from: start, to: b.count, top: 0, topStates: states, lookIntoTop: !states.isEmpty, into: &skeleton)
    }

    /// Records the children of entry `index`, a container already read whole (so valid).
    func lookInto(_ index: Int, in skeleton: inout JSONSkeleton) throws(JSONProblem) {
        let entry = skeleton.entries[index]
        try walk(from: entry.start, to: entry.end, top: index, topStates: [], lookIntoTop: true, into: &skeleton)
    }

    private typealias Expect = JSONParser.Expect

    struct Frame {
        let isObject: Bool
        /// This container's entry, or -1 inside a container nobody looks into.
        let entry: Int
        /// Whether its children get entries.
        let recorded: Bool
        /// The paths that reach it and go on into its children.
        let states: [JSONSelectionPlan.State]
        /// Whether every child gets an entry (else only those the states may select).
        let listsAll: Bool
        /// For an array listed in part: how many of its last elements to keep until it ends.
        let keepLast: Int
        /// The last elements, each at `index % keepLast`.
        var last: [Element] = []
        /// The element being read: where it starts, its entry (-1 if none).
        var elementStart = 0
        var elementEntry = -1
        var count = 0
        var keyStart = 0
        var keyEnd = 0
        var keyEscaped = false

        struct Element {
            var index: Int
            var start: Int
            var end: Int
            var entry: Int
        }

        init(isObject: Bool, entry: Int, recorded: Bool, states: [JSONSelectionPlan.State], listing: (all: Bool, keepLast: Int)) {
            self.isObject = isObject
            self.entry = entry
            self.recorded = recorded
            self.states = states
            listsAll = listing.all
            keepLast = listing.keepLast
        }
    }

    private func walk(
        from: Int, to end: Int, top: Int, topStates: [JSONSelectionPlan.State], lookIntoTop: Bool,
        into skeleton: inout JSONSkeleton
    ) throws(JSONProblem) {
        let b = bytes
        var frames: [Frame] = []
        frames.reserveCapacity(16)
        var expect = Expect.value
        var i = from
        while true {
            while i < end {
                let c = b[i]
                guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
                i += 1
            }
            guard i < end else { break }
            let c = b[i]
            switch expect {
            case .value, .firstValue:
                switch c {
                case Byte.openBracket, Byte.openBrace:
                    guard JSONParser.mayOpen(atDepth: frames.count) else { throw invalid(at: i) }
                    let isObject = c == Byte.openBrace
                    var entry = -1
                    var states: [JSONSelectionPlan.State] = []
                    var recorded = false
                    if frames.isEmpty {
                        (entry, states, recorded) = (top, topStates, lookIntoTop)
                        skeleton.entries[top].start = i
                    } else if frames[frames.count - 1].recorded {
                        (entry, states) = try child(of: &frames[frames.count - 1], at: i, into: &skeleton)
                        recorded = entry >= 0 && !states.isEmpty
                    }
                    let listing = !recorded || states.isEmpty ? (all: true, keepLast: 0)
                        : isObject ? (all: false, keepLast: 0) : plan.arrayListing(for: states)
                    if recorded { skeleton.beginChildren(of: entry, partialFor: listing.all ? [] : states) }
                    frames.append(Frame(isObject: isObject, entry: entry, recorded: recorded, states: states, listing: listing))
                    i += 1
                    expect = isObject ? .firstKey : .firstValue
                case Byte.closeBracket where expect == .firstValue:
                    i += 1
                    close(&frames, at: i, &expect, into: &skeleton)
                default:
                    let start = i
                    i = try parser.valueTokenEnd(b, at: i)
                    if frames.isEmpty {
                        skeleton.entries[top].start = start
                        skeleton.entries[top].end = i
                        expect = .end
                    } else {
                        if frames[frames.count - 1].recorded {
                            let (entry, _) = try child(of: &frames[frames.count - 1], at: start, into: &skeleton)
                            if entry >= 0 { skeleton.entries[entry].end = i }
                            if frames[frames.count - 1].keepLast > 0 { frames[frames.count - 1].keep(endingAt: i) }
                        }
                        expect = .commaOrClose
                    }
                }
            case .key, .firstKey:
                if c == Byte.quote {
                    let (keyEnd, escaped) = try parser.skipString(b, from: i)
                    if frames[frames.count - 1].recorded {
                        frames[frames.count - 1].keyStart = i + 1
                        frames[frames.count - 1].keyEnd = keyEnd - 1
                        frames[frames.count - 1].keyEscaped = escaped
                    }
                    i = keyEnd
                    expect = .colon
                } else if c == Byte.closeBrace, expect == .firstKey {
                    i += 1
                    close(&frames, at: i, &expect, into: &skeleton)
                } else {
                    throw invalid(at: i)
                }
            case .colon:
                guard c == Byte.colon else { throw invalid(at: i) }
                i += 1
                expect = .value
            case .commaOrClose:
                switch JSONParser.afterValue(c, inObject: frames[frames.count - 1].isObject) {
                case .next(let next):
                    i += 1
                    expect = next
                case .close:
                    i += 1
                    close(&frames, at: i, &expect, into: &skeleton)
                case .invalid:
                    throw invalid(at: i)
                }
            case .end:
                throw invalid(at: i)
            }
        }
        guard frames.isEmpty, expect == .end else { throw invalid(at: i) }
    }

    private func close(_ frames: inout [Frame], at i: Int, _ expect: inout Expect, into skeleton: inout JSONSkeleton) {
        let frame = frames.removeLast()
        if frame.entry >= 0 { skeleton.entries[frame.entry].end = i }
        if frame.recorded, !frame.isObject { finishArray(frame, into: &skeleton) }
        if !frames.isEmpty, frames[frames.count - 1].keepLast > 0 { frames[frames.count - 1].keep(endingAt: i) }
        expect = frames.isEmpty ? .end : .commaOrClose
    }

    /// A new entry for the value starting at `start` in a recorded container, and the states it
    /// goes on in; -1 for a child of a container listed in part that its paths cannot select.
    private func child(
        of frame: inout Frame, at start: Int, into skeleton: inout JSONSkeleton
    ) throws(JSONProblem) -> (Int, [JSONSelectionPlan.State]) {
        var states: [JSONSelectionPlan.State] = []
        let entry: JSONSkeleton.Entry
        if frame.isObject {
            entry = JSONSkeleton.Entry(start: start, keyStart: frame.keyStart, keyEnd: frame.keyEnd, keyEscaped: frame.keyEscaped)
            if !frame.states.isEmpty {
                let (selected, next) = entry.keyEscaped
                    ? try decodedKey(of: entry).withUnsafeBufferPointer { [plan, states = frame.states] key in plan.member(of: states, key: key) }
                    : plan.member(of: frame.states, key: UnsafeBufferPointer(rebasing: bytes[entry.keyStart..<entry.keyEnd]))
                guard selected else { return (-1, []) }
                states = next
            }
        } else {
            var element = JSONSkeleton.Entry(start: start)
            element.index = frame.count
            frame.count += 1
            frame.elementStart = start
            frame.elementEntry = -1
            if !frame.states.isEmpty {
                let (selected, next) = plan.element(of: frame.states, index: element.index)
                guard selected || frame.listsAll else { return (-1, []) }
                states = next
            }
            entry = element
        }
        let index = skeleton.append(entry, to: frame.entry)
        frame.elementEntry = index
        return (index, states)
    }

    /// Whether name selector `name` names the member of `entry`.
    func key(of entry: JSONSkeleton.Entry, is name: Range<Int>) throws(JSONProblem) -> Bool {
        guard entry.keyEscaped else { return plan.name(name, is: UnsafeBufferPointer(rebasing: bytes[entry.keyStart..<entry.keyEnd])) }
        return try decodedKey(of: entry).withUnsafeBufferPointer { [plan] key in plan.name(name, is: key) }
    }

    /// A member's key with its escapes decoded, as UTF-8.
    private func decodedKey(of entry: JSONSkeleton.Entry) throws(JSONProblem) -> [UInt8] {
        guard let (text, _) = try parser.string(bytes, from: entry.keyStart - 1, final: true) else { throw invalid(at: entry.keyStart) }
        return Array(text.utf8)
    }

    /// The skim's own problems are never shown: the full parser names the real one.
    private func invalid(at i: Int) -> JSONProblem {
        parser.problem(at: i, "not JSON")
    }
}
