/// A compiled RFC 9535 JSONPath query, the one path language of SPEC §7.
///
/// ```swift
/// let path = try JSONPath("$.items[?@.price < 10].name")   // throws JSONPathProblem
/// for match in path.select(in: document) { print(match.path, match.value) }
/// path.values(in: document)                                // just the values
/// ```
///
/// Evaluation looks at `Task.isCancelled` as it goes and stops early when the task running it
/// is cancelled (the result is then partial, for a caller that no longer wants it).
///
/// A path that does not start with `$` is SPEC §7's shorthand (`items.0.id` is
/// `$.items[0].id`, see `JSONPathShorthand`); `init(rfc9535:)` takes the RFC's grammar only.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The path as written.
    public let text: String
    /// The RFC 9535 query it stands for: `text` itself unless it was shorthand.
    public let query: String
    let segments: [JSONPathSegment]

    /// A query, or SPEC §7's shorthand for one.
    public init(_ text: String) throws(JSONPathProblem) {
        guard JSONPathShorthand.isShorthand(text) else {
            try self.init(rfc9535: text)
            return
        }
        let expanded = try JSONPathShorthand.expand(text)
        let segments: [JSONPathSegment]
        do throws(JSONPathProblem) {
            segments = try JSONPathParser.parse(expanded.query)
        } catch {
            throw JSONPathProblem(path: text, message: error.message, column: expanded.column(ofQueryColumn: error.column))
        }
        self.init(text: text, query: expanded.query, segments: segments)
    }

    /// A query in RFC 9535's grammar exactly: it starts with `$`.
    public init(rfc9535 text: String) throws(JSONPathProblem) {
        self.init(text: text, query: text, segments: try JSONPathParser.parse(text))
    }

    /// `$`: the whole document.
    public static let root = JSONPath(text: "$", query: "$", segments: [])

    private init(text: String, query: String, segments: [JSONPathSegment]) {
        self.text = text
        self.query = query
        self.segments = segments
    }

    public var description: String { text }

    /// Whether the query selects at most one node (only names and indices, RFC 9535 §2.3.5.1).
    public var isSingular: Bool { FilterQuery.selectsAtMostOne(segments) }

    /// The selected nodes in the RFC's order, each with its normalized path.
    public func select(in root: JSONNode) -> [JSONPathMatch] {
        var evaluator = JSONPathEvaluator(root: root)
        let found = evaluator.select(segments, from: .init(value: root, link: 0))
        let table = JSONPathMatch.PathTable(links: evaluator.links)
        return found.map { JSONPathMatch(value: $0.value, table: table, link: $0.link) }
    }

    /// The selected values in order (no paths kept).
    public func values(in root: JSONNode) -> [JSONNode] {
        var evaluator = JSONPathEvaluator(root: root)
        return evaluator.select(segments, from: .init(value: root, link: JSONPathEvaluator.untracked)).map(\.value)
    }

    /// The normalized paths of the selected nodes, in order.
    public func paths(in root: JSONNode) -> [NormalizedPath] { select(in: root).map(\.path) }

    /// The places the query selects, each once. Repeats are dropped segment by segment, so this
    /// stays polynomial where the nodelist itself would not (`$..a..a..a` on a deep document).
    public func places(in root: JSONNode) -> Set<NormalizedPath> {
        var evaluator = JSONPathEvaluator(root: root, distinct: true)
        let found = evaluator.select(segments, from: .init(value: root, link: 0))
        let table = JSONPathMatch.PathTable(links: evaluator.links)
        return Set(found.map { JSONPathMatch(value: $0.value, table: table, link: $0.link).path })
    }
}

/// One node a query selected: its value and where it is.
public struct JSONPathMatch: Sendable {
    public let value: JSONNode
    let table: PathTable
    let link: Int

    /// `$['items'][0]`, built when asked for.
    public var path: NormalizedPath {
        var elements: [NormalizedPath.Element] = []
        var link = self.link
        while link > 0 {
            elements.append(table.links[link].element)
            link = table.links[link].parent
        }
        return NormalizedPath(elements.reversed())
    }

    /// The (parent, step) entries of one evaluation, shared by its matches.
    final class PathTable: Sendable {
        let links: [JSONPathEvaluator.Link]
        init(links: [JSONPathEvaluator.Link]) { self.links = links }
    }
}
