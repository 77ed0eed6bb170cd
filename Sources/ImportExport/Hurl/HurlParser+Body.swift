import LocatedYAML
import RequestModel

/// A request's or response's body: JSON to its closing bracket, a ```` ``` ```` multiline
/// string, a `` `oneline` `` string, `base64,…;`, `hex,…;`, `file,…;`, or XML to the response
/// line or the next request.
extension HurlParser {
    mutating func body() throws(FileProblem) -> HurlBody {
        let line = cursor.line
        let kind: HurlBody.Kind
        if cursor.current == "{" || cursor.current == "[" {
            kind = .json(try jsonText())
        } else if cursor.current == "<" {
            return HurlBody(kind: .xml(xmlText()), line: line)
        } else {
            let isMultiline = cursor.looksAt("```")
            let opener = cursor.current
            guard let token = try cursor.token() else { throw cursor.problem("expected a body") }
            switch token.kind {
            case .string(let language) where isMultiline: kind = .multiline(token.text, language: language)
            case .string where opener == "\"": kind = .json(JSONNode.string(token.text).compactText)
            case .string: kind = .oneline(token.text)
            case .bytes("base64"): kind = .base64(token.text)
            case .bytes("hex"): kind = .hex(token.text)
            case .bytes: kind = .file(token.text)
            default: throw problem(at: token, "expected a body")
            }
        }
        cursor.skipSpaces()
        guard cursor.isAtLineEnd else { throw cursor.problem("unexpected text after the body") }
        cursor.skipLine()
        return HurlBody(kind: kind, line: line)
    }

    /// A JSON value to its closing bracket (strings and `{{templates}}` inside it), as written.
    private mutating func jsonText() throws(FileProblem) -> String {
        let start = cursor.problem("a JSON body whose brackets do not close")
        var text = ""
        var depth = 0
        var inString = false
        while let character = cursor.current {
            text.append(character)
            cursor.advance()
            if inString {
                if character == "\\", let next = cursor.current {
                    text.append(next)
                    cursor.advance()
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return text }
            default: break
            }
        }
        throw start
    }

    /// XML lines to the one whose root element closes (or to the response line, the next request or the end).
    private mutating func xmlText() -> String {
        var lines: [String] = []
        var depth = XMLDepth()
        while !cursor.isAtEnd {
            let line = cursor.restOfLine()
            if !lines.isEmpty, [.response, .request].contains(HurlLineKind.of(line)) { break }
            lines.append(line)
            cursor.skipLine()
            if depth.read(line) { break }
        }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

/// How deep in elements an XML text is, read a line at a time: enough to tell where a body's
/// root element closes (declarations, comments and self-closing tags change nothing).
struct XMLDepth {
    private var depth = 0
    private var opened = false

    /// Reads `line`; true once the root element has closed.
    mutating func read(_ line: String) -> Bool {
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[open...]
            guard let close = tag.firstIndex(of: ">") else { return false }
            let inside = tag[tag.index(after: open)..<close]
            if inside.hasPrefix("/") {
                depth -= 1
            } else if !inside.hasPrefix("?"), !inside.hasPrefix("!"), !inside.hasSuffix("/") {
                depth += 1
                opened = true
            }
            rest = tag[tag.index(after: close)...]
        }
        return opened && depth <= 0
    }
}
