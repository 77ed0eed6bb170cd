/// Equality as RFC 9535 §2.3.5.2.2 defines it for filter comparisons: numbers by value, strings
/// by their Unicode scalars (not canonical equivalence, as Swift's `==` would), arrays item by
/// item, objects by the same names with equal values (the last of a repeated name). Iterative,
/// so a deeply nested value cannot exhaust the stack.
extension JSONNode {
    public func equalsInJSONPath(_ other: JSONNode) -> Bool {
        var pending: [(JSONNode, JSONNode)] = [(self, other)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null): continue
            case (.bool(let a), .bool(let b)): guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard (Self.compareNumbers(a, b).map { $0 == 0 }) ?? (a == b) else { return false }
            case (.string(let a), .string(let b)): guard a.utf8.elementsEqual(b.utf8) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                let leftByName = Self.lastByName(a)
                let rightByName = Self.lastByName(b)
                guard leftByName.count == rightByName.count else { return false }
                for (name, member) in leftByName {
                    guard let match = rightByName[name], match.key.utf8.elementsEqual(member.key.utf8) else { return false }
                    pending.append((member.value, match.value))
                }
            default: return false
            }
        }
        return true
    }

    private static func lastByName(_ members: [Member]) -> [String: Member] {
        var byName: [String: Member] = [:]
        for member in members { byName[member.key] = member }
        return byName
    }
}
