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

    /// A text prepared once for matching many queries: lower-cased, each character's kind known,
    /// so a keystroke never asks Unicode for case again.
    public struct Candidate: Sendable, Equatable {
        let lower: [Character]
        let kinds: [Kind]

        enum Kind: UInt8, Sendable {
            case lower, upper, digit, separator, other
        }

        public init(_ text: String) {
            let characters = Array(text)
            lower = characters.map { $0.isUppercase ? Character($0.lowercased()) : $0 }
            kinds = characters.map { character in
                if "/ -_.{:?&=".contains(character) { return .separator }
                if character.isNumber { return .digit }
                if character.isUppercase { return .upper }
                if character.isLowercase { return .lower }
                return .other
            }
        }
    }

    /// Nil when `query`'s characters (lower-case) do not all appear in `candidate` in order. An
    /// empty query matches everything with score 0.
    public static func match(_ query: [Character], in candidate: Candidate) -> Result? {
        guard !query.isEmpty else { return Result(score: 0, positions: []) }
        let text = candidate.lower
        // Forward: where the first complete match ends.
        var q = 0, end = -1
        for index in text.indices where text[index] == query[q] {
            q += 1
            if q == query.count { end = index; break }
        }
        guard end >= 0 else { return nil }
        // Backward from that end: the latest start, so the shortest window.
        var positions = [Int](repeating: 0, count: query.count)
        q = query.count - 1
        var index = end
        while q >= 0 {
            if text[index] == query[q] {
                positions[q] = index
                q -= 1
            }
            index -= 1
        }
        return Result(score: score(positions, in: candidate.kinds), positions: positions)
    }

    /// Matches `query` against each candidate; the matching ones, best first (ties keep order).
    public static func rank(_ query: String, _ candidates: [Candidate]) -> [(index: Int, result: Result)] {
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

    static func score(_ positions: [Int], in kinds: [Candidate.Kind]) -> Int {
        var total = 0
        for (n, position) in positions.enumerated() {
            total += matchScore + bonus(at: position, in: kinds)
            if n > 0 {
                let gap = position - positions[n - 1] - 1
                total += gap == 0 ? consecutiveBonus : gapStart + gapExtension * (gap - 1)
            }
        }
        return total
    }

    static func bonus(at position: Int, in kinds: [Candidate.Kind]) -> Int {
        guard position > 0 else { return boundaryBonus }
        switch (kinds[position - 1], kinds[position]) {
        case (.separator, _): return boundaryBonus
        case (.lower, .upper): return camelBonus
        case (.lower, .digit), (.upper, .digit), (.other, .digit): return camelBonus
        default: return 0
        }
    }
}
