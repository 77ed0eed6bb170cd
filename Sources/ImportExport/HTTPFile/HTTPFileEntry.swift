import RequestModel

/// One request as a `.http` file writes it, before its body is read: what
/// `HTTPFileRequestParser` finds in a block.
struct HTTPFileEntry: Sendable, Equatable {
    /// From `# @name`; nil when the block has none.
    var tagName: String?
    /// The separator's text (`### Create pet` → `Create pet`); nil or empty when it has none.
    var title: String?
    /// The comment lines before the request line, one per line (`# …`, `// …`).
    var comments: [String] = []
    var method: String
    /// As written, continuation lines joined.
    var url: String
    var requestLine: HTTPFileLine
    var headers: [NamedValue]
    /// Between the blank line after the headers and the next separator or handler, blank lines
    /// around it trimmed.
    var body: [HTTPFileLine]
    /// Scripts, redirects and tags it carries that explorer does not run, each with why.
    var notes: [String]
}
