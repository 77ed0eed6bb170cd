import Foundation

/// Several JSONPaths answered from a document's bytes in one pass, without building the document:
/// the captures and asserts of a request file on a large response body.
///
/// ```swift
/// let paths = [try JSONPath("$.token"), try JSONPath("$.items[-1].id"), try JSONPath("$..id")]
/// let found = try JSONSelection.values(of: paths, inUTF8: body)   // throws JSONProblem
/// // found[0], found[1]: the nodes; found[2] == nil: `..` needs the tree
/// ```
///
/// A path of child segments with names, indices (negative too), wildcards and slices is served:
/// the document is read once, checked as strictly as `JSONNode.parsing` checks it, and only the
/// selected values become `JSONNode`s. The nodes are those `path.values(in:)` gives on the parsed
/// document, in the same order. Descendant segments (`..`) and filters (`?`) are not served.
public enum JSONSelection {
    /// Whether `values(of:inUTF8:)` answers `path` from the bytes (else its entry is nil).
    public static func serves(_ path: JSONPath) -> Bool {
        JSONSelectionPlan.serves(path)
    }

    /// For each path, the nodes it selects in the JSON document `bytes`, or nil for a path not
    /// served (`serves` is false: evaluate it on `JSONNode.parsing(bytes)`). Throws the problem
    /// `JSONNode.parsing` would throw when `bytes` is not JSON, even when no path is served.
    public static func values(of paths: [JSONPath], inUTF8 bytes: some Collection<UInt8>) throws(JSONProblem) -> [[JSONNode]?] {
        let plan = JSONSelectionPlan(paths)
        let skimmed = bytes.withContiguousStorageIfAvailable { select(plan, in: $0) }
            ?? Array(bytes).withUnsafeBufferPointer { select(plan, in: $0) }
        if let skimmed { return skimmed }
        // Not JSON as the skim reads it: the parser names the problem. Should it accept the
        // document after all (or be past what the skim reads), its tree answers.
        let root = try JSONNode.parsing(bytes)
        return zip(paths, plan.paths).map { path, served in served.map { _ in path.values(in: root) } }
    }

    /// Every path's nodes: the served ones from the bytes, the others from one full parse, made
    /// only when some path needs it.
    public static func allValues(of paths: [JSONPath], inUTF8 bytes: some Collection<UInt8>) throws(JSONProblem) -> [[JSONNode]] {
        guard paths.allSatisfy(serves) else {
            let root = try JSONNode.parsing(bytes)
            return paths.map { $0.values(in: root) }
        }
        return try values(of: paths, inUTF8: bytes).map { $0 ?? [] }
    }

    /// The answers, or nil when the skim finds the bytes are not JSON (or they are too long for it).
    private static func select(_ plan: JSONSelectionPlan, in bytes: UnsafeBufferPointer<UInt8>) -> [[JSONNode]?]? {
        guard bytes.count < JSONSkeleton.maxBytes else { return nil }
        let skimmer = JSONSkimmer(bytes: bytes, plan: plan)
        var skeleton = JSONSkeleton()
        do {
            try skimmer.skimDocument(into: &skeleton)
            var answers: [[JSONNode]?] = []
            for path in plan.paths.indices {
                guard plan.paths[path] != nil else {
                    answers.append(nil)
                    continue
                }
                let found = try evaluate(path: path, in: &skeleton, skimmer: skimmer)
                answers.append(try found.map { entry throws(JSONProblem) in try node(skeleton.entries[entry], in: bytes) })
            }
            return answers
        } catch {
            return nil
        }
    }
}
