/// Tab in the Open prompt: the typed path completed against the names in its directory (the
/// loop lists them; a directory's name ends with `/`). The longest extension all candidates
/// share is added; when several remain they are returned to show.
public enum PathCompletion {
    /// The directory whose entries complete `typed`: up to its last `/` (`.` when none).
    public static func directory(of typed: String) -> String {
        guard let slash = typed.lastIndex(of: "/") else { return "." }
        let directory = String(typed[...slash])
        return directory.isEmpty ? "/" : directory
    }

    public static func complete(_ typed: String, entries: [String]) -> (text: String, alternatives: [String]) {
        let stem = typed.lastIndex(of: "/").map { String(typed[typed.index(after: $0)...]) } ?? typed
        let base = String(typed.dropLast(stem.count))
        // Hidden files only when asked for with a leading dot.
        let candidates = entries.filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard let first = candidates.first else { return (typed, []) }
        var shared = first
        for candidate in candidates.dropFirst() {
            shared = String(zip(shared, candidate).prefix { $0 == $1 }.map(\.0))
        }
        return (base + shared, candidates.count > 1 ? candidates : [])
    }
}
