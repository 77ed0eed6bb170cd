import LocatedYAML
import RequestModel

/// Reads one block of a `.http` file (`HTTPFileBlock`): the lines before the request line
/// (comments, `# @name`, `@var = value`, pre-request scripts), the request line `METHOD URL
/// [HTTP/1.1]` or a bare URL (GET) with its indented continuation lines, the headers up to a
/// blank line, the body, and the response handlers and redirects after it. Pure: nothing is read
/// from disk here.
struct HTTPFileRequestParser: Sendable {
    struct Result: Sendable, Equatable {
        /// File variables the block defines, in order.
        var variables: [NamedValue] = []
        /// Nil when the block holds no request (only comments or variables).
        var entry: HTTPFileEntry?
        /// What was left out of a block without a request.
        var notes: [String] = []
    }

    /// The path FileProblems name.
    let file: String

    static let knownMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "QUERY"]

    func parse(_ block: HTTPFileBlock) throws(FileProblem) -> Result {
        var result = Result()
        let lines = block.lines
        var index = 0
        var tagName: String?
        var comments: [String] = []
        var notes: [String] = []
        // Before the request line.
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmed
            if trimmed.isEmpty { index += 1; continue }
            guard let kind = HTTPFileLineKind.of(trimmed) else { break }
            switch kind {
            case .comment:
                if let text = HTTPFileLineKind.commentText(trimmed), !text.isEmpty { comments.append(text) }
                index += 1
            case .tag(let tag, let value):
                switch tag {
                case "name": tagName = value
                case "prompt": notes.append("`# @prompt \(value)`: asks for a value when run; explorer has no prompt, write it as a variable")
                default: notes.append("`# @\(tag)`: a per-request setting explorer does not import")
                }
                index += 1
            case .variable(let variable):
                result.variables.append(variable)
                index += 1
            case .script(let marker):
                let end = try scriptEnd(lines, from: index)
                let what = marker == "<" ? "pre-request script" : "response handler before the request line"
                notes.append("\(what) at line \(line.number): explorer runs no scripts")
                index = end
            case .outputRedirect, .responseReference:
                notes.append("`\(trimmed)` at line \(line.number): no request before it")
                index += 1
            }
        }
        guard index < lines.count else {
            result.notes = notes
            return result
        }
        let requestLine = lines[index]
        var (method, url) = try self.requestLine(requestLine)
        index += 1
        // Indented lines right after the request line continue its URL (`    ?page=2`, `    &x=1`).
        while index < lines.count, let first = lines[index].text.first, first == " " || first == "\t", !lines[index].trimmed.isEmpty {
            url += lines[index].trimmed
            index += 1
        }
        url = Self.withoutVersion(url)
        var headers: [NamedValue] = []
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmed
            if trimmed.isEmpty { index += 1; break }
            if let kind = HTTPFileLineKind.of(trimmed) {
                if case .comment = kind { index += 1; continue }
                if case .tag = kind { index += 1; continue }
                break
            }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                  !trimmed[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw problem(line, column: column(of: line), "expected a header `Name: value`, or a blank line before the body")
            }
            headers.append(NamedValue(String(trimmed[..<colon]), trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            index += 1
        }
        var body: [HTTPFileLine] = []
        var ended = false
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmed
            switch HTTPFileLineKind.of(trimmed) {
            case .script(marker: ">"):
                let end = try scriptEnd(lines, from: index)
                notes.append("response handler at line \(line.number): explorer runs no scripts")
                index = end
                ended = true
            case .outputRedirect:
                notes.append("`\(trimmed)` at line \(line.number): the response is not saved to a file")
                index += 1
                ended = true
            case .responseReference:
                notes.append("`\(trimmed)` at line \(line.number): a link to an earlier response")
                index += 1
                ended = true
            default:
                // Text after a handler is no body (only more handlers belong there).
                if !ended { body.append(line) }
                index += 1
            }
        }
        while body.first?.trimmed.isEmpty == true { body.removeFirst() }
        while body.last?.trimmed.isEmpty == true { body.removeLast() }
        result.entry = HTTPFileEntry(tagName: tagName, title: block.title, comments: comments, method: method, url: url,
                                     requestLine: requestLine, headers: headers, body: body, notes: notes)
        return result
    }

    /// `METHOD URL [HTTP/x]` or a bare URL (GET).
    func requestLine(_ line: HTTPFileLine) throws(FileProblem) -> (String, String) {
        let trimmed = line.trimmed
        let withoutVersion = Self.withoutVersion(trimmed)
        if Self.isBareURL(withoutVersion) { return ("GET", withoutVersion) }
        let word = withoutVersion.prefix { !$0.isWhitespace }
        let method = word.uppercased()
        guard word.allSatisfy({ $0.isASCII && $0.isLetter }), word == method || Self.knownMethods.contains(method) else {
            throw problem(line, column: column(of: line), "expected a request line `METHOD URL` (or a URL), found `\(trimmed.prefix(40))`")
        }
        let url = withoutVersion.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty else {
            throw problem(line, column: column(of: line) + word.count, "expected a URL after `\(word)`")
        }
        return (method, url)
    }

    /// The text without a final ` HTTP/1.1` (on the request line or its last continuation).
    static func withoutVersion(_ text: String) -> String {
        guard text.contains("HTTP/") else { return text }
        return text.replacing(/\s+HTTP\/\d(\.\d)?$/, with: "")
    }

    /// `https://…`, `http://…`, `{{host}}/…` or `/path`: a request line without a method.
    static func isBareURL(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("{{") || text.hasPrefix("/")
    }

    /// The index after a script: `{% … %}` over as many lines as it takes, or one `< ./file.js` line.
    func scriptEnd(_ lines: [HTTPFileLine], from start: Int) throws(FileProblem) -> Int {
        let first = lines[start]
        guard let open = first.text.range(of: "{%") else { return start + 1 }
        if first.text[open.upperBound...].contains("%}") { return start + 1 }
        var index = start + 1
        while index < lines.count {
            if lines[index].text.contains("%}") { return index + 1 }
            index += 1
        }
        let column = first.text.distance(from: first.text.startIndex, to: open.lowerBound) + 1
        throw problem(first, column: column, "a script `{%` that is never closed: expected `%}` before the next `###` or the end of the file")
    }

    /// 1-based column of the line's first non-blank character.
    func column(of line: HTTPFileLine) -> Int {
        line.text.prefix { $0 == " " || $0 == "\t" }.count + 1
    }

    func problem(_ line: HTTPFileLine, column: Int, _ message: String) -> FileProblem {
        FileProblem(file: file, line: line.number, column: column, key: nil, message: message)
    }
}
