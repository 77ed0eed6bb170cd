import RequestModel

/// Structural comparison of two JSON documents: object key order is ignored, numbers compare by
/// value, and the places an ignore query (RFC 9535, SPEC §5) selects in either document are
/// skipped with everything below them. Pure values, so the TUI can show the same differences
/// `replay --check` prints.
public enum JSONDiff {
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        public enum Change: Sendable, Hashable {
            case changed(expected: JSONNode, actual: JSONNode)
            case missing(expected: JSONNode)
            case unexpected(actual: JSONNode)
        }

        public var path: NormalizedPath
        public var change: Change

        /// `$.items[2].name: expected "ann", got "bob"`.
        public var description: String {
            switch change {
            case .changed(let expected, let actual):
                "\(path.readable): expected \(JSONDiff.preview(expected)), got \(JSONDiff.preview(actual))"
            case .missing(let expected): "\(path.readable): missing (expected \(JSONDiff.preview(expected)))"
            case .unexpected(let actual): "\(path.readable): unexpected (got \(JSONDiff.preview(actual)))"
            }
        }
    }

    /// Every difference, in document order, at most `limit` of them.
    public static func compare(expected: JSONNode, actual: JSONNode, ignoring queries: [JSONPath] = [],
                               limit: Int = 100) -> [Difference] {
        // A place either document has (a key only one side has included) counts.
        var ignored = Set<NormalizedPath>()
        for query in queries {
            ignored.formUnion(query.places(in: expected))
            ignored.formUnion(query.places(in: actual))
        }
        var differences: [Difference] = []
        walk(expected, actual, at: .root, ignoring: ignored, limit: limit, into: &differences)
        return differences
    }

    /// Places below an ignored one are never reached: the walk stops there.
    private static func walk(_ expected: JSONNode, _ actual: JSONNode, at path: NormalizedPath, ignoring ignored: Set<NormalizedPath>,
                             limit: Int, into differences: inout [Difference]) {
        guard differences.count < limit, !ignored.contains(path) else { return }
        func note(_ change: Difference.Change, at place: NormalizedPath) {
            guard differences.count < limit, !ignored.contains(place) else { return }
            differences.append(Difference(path: place, change: change))
        }
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for member in left {
                let place = path.appending(.name(member.key))
                if let other = actual[member.key] {
                    walk(member.value, other, at: place, ignoring: ignored, limit: limit, into: &differences)
                } else {
                    note(.missing(expected: member.value), at: place)
                }
            }
            let known = Set(left.map(\.key))
            for member in right where !known.contains(member.key) {
                note(.unexpected(actual: member.value), at: path.appending(.name(member.key)))
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                let place = path.appending(.index(index))
                if index < left.count, index < right.count {
                    walk(left[index], right[index], at: place, ignoring: ignored, limit: limit, into: &differences)
                } else if index < left.count {
                    note(.missing(expected: left[index]), at: place)
                } else {
                    note(.unexpected(actual: right[index]), at: place)
                }
            }
        default:
            if !expected.sameValue(as: actual) { note(.changed(expected: expected, actual: actual), at: path) }
        }
    }

    /// A value as a diff line shows it: compact JSON, cut to 60 characters.
    public static func preview(_ node: JSONNode) -> String {
        let text = node.compactText
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }
}
