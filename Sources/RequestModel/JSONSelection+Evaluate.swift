/// RFC 9535's child segments applied to a skeleton's entries, exactly as `JSONPathEvaluator`
/// applies them to nodes: for each node in order, each selector in order.
extension JSONSelection {
    static func evaluate(path: Int, in skeleton: inout JSONSkeleton, skimmer: JSONSkimmer) throws(JSONProblem) -> [Int] {
        let b = skimmer.bytes
        let plan = skimmer.plan
        var nodes = [0]
        for segment in 0..<(plan.paths[path]?.count ?? 0) {
            let state = JSONSelectionPlan.State(path: path, segment: segment)
            let selectors = plan.selectors(of: path, segment: segment).map { plan.selectors[$0] }
            var next: [Int] = []
            for node in nodes {
                let first = b[skeleton.entries[node].start]
                guard first == Byte.openBrace || first == Byte.openBracket else { continue }
                try skeleton.lookInto(node, for: state, skimmer: skimmer)
                if first == Byte.openBrace {
                    for selector in selectors { try selectMembers(selector, of: node, in: skeleton, skimmer: skimmer, into: &next) }
                } else if skeleton.entries[node].partialFor >= 0 {
                    // Listed in part: only the elements this segment's indices name, by index.
                    let count = skeleton.entries[node].count
                    let listed = skeleton.children(of: node)
                    for case .index(let wanted) in selectors {
                        let index = wanted < 0 ? count + wanted : wanted
                        if let child = listed.first(where: { skeleton.entries[$0].index == index }) { next.append(child) }
                    }
                } else if selectors.allSatisfy({ $0 == .wildcard }) {
                    for _ in selectors { next.append(contentsOf: skeleton.children(of: node)) }
                } else {
                    let children = skeleton.children(of: node)
                    for selector in selectors { selectElements(selector, of: children, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    private static func selectMembers(
        _ selector: JSONSelectionPlan.Selector, of node: Int, in skeleton: JSONSkeleton, skimmer: JSONSkimmer,
        into out: inout [Int]
    ) throws(JSONProblem) {
        var child = skeleton.entries[node].firstChild
        while child >= 0 {
            let entry = skeleton.entries[child]
            switch selector {
            case .name(let name): if try skimmer.key(of: entry, is: name) { out.append(child) }
            case .wildcard: out.append(child)
            case .index, .slice: return
            }
            child = entry.nextSibling
        }
    }

    private static func selectElements(_ selector: JSONSelectionPlan.Selector, of children: [Int], into out: inout [Int]) {
        switch selector {
        case .name: break
        case .wildcard: out.append(contentsOf: children)
        case .index(let wanted):
            let index = wanted < 0 ? children.count + wanted : wanted
            if children.indices.contains(index) { out.append(children[index]) }
        case .slice(let start, let end, let step):
            for index in JSONPathSlice.indices(start: start, end: end, step: step, count: children.count) {
                out.append(children[index])
            }
        }
    }

    /// The value of an entry, built from its bytes (which the skim has already checked).
    static func node(_ entry: JSONSkeleton.Entry, in b: UnsafeBufferPointer<UInt8>) throws(JSONProblem) -> JSONNode {
        let parser = JSONParser()
        switch b[entry.start] {
        case Byte.quote:
            guard let (text, _) = try parser.string(b, from: entry.start, final: true) else { break }
            return .string(text)
        case Byte.minus, Byte.zero...Byte.nine:
            return .number(String(decoding: UnsafeBufferPointer(rebasing: b[entry.start..<entry.end]), as: UTF8.self))
        case Byte.openBrace, Byte.openBracket:
            return try JSONNode.parsing(UnsafeBufferPointer(rebasing: b[entry.start..<entry.end]))
        default:
            guard let (literal, _) = try parser.literal(b, from: entry.start, final: true) else { break }
            return literal
        }
        return try JSONNode.parsing(UnsafeBufferPointer(rebasing: b[entry.start..<entry.end]))
    }
}
