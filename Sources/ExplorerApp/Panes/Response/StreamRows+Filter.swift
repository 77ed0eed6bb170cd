import RequestModel

/// Finding rows of a stream or WebSocket log (SPEC §10, §12): `/` picks the newest row holding a
/// text, `n` the next older one; `f` keeps only the rows a JSONPath selects something from, each
/// shown as what it selects, and rows that come while it is on are filtered as they come.
extension StreamRows {
    public struct RowFilter: Sendable, Equatable {
        public internal(set) var text = ""
        public internal(set) var isEditing = true
        /// Why the path does not parse (the rows shown stay those of the last path that did).
        public internal(set) var problem: String?
        var path: JSONPath?
        /// The rows that match, their data replaced by what the path selects.
        public internal(set) var shown: [Row] = []
        /// Matches dropped from the front to stay within `capacity`.
        var dropped = 0
    }

    /// The rows on screen: all of them, or the filter's.
    public var visible: [Row] { rowFilter?.shown ?? rows }

    /// Sets the filter's path: every kept row is tried again (an empty path shows them all).
    mutating func filter(by text: String) {
        guard var filter = rowFilter else { return }
        filter.text = text
        selected = nil
        guard !text.isEmpty else {
            filter.path = nil
            filter.problem = nil
            filter.shown = rows
            rowFilter = filter
            return
        }
        do throws(JSONPathProblem) {
            filter.path = try JSONPath(text)
            filter.problem = nil
            filter.shown = rows.compactMap { Self.match($0, filter.path) }
        } catch {
            filter.problem = error.description
        }
        rowFilter = filter
    }

    /// A row that came while the filter is on joins it when it matches.
    mutating func filterArrived(_ row: Row) {
        guard var filter = rowFilter, let match = Self.match(row, filter.path) else { return }
        rowFilter = nil  // one owner of `shown`, so it grows in place
        filter.shown.append(match)
        if filter.shown.count > Self.capacity {
            let excess = filter.shown.count - Self.capacity + Self.capacity / 5
            filter.shown.removeFirst(excess)
            filter.dropped += excess
            if let picked = selected { selected = picked >= excess ? picked - excess : nil }
        }
        rowFilter = filter
    }

    /// The row as the filter shows it: what `path` selects from its JSON, compact; nil when it is
    /// not JSON or nothing is selected. Without a path every row is shown as it is.
    private static func match(_ row: Row, _ path: JSONPath?) -> Row? {
        guard let path else { return row }
        guard let node = JSONNode.parse(row.data) else { return nil }
        let values = path.values(in: node)
        guard !values.isEmpty else { return nil }
        var shown = row
        shown.data = values.map(\.compactText).joined(separator: ", ")
        return shown
    }

    /// Picks the row holding `query` nearest above the picked one (the newest when none is
    /// picked, `older` false: below it); false when no row holds it.
    mutating func find(_ query: String, older: Bool, fromNewest: Bool = false) -> Bool {
        let rows = visible
        guard !rows.isEmpty else { return false }
        let start = fromNewest ? rows.count : (selected ?? rows.count)
        let order = older ? Array((0..<start).reversed()) + Array((start..<rows.count).reversed())
                          : Array((start + 1)..<max(start + 1, rows.count)) + Array(0...min(start, rows.count - 1))
        guard let found = order.first(where: { rows[$0].data.contains(query) || (rows[$0].type ?? "").contains(query) })
        else { return false }
        selected = found
        return true
    }
}
