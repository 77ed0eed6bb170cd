/// A document as `JSONSkimmer` leaves it: where values lie in the bytes, with the children of only
/// the containers someone looked into. Entry 0 is the root. A container not yet looked into is
/// looked into on demand (`children(of:)`), so the skeleton is a faithful, lazily filled view of
/// the whole document: what the skim chose to record changes its cost, never an answer.
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

        init(start: Int, keyStart: Int = -1, keyEnd: Int = -1, keyEscaped: Bool = false) {
            self.start = start
            self.end = start
            self.keyStart = keyStart
            self.keyEnd = keyEnd
            self.keyEscaped = keyEscaped
        }
    }

    var entries: [Entry] = [Entry(start: 0)]

    /// The children of a container entry, looking into it first if nobody has yet.
    mutating func children(of index: Int, skimmer: JSONSkimmer) throws(JSONProblem) -> [Int] {
        if let children = entries[index].children { return children }
        try skimmer.lookInto(index, in: &self)
        return entries[index].children ?? []
    }
}
