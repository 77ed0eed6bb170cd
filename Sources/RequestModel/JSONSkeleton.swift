/// A document as `JSONSkimmer` leaves it: where values lie in the bytes, with the children of only
/// the containers someone looked into. Entry 0 is the root. A container looked into for some
/// paths may list only the children they may select (an array: those their indices name). Asked
/// for children it does not have, or has only for other paths, the skeleton looks into the
/// container again, fully (`lookInto(_:for:skimmer:)`): what the skim chose to record changes its cost,
/// never an answer.
struct JSONSkeleton: Sendable {
    /// Plain values only (no references to count), as there is one per value looked at; positions
    /// are kept in 32 bits (see `maxBytes`), which halves the skeleton of a long array.
    struct Entry: Sendable {
        /// The value's bytes: `start..<end`.
        var start: Int { get { Int(stored.start) } set { stored.start = Int32(newValue) } }
        var end: Int { get { Int(stored.end) } set { stored.end = Int32(newValue) } }
        /// A member's key between its quotes; `keyStart` is -1 for an element or the root.
        var keyStart: Int { Int(stored.keyStart) }
        var keyEnd: Int { Int(stored.keyEnd) }
        var keyEscaped: Bool
        /// Whether the children below are known.
        var lookedInto = false
        /// The children in document order, as a list: the first, the last (to append), the next.
        var firstChild: Int { get { Int(stored.firstChild) } set { stored.firstChild = Int32(newValue) } }
        var lastChild: Int { get { Int(stored.lastChild) } set { stored.lastChild = Int32(newValue) } }
        var nextSibling: Int { get { Int(stored.nextSibling) } set { stored.nextSibling = Int32(newValue) } }
        /// An element's index in its array; the number of elements of an array looked into.
        var index: Int { get { Int(stored.index) } set { stored.index = Int32(newValue) } }
        var count: Int { get { Int(stored.count) } set { stored.count = Int32(newValue) } }
        /// When only some children are listed: the index in `stateLists` of the states they were
        /// chosen for; -1 when all children are listed.
        var partialFor: Int { get { Int(stored.partialFor) } set { stored.partialFor = Int32(newValue) } }

        private var stored: Stored

        private struct Stored: Sendable {
            var start, end, keyStart, keyEnd: Int32
            var firstChild: Int32 = -1, lastChild: Int32 = -1, nextSibling: Int32 = -1, partialFor: Int32 = -1
            var index: Int32 = -1, count: Int32 = 0
        }

        init(start: Int, keyStart: Int = -1, keyEnd: Int = -1, keyEscaped: Bool = false) {
            stored = Stored(start: Int32(start), end: Int32(start), keyStart: Int32(keyStart), keyEnd: Int32(keyEnd))
            self.keyEscaped = keyEscaped
        }
    }

    /// The largest document the skeleton holds (a longer one goes to the parser): positions fit in
    /// 32 bits, and so do entry indices (a value has one entry, and a second when a container
    /// listed in part is read again).
    static let maxBytes = Int(Int32.max / 2)

    var entries: [Entry] = [Entry(start: 0)]
    var stateLists: [[JSONSelectionPlan.State]] = []

    /// Starts (or starts again) the list of children of entry `index`; `partialFor` names the
    /// states the children are chosen for (empty: all of them are listed).
    mutating func beginChildren(of index: Int, partialFor states: [JSONSelectionPlan.State]) {
        entries[index].lookedInto = true
        entries[index].firstChild = -1
        entries[index].lastChild = -1
        entries[index].partialFor = -1
        if !states.isEmpty {
            entries[index].partialFor = stateLists.count
            stateLists.append(states)
        }
    }

    /// A new entry, appended to the children of `parent`; its index.
    mutating func append(_ entry: Entry, to parent: Int) -> Int {
        let index = entries.count
        entries.append(entry)
        let last = entries[parent].lastChild
        if last >= 0 { entries[last].nextSibling = index } else { entries[parent].firstChild = index }
        entries[parent].lastChild = index
        return index
    }

    /// Makes sure the children of container entry `index` that `state` applies its segment to are
    /// listed, looking into it (again, fully) when they are not.
    mutating func lookInto(_ index: Int, for state: JSONSelectionPlan.State, skimmer: JSONSkimmer) throws(JSONProblem) {
        let entry = entries[index]
        if entry.lookedInto, entry.partialFor < 0 || stateLists[entry.partialFor].contains(state) { return }
        try skimmer.lookInto(index, in: &self)
    }

    /// The children of entry `index` as listed, in order.
    func children(of index: Int) -> [Int] {
        var out: [Int] = []
        var child = entries[index].firstChild
        while child >= 0 {
            out.append(child)
            child = entries[child].nextSibling
        }
        return out
    }
}
