/// Applies a query's segments to a document (RFC 9535 §2.3–2.5). A node carries its place as an
/// index into one table of (parent, step) entries, so a result's normalized path costs one entry
/// per node however deep the document is. Descendant segments walk with an explicit stack:
/// depth comes from the data and must not become recursion.
struct JSONPathEvaluator {
    /// A node and where it is: `link` indexes `links`, or is `untracked` inside filters.
    struct Located {
        var value: JSONNode
        var link: Int
    }

    struct Link: Sendable {
        var parent: Int
        var element: NormalizedPath.Element
    }

    private struct LinkKey: Hashable {
        var parent: Int
        var element: NormalizedPath.Element
    }

    static let untracked = -1

    let root: JSONNode
    /// Each node once per nodelist, one link per place: for callers that want the set of places
    /// (`$..a..a` would otherwise list a deep node once per way of reaching it, which grows
    /// combinatorially with the number of `..` segments).
    let distinct: Bool
    /// Entry 0 is the root.
    private(set) var links: [Link] = [Link(parent: untracked, element: .index(0))]
    private var linkOfPlace: [LinkKey: Int] = [:]
    var regexes = IRegexpCache()

    init(root: JSONNode, distinct: Bool = false) {
        self.root = root
        self.distinct = distinct
    }

    /// Nodes visited since the last look at cancellation.
    private var sinceCancellationCheck = 0
    /// Set once the task running the evaluation is cancelled: every loop stops, and the result
    /// (partial) is for a caller that no longer wants it.
    private(set) var cancelled = false

    mutating func select(_ segments: [JSONPathSegment], from start: Located) -> [Located] {
        var nodes = [start]
        for segment in segments where !cancelled {
            var next: [Located] = []
            switch segment {
            case .child(let selectors):
                for node in nodes {
                    for selector in selectors { apply(selector, to: node, into: &next) }
                }
            case .descendant(let selectors):
                for node in nodes { descend(from: node, applying: selectors, into: &next) }
            }
            if distinct {
                var seen = Set<Int>()
                next = next.filter { $0.link == Self.untracked || seen.insert($0.link).inserted }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The node, then each of its descendants in document order, each given the selectors.
    private mutating func descend(from start: Located, applying selectors: [JSONPathSelector], into out: inout [Located]) {
        var stack = [start]
        while let node = stack.popLast(), !checkCancellation() {
            for selector in selectors { apply(selector, to: node, into: &out) }
            let before = stack.count
            switch node.value {
            case .array(let items):
                for (index, item) in items.enumerated() { stack.append(child(of: node, .index(index), item)) }
            case .object(let members):
                for member in members { stack.append(child(of: node, .name(member.key), member.value)) }
            default: break
            }
            stack[before...].reverse()
        }
    }

    /// Looks at `Task.isCancelled` every few thousand nodes, so a query the user has already
    /// replaced (the viewer's filter box) stops soon without slowing the walk.
    private mutating func checkCancellation() -> Bool {
        sinceCancellationCheck += 1
        if sinceCancellationCheck >= 4096 {
            sinceCancellationCheck = 0
            cancelled = Task.isCancelled
        }
        return cancelled
    }

    private mutating func apply(_ selector: JSONPathSelector, to node: Located, into out: inout [Located]) {
        switch selector {
        case .name(let name):
            guard case .object(let members) = node.value else { return }
            for member in members where member.key.utf8.elementsEqual(name.utf8) {
                out.append(child(of: node, .name(member.key), member.value))
            }
        case .wildcard:
            switch node.value {
            case .array(let items):
                for (index, item) in items.enumerated() { out.append(child(of: node, .index(index), item)) }
            case .object(let members):
                for member in members { out.append(child(of: node, .name(member.key), member.value)) }
            default: break
            }
        case .index(let wanted):
            guard case .array(let items) = node.value else { return }
            let index = wanted < 0 ? items.count + wanted : wanted
            guard items.indices.contains(index) else { return }
            out.append(child(of: node, .index(index), items[index]))
        case .slice(let start, let end, let step):
            guard case .array(let items) = node.value else { return }
            for index in JSONPathSlice.indices(start: start, end: end, step: step, count: items.count) {
                out.append(child(of: node, .index(index), items[index]))
            }
        case .filter(let expression):
            switch node.value {
            case .array(let items):
                for (index, item) in items.enumerated() where !checkCancellation() && test(expression, current: item) {
                    out.append(child(of: node, .index(index), item))
                }
            case .object(let members):
                for member in members where !checkCancellation() && test(expression, current: member.value) {
                    out.append(child(of: node, .name(member.key), member.value))
                }
            default: break
            }
        }
    }

    private mutating func child(of parent: Located, _ element: NormalizedPath.Element, _ value: JSONNode) -> Located {
        guard parent.link != Self.untracked else { return Located(value: value, link: Self.untracked) }
        if distinct {
            let key = LinkKey(parent: parent.link, element: element)
            if let known = linkOfPlace[key] { return Located(value: value, link: known) }
            linkOfPlace[key] = links.count
        }
        links.append(Link(parent: parent.link, element: element))
        return Located(value: value, link: links.count - 1)
    }
}
