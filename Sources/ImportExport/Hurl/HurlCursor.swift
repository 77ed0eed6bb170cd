import Foundation
import LocatedYAML

/// A place in a Hurl file, read a character at a time: its 1-based line and column, so every
/// refusal names `FILE:LINE:COLUMN`.
struct HurlCursor {
    let file: String
    private let characters: [Character]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(_ text: String, file: String) {
        self.file = file
        characters = Array(text)
    }

    var isAtEnd: Bool { index >= characters.count }
    var current: Character? { isAtEnd ? nil : characters[index] }

    func peek(_ offset: Int = 0) -> Character? {
        let at = index + offset
        return at < characters.count ? characters[at] : nil
    }

    /// Whether the text here starts with `prefix`.
    func looksAt(_ prefix: String) -> Bool {
        var at = index
        for character in prefix {
            guard at < characters.count, characters[at] == character else { return false }
            at += 1
        }
        return true
    }

    mutating func advance() {
        guard let character = current else { return }
        index += 1
        if character.isNewline {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Spaces and tabs, not line ends.
    mutating func skipSpaces() {
        while let character = current, character == " " || character == "\t" { advance() }
    }

    /// The end of a line: spaces, then a `#` comment or nothing, then the line break (or the end).
    var isAtLineEnd: Bool {
        var at = index
        while at < characters.count, characters[at] == " " || characters[at] == "\t" { at += 1 }
        return at >= characters.count || characters[at].isNewline || characters[at] == "#"
    }

    /// Past the rest of this line, its comment and its line break.
    mutating func skipLine() {
        while let character = current, !character.isNewline { advance() }
        advance()
    }

    /// Past lines that hold only spaces or a comment; on the first character of the next line that holds more.
    mutating func skipBlankLines() {
        while !isAtEnd {
            let start = (index, line, column)
            skipSpaces()
            if isAtLineEnd {
                skipLine()
            } else {
                (index, line, column) = start
                return
            }
        }
    }

    /// The rest of this line as written, without its line break.
    func restOfLine() -> String {
        var at = index
        var text = ""
        while at < characters.count, !characters[at].isNewline {
            text.append(characters[at])
            at += 1
        }
        return text
    }

    /// What was read since `start` (an `index`): its first line, trimmed, `…` when it goes on.
    func text(since start: Int) -> String {
        let read = characters[start..<index]
        let first = read.prefix { !$0.isNewline }
        let text = String(first).trimmingCharacters(in: .whitespaces)
        return first.count < read.count ? text + " …" : text
    }

    func problem(_ message: String) -> FileProblem {
        FileProblem(file: file, line: line, column: column, key: nil, message: message)
    }
}
