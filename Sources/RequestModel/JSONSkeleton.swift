/// A document as `JSONSkimmer` leaves it: where values lie in the bytes, with the children of only
/// the containers someone looked into. Entry 0 is the root. An array looked into lists all its
/// elements; an object looked into for some paths lists only the members they may select. Asked
/// for children it does not have, or has only for other paths, the skeleton looks into the
/// container again, fully (`children(of:for:)`): what the skim chose to record changes its cost,
/// never an answer.
struct JSONSkeleton: Sendable {
    /// Plain values only (no references to count), as there is one per value looked at.
    struct Entry: Sendable {
        /// The value's bytes: `start..<end`.
        var start: Int
        var end: Int
        /// A member's key between its quotes; `keyStart` is -1 for an element or the root.
        var keyStart: Int
        var keyEnd: Int
        var keyEscaped: Bool
        /// Whether the children below are known.
        var lookedInto = false
        /// The children in document order, as a list: the first, the last (to append), the next.
        var firstChild = -1
        var lastChild = -1
        var nextSibling = -1
        /// When only some members are listed: the index in `stateLists` of the states they were
        /// chosen for; -1 when all children are listed.
        var partialFor = -1

        init(start: Int, keyStart: Int = -1, keyEnd: Int = -1, keyEscaped: Bool = false) {
            self.start = start
            self.end = start
            self.keyStart = keyStart
            self.keyEnd = keyEnd
            self.keyEscaped = keyEscaped
        }
    }

    var entries: [Entry] = [Entry(start: 0)]
    var stateLists: [[JSONSelectionPlan.State]] = []

    /// Starts (or starts again) the list of children of entry `index`; `partialFor` names the
    /// states an object's members are chosen for (empty: all of them are listed).
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
