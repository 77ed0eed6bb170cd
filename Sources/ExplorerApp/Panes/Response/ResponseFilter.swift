import TUICore

/// The Response pane's JSONPath filter box (SPEC §7): the path as typed, the body it filters,
/// and what the latest run found. The pane shows the selected nodes in the body's place until
/// the filter closes.
public struct ResponseFilter: Sendable, Equatable {
    /// Why the path typed is not RFC 9535, and where (1-based, in characters of the path).
    public struct Problem: Sendable, Equatable {
        public var message: String
        public var column: Int
    }

    public internal(set) var text = ""
    /// True while typed characters go into the path (Enter keeps the filter and stops editing).
    public internal(set) var isEditing = true
    /// The whole body, shown again when the filter closes.
    public internal(set) var body: BodyDocument
    /// The run whose result is wanted; results of earlier runs are stale.
    public internal(set) var awaited: Int?
    /// How many nodes the shown result selected, and how many of them it shows.
    public internal(set) var matchCount: Int?
    public internal(set) var shownCount: Int?
    /// The last path typed that is invalid: the previous result stays on screen under it.
    public internal(set) var problem: Problem?
    /// Set when the body does not parse as JSON.
    public internal(set) var notJSON: String?

    init(body: BodyDocument) {
        self.body = body
    }

    /// `3 matches`, `1 match`, `20000 of 90000 matches shown`.
    public var countText: String? {
        guard let matchCount else { return nil }
        let noun = matchCount == 1 ? "match" : "matches"
        guard let shownCount, shownCount < matchCount else { return "\(matchCount) \(noun)" }
        return "\(shownCount) of \(matchCount) \(noun) shown"
    }
}
