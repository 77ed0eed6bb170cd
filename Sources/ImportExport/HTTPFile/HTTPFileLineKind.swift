import RequestModel

/// What a line outside a request's headers and body says: the small grammar both `.http`
/// dialects share for comments, `@name` tags, file variables and scripts.
enum HTTPFileLineKind: Sendable, Equatable {
    /// `# text` or `// text`.
    case comment
    /// `# @name login`, `// @prompt otp`, `# @no-redirect`: a tag and its value (may be empty).
    case tag(String, String)
    /// `@host = example.com`.
    case variable(NamedValue)
    /// `< {% … %}`, `< ./pre.js` (before the request line) and `> {% … %}`, `> ./after.js`.
    case script(marker: Character)
    /// `>> out.json`, `>>! out.json`: where the response is saved.
    case outputRedirect
    /// `<> 2024-01-01T000000.200.json`: JetBrains' link to an earlier response.
    case responseReference

    /// The kind of a trimmed line, or nil for anything else (a request line, a header, body text).
    static func of(_ trimmed: String) -> HTTPFileLineKind? {
        if trimmed.hasPrefix("<>") { return .responseReference }
        if trimmed.hasPrefix(">>") { return .outputRedirect }
        // `<` or `>` then a space or `{%`: `<query>` and `>text` are body lines, not scripts.
        if let first = trimmed.first, first == "<" || first == ">", trimmed.dropFirst().first.map({ $0 == " " || $0 == "\t" || $0 == "{" }) == true {
            return .script(marker: first)
        }
        if let comment = commentText(trimmed) {
            if comment.hasPrefix("@"), let match = comment.wholeMatch(of: /@([A-Za-z][A-Za-z0-9-]*)(?:\s*=\s*|\s+|$)(.*)/) {
                return .tag(String(match.1), String(match.2).trimmingCharacters(in: .whitespaces))
            }
            return .comment
        }
        // Checked first: Swift regexes are slow, and most lines are headers or body text.
        if trimmed.hasPrefix("@"), let match = trimmed.wholeMatch(of: /@([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)/) {
            return .variable(NamedValue(String(match.1), String(match.2)))
        }
        return nil
    }

    /// The text after `#` or `//`, trimmed; nil when the line is no comment.
    static func commentText(_ trimmed: String) -> String? {
        if trimmed.hasPrefix("#") { return trimmed.dropFirst().trimmingCharacters(in: .whitespaces) }
        if trimmed.hasPrefix("//") { return trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces) }
        return nil
    }
}
