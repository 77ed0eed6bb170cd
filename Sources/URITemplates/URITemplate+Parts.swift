extension URITemplate {
    /// An expansion split for an HTTP client, which sets path and query of a URL separately.
    /// All three are percent-encoded already.
    public struct Parts: Sendable, Hashable {
        /// Everything before the query: the path, plus scheme and authority if the template has them.
        public var path: String
        /// The query without its leading `?` (or `&`); nil when nothing started one.
        public var query: String?
        /// The fragment without its `#`; nil when there is none. HTTP requests do not send it.
        public var fragment: String?

        public init(path: String, query: String? = nil, fragment: String? = nil) {
            self.path = path
            self.query = query
            self.fragment = fragment
        }
    }

    /// Expands like `expand(_:)`, then splits the result. The query starts at the first output of a `{?…}`
    /// or `{&…}` expression, or at a `?` in literal text or `{+…}` output, whichever comes first; the
    /// fragment likewise at `{#…}` or a `#`. A `{&…}` that starts the query loses its `&`, so
    /// `/items{&page}` gives query `page=2`; otherwise `path + "?" + query` equals `expand(_:)`.
    public func expandParts(_ variables: [String: Value]) throws(URITemplateError) -> Parts {
        var splitter = Splitter()
        try expandPieces(variables) { text, op in splitter.add(text, from: op) }
        return splitter.parts
    }

    /// Routes each piece of output to the current section; sections only move forward.
    private struct Splitter {
        enum Section { case path, query, fragment }
        var parts = Parts(path: "")
        var section = Section.path

        mutating func add(_ text: String, from op: Operator?) {
            guard !text.isEmpty else { return }
            switch op {
            // One pattern with one where clause: in `case .a, .b where x` the clause guards only `.b`.
            case let op? where (op == .query || op == .queryContinuation) && section == .path:
                enter(.query)
                append(text.dropFirst())
            case .fragment? where section != .fragment:
                enter(.fragment)
                append(text.dropFirst())
            case nil, .reserved?:
                // Literal text and reserved expansion may carry the delimiters themselves ("?a=1#top").
                var rest = text[...]
                while let cut = rest.utf8.firstIndex(where: isDelimiter) {
                    append(rest[..<cut])
                    enter(rest.utf8[cut] == UInt8(ascii: "?") ? .query : .fragment)
                    rest = rest[rest.utf8.index(after: cut)...]
                }
                append(rest)
            default:
                append(text[...])
            }
        }

        private func isDelimiter(_ byte: UInt8) -> Bool {
            (byte == UInt8(ascii: "?") && section == .path) || (byte == UInt8(ascii: "#") && section != .fragment)
        }

        private mutating func enter(_ next: Section) {
            section = next
            if next == .query { parts.query = "" } else { parts.fragment = "" }
        }

        private mutating func append(_ text: Substring) {
            switch section {
            case .path: parts.path += text
            case .query: parts.query?.append(contentsOf: text)  // non-nil once entered
            case .fragment: parts.fragment?.append(contentsOf: text)
            }
        }
    }
}
