import Foundation
import LocatedYAML

/// The words and values of a capture or assert line (and of bodies that are strings): quoted
/// strings with Hurl's escapes, `/regex/`, `{{templates}}`, numbers, ```` ``` ```` multiline strings
/// that run over several lines, `hex,…;` / `base64,…;` / `file,…;`.
extension HurlCursor {
    static let operators = ["==", "!=", ">=", "<=", ">", "<"]

    /// The next token on this line; nil at the line's end (a comment included).
    mutating func token() throws(FileProblem) -> HurlToken? {
        skipSpaces()
        guard !isAtLineEnd, let first = current else { return nil }
        let (line, column) = (self.line, self.column)
        func made(_ kind: HurlToken.Kind, _ text: String) -> HurlToken { HurlToken(kind: kind, text: text, line: line, column: column) }
        if looksAt("```") {
            let (text, language) = try multiline()
            return made(.string(language: language), text)
        }
        switch first {
        case "\"": return made(.string(language: nil), try quoted(closing: "\""))
        case "`": return made(.string(language: nil), try quoted(closing: "`"))
        case "/": return made(.regex, try regexLiteral())
        default: break
        }
        if looksAt("{{") { return made(.template, try template()) }
        for kind in ["hex", "base64", "file"] where looksAt(kind + ",") {
            return made(.bytes(kind), try bytes(after: kind.count + 1, keepingSpaces: kind == "file"))
        }
        if let symbol = Self.operators.first(where: { looksAt($0) }) {
            advance(by: symbol.count)
            return made(.word, symbol)
        }
        if first.isNumber || (first == "-" && (peek(1)?.isNumber ?? false)) { return made(.number, number()) }
        if first.isLetter || first == "_" { return made(.word, word()) }
        throw problem("unexpected \(String(first).debugDescription)")
    }

    /// Letters, digits, `_` and `-`.
    mutating func word() -> String {
        var text = ""
        while let character = current, character.isLetter || character.isNumber || character == "_" || character == "-" {
            text.append(character)
            advance()
        }
        return text
    }

    mutating func number() -> String {
        var text = ""
        while let character = current, character.isNumber || "-+.eE".contains(character) {
            text.append(character)
            advance()
        }
        return text
    }

    /// `"…"` or `` `…` `` with Hurl's escapes (`\"`, `\\`, `\n`, `\u{2708}`…), on one line.
    mutating func quoted(closing: Character) throws(FileProblem) -> String {
        let start = problem("a string that is not closed with \(closing) on its line")
        advance()
        var text = ""
        while let character = current, !character.isNewline {
            advance()
            if character == closing { return text }
            if character == "\\" { text.append(contentsOf: try escaped()) } else { text.append(character) }
        }
        throw start
    }

    /// The character after a `\`, read.
    mutating func escaped() throws(FileProblem) -> String {
        guard let character = current else { throw problem("a \\ at the end of the file") }
        let place = problem("\\\(character) is not an escape Hurl knows")
        advance()
        switch character {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "u":
            guard current == "{" else { throw place }
            advance()
            var hex = ""
            while let digit = current, digit != "}", !digit.isNewline {
                hex.append(digit)
                advance()
            }
            guard current == "}", let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw problem("\\u{…} needs a Unicode scalar value in hexadecimal")
            }
            advance()
            return String(Character(scalar))
        case "\"", "\\", "`", "#", "/", ":", "'", "{", "}", "$", "[", "]", ",", ";", "=", " ", "@": return String(character)
        default: throw place
        }
    }

    /// `/…/`: the pattern as written, `\/` read as `/`.
    mutating func regexLiteral() throws(FileProblem) -> String {
        let start = problem("a regex that is not closed with / on its line")
        advance()
        var text = ""
        while let character = current, !character.isNewline {
            advance()
            if character == "/" { return text }
            if character == "\\", current == "/" {
                text.append("/")
                advance()
            } else {
                text.append(character)
            }
        }
        throw start
    }

    /// `{{ name }}`, braces kept.
    mutating func template() throws(FileProblem) -> String {
        let start = problem("a {{ that is not closed with }} on its line")
        var text = ""
        while let character = current, !character.isNewline {
            if looksAt("}}") {
                advance(by: 2)
                return text + "}}"
            }
            text.append(character)
            advance()
        }
        throw start
    }

    /// `hex,…;` after the comma, to the `;` (base64 may run over several lines); spaces dropped,
    /// but for a file's name, which is only trimmed.
    mutating func bytes(after prefix: Int, keepingSpaces: Bool) throws(FileProblem) -> String {
        let start = problem("bytes that are not closed with ;")
        advance(by: prefix)
        var text = ""
        while let character = current {
            advance()
            if character == ";" { return text.trimmingCharacters(in: .whitespaces) }
            if keepingSpaces || !character.isWhitespace { text.append(character) }
        }
        throw start
    }

    /// ```` ```lang ```` to a line that starts with ```` ``` ````: the lines between, each with its
    /// line break, as written; or ```` ```text``` ```` on one line.
    mutating func multiline() throws(FileProblem) -> (String, String?) {
        let start = problem("a ``` string that is not closed with ``` at a line's start")
        advance(by: 3)
        let rest = restOfLine()
        if let close = rest.range(of: "```") {
            advance(by: rest.distance(from: rest.startIndex, to: close.upperBound))
            return (String(rest[..<close.lowerBound]), nil)
        }
        skipSpaces()
        let language = word()
        guard isAtLineEnd else { throw problem("expected a language hint (json, xml, graphql, raw…) or the end of the line after ```") }
        skipLine()
        var text = ""
        while !isAtEnd {
            let line = restOfLine()
            if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("```") {
                skipSpaces()
                advance(by: 3)
                return (text, language.isEmpty ? nil : language)
            }
            text += line + "\n"
            skipLine()
        }
        throw start
    }
}
