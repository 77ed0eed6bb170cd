/// A document as `JSONSkimmer` leaves it: where values lie in the bytes, with the children of only
/// the containers someone looked into. Entry 0 is the root. An array looked into lists all its
/// elements; an object looked into for some paths lists only the members they may select. Asked
/// for children it does not have, or has only for other paths, the skeleton looks into the
/// container again, fully (`children(of:for:)`): what the skim chose to record changes its cost,
/// never an answer.
struct JSONSkeleton: Sendable {
    struct Entry: Sendable {
        /// The value's bytes: `start..<end`.
        var start: Int
        var end: Int
        /// A member's key between its quotes; `keyStart` is -1 for an element or the root.
        var keyStart: Int
        var keyEnd: Int
        var keyEscaped: Bool
        /// The children's entries in document order, once looked into.
        var children: [Int]?
        /// When only some members are listed: the states they were chosen for.
        var partialFor: [JSONSelectionPlan.State]?

        init(start: Int, keyStart: Int = -1, keyEnd: Int = -1, keyEscaped: Bool = false) {
            self.start = start
            self.end = start
            self.keyStart = keyStart
            self.keyEnd = keyEnd
            self.keyEscaped = keyEscaped
        }
    }

    var entries: [Entry] = [Entry(start: 0)]

    /// The children of a container entry that `state` applies its segment to, looking into it
    /// (again, fully) when they are not all known for that state.
    mutating func children(of index: Int, for state: JSONSelectionPlan.State, skimmer: JSONSkimmer) throws(JSONProblem) -> [Int] {
        if let children = entries[index].children, entries[index].partialFor?.contains(state) ?? true { return children }
        try skimmer.lookInto(index, in: &self)
        return entries[index].children ?? []
    }
}
