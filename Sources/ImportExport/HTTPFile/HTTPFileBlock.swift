/// One line of a `.http` file: its text without the line break, and its 1-based number.
struct HTTPFileLine: Sendable, Equatable {
    var number: Int
    var text: String

    /// The text without the whitespace around it.
    var trimmed: String { text.trimmingCharacters(in: .whitespaces) }
}

/// A `.http` file cut at its separators: a line that starts with `###` (JetBrains and REST
/// Client both take three or more `#`) ends one request and starts the next. Each block holds
/// at most one request.
struct HTTPFileBlock: Sendable, Equatable {
    /// The text after the `#`s, trimmed; nil for the lines before the first separator.
    var title: String?
    var lines: [HTTPFileLine]

    static func blocks(in text: String) -> [HTTPFileBlock] {
        var blocks = [HTTPFileBlock(title: nil, lines: [])]
        // `\r\n` is one Character in Swift: split on it as well as on `\n`.
        let rawLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in rawLines.enumerated() {
            let line = raw.last == "\r" ? String(raw.dropLast()) : String(raw)
            if line.hasPrefix("###") {
                blocks.append(HTTPFileBlock(title: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces), lines: []))
            } else {
                blocks[blocks.count - 1].lines.append(HTTPFileLine(number: index + 1, text: line))
            }
        }
        return blocks
    }
}
