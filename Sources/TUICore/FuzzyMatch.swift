/// fzf-style fuzzy matching: the query's characters appear in the candidate in order, case
/// ignored; a match scores higher when its letters start words (after `/`, space, `-`, `_`, `.`,
/// `{`, or a lower-to-upper case change) and run together, lower when gaps separate them. Like
/// fzf's v1 algorithm: a forward scan finds the first end of a match, a backward scan from there
/// the shortest one, which is then scored.
public enum FuzzyMatch {
    public struct Result: Sendable, Equatable {
        public var score: Int
        /// Character offsets in the candidate of the matched letters, ascending.
        public var positions: [Int]
    }

    static let matchScore = 16, boundaryBonus = 8, camelBonus = 7, consecutiveBonus = 4
    static let gapStart = -3, gapExtension = -1

    /// Nil when `query`'s characters do not all appear in `candidate` in order. An empty query
    /// matches everything with score 0.
    public static func match(_ query: [Character], in candidate: [Character]) -> Result? {
        guard !query.isEmpty else { return Result(score: 0, positions: []) }
        // Forward: where the first complete match ends.
        var q = 0, end = -1
        for (index, character) in candidate.enumerated() where same(character, query[q]) {
            q += 1
            if q == query.count { end = index; break }
        }
        guard end >= 0 else { return nil }
        // Backward from that end: the latest start, so the shortest window.
        var positions = [Int](repeating: 0, count: query.count)
        q = query.count - 1
        var index = end
        while q >= 0 {
            if same(candidate[index], query[q]) {
                positions[q] = index
                q -= 1
            }
            index -= 1
        }
        return Result(score: score(positions, in: candidate), positions: positions)
    }

    /// Matches `query` against each candidate; the matching ones, best first (ties keep order).
    public static func rank(_ query: String, _ candidates: [[Character]]) -> [(index: Int, result: Result)] {
        let needle = Array(query.lowercased())
        var found: [(index: Int, result: Result)] = []
        for (index, candidate) in candidates.enumerated() {
            if let result = match(needle, in: candidate) { found.append((index, result)) }
        }
        if needle.isEmpty { return found }
        return found.enumerated().sorted { left, right in
            left.element.result.score != right.element.result.score ? left.element.result.score > right.element.result.score : left.offset < right.offset
        }.map(\.element)
    }

    static func score(_ positions: [Int], in candidate: [Character]) -> Int {
        var total = 0
        for (n, position) in positions.enumerated() {
            total += matchScore + bonus(at: position, in: candidate)
            if n > 0 {
                let gap = position - positions[n - 1] - 1
                total += gap == 0 ? consecutiveBonus : gapStart + gapExtension * (gap - 1)
            }
        }
        return total
    }

    static func bonus(at position: Int, in candidate: [Character]) -> Int {
        guard position > 0 else { return boundaryBonus }
        let previous = candidate[position - 1], current = candidate[position]
        if "/ -_.{:?&=".contains(previous) { return boundaryBonus }
        if previous.isLowercase && current.isUppercase { return camelBonus }
        if !previous.isNumber && current.isNumber { return camelBonus }
        return 0
    }

    /// Case-insensitive for the query's lower-case letters, as fzf's smart case without the upper case.
    @inline(__always)
    static func same(_ candidate: Character, _ query: Character) -> Bool {
        candidate == query || (candidate.isUppercase && Character(candidate.lowercased()) == query)
    }
}
