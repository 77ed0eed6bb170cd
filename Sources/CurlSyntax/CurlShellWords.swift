/// Splits a command line into words the way a POSIX shell (bash, zsh, dash) reads one simple command.
///
/// - `'…'` is literal; `"…"` honours `\` before `$`, `` ` ``, `"`, `\` and newline only;
///   `$'…'` is ANSI-C quoting (`\n \t \r \\ \' \" \xHH \uHHHH \UHHHHHHHH \NNN \a \b \e \f \v`).
/// - Outside quotes `\c` is `c`, and `\`+newline is a continuation (removed).
/// - `#` at the start of a word comments out the rest of the line.
/// - Nothing is expanded: `$VAR`, `${VAR}`, `` `cmd` ``, `~` and globs stay literal text, because
///   the command is not run by a shell and must not read this process's environment.
/// - Operators (`|`, `;`, `&`, `<`, `>`) are not special: they stay in the words.
/// - Leniencies for pasted text: an unquoted newline separates words like a space (it does not end
///   the command), CR counts as whitespace, and `\`+CR+LF is a continuation too.
///
/// Positions in errors count Unicode scalars from 1. Output size is linear in the input.
public enum CurlShellWords {
    public static func split(_ line: String) throws(CurlParseError) -> [String] {
        var splitter = ShellSplitter(Array(line.unicodeScalars))
        return try splitter.run()
    }
}

private struct ShellSplitter {
    let input: [Unicode.Scalar]
    var index = 0
    var words: [String] = []
    /// The current word as UTF-8, because `$'\xHH'` adds single bytes.
    var word: [UInt8] = []
    /// True once the current word exists, even if empty (`''` is an argument).
    var inWord = false
    /// Where the current word's first `$'…'` started, to name it if its bytes are not UTF-8.
    var byteEscapeStart: Int?

    init(_ input: [Unicode.Scalar]) { self.input = input }

    mutating func run() throws(CurlParseError) -> [String] {
        if let nul = input.firstIndex(of: "\0") { throw .nulCharacter(position: nul + 1) }
        while index < input.count {
            let c = input[index]
            switch c {
            case " ", "\t", "\n", "\r":
                try endWord()
                index += 1
            case "#" where !inWord:
                while index < input.count && input[index] != "\n" { index += 1 }
            case "\\":
                if let skip = continuationLength(at: index) {
                    index += skip
                } else if index + 1 < input.count {
                    append(input[index + 1])
                    index += 2
                } else {
                    append(c)  // a trailing lone backslash stays, as in bash
                    index += 1
                }
            case "'":
                try singleQuoted()
            case "\"":
                try doubleQuoted()
            case "$" where peek(1) == "'":
                try ansiC()
            case "$" where peek(1) == "\"":
                index += 1  // bash's $"…" (locale translation) reads as "…"
            default:
                append(c)
                index += 1
            }
        }
        try endWord()
        return words
    }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < input.count ? input[index + offset] : nil
    }

    /// Length of `\`+LF or `\`+CR+LF at `at`, or nil.
    func continuationLength(at position: Int) -> Int? {
        guard position + 1 < input.count else { return nil }
        if input[position + 1] == "\n" { return 2 }
        if input[position + 1] == "\r", position + 2 < input.count, input[position + 2] == "\n" { return 3 }
        return nil
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        word.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [])
        inWord = true
    }

    mutating func endWord() throws(CurlParseError) {
        guard inWord else { return }
        guard let text = String(validating: word, as: UTF8.self) else {
            throw .invalidEscape(position: (byteEscapeStart ?? 0) + 1, reason: "the \\x bytes are not UTF-8")
        }
        words.append(text)
        word.removeAll(keepingCapacity: true)
        inWord = false
        byteEscapeStart = nil
    }

    mutating func singleQuoted() throws(CurlParseError) {
        let start = index
        inWord = true
        index += 1
        while index < input.count && input[index] != "'" {
            append(input[index])
            index += 1
        }
        guard index < input.count else { throw .unterminatedQuote(quote: "single", position: start + 1) }
        index += 1
    }

    mutating func doubleQuoted() throws(CurlParseError) {
        let start = index
        inWord = true
        index += 1
        while index < input.count && input[index] != "\"" {
            let c = input[index]
            if c == "\\" {
                if let skip = continuationLength(at: index) {
                    index += skip
                    continue
                }
                if let next = peek(1), ["$", "`", "\"", "\\"].contains(next) {
                    append(next)
                    index += 2
                    continue
                }
            }
            append(c)
            index += 1
        }
        guard index < input.count else { throw .unterminatedQuote(quote: "double", position: start + 1) }
        index += 1
    }

    mutating func ansiC() throws(CurlParseError) {
        let start = index
        inWord = true
        index += 2
        while index < input.count && input[index] != "'" {
            if input[index] == "\\" && index + 1 < input.count {
                try escape(quoteStart: start)
            } else {
                append(input[index])
                index += 1
            }
        }
        guard index < input.count else { throw .unterminatedQuote(quote: "$'", position: start + 1) }
        index += 1
    }

    /// One backslash escape inside `$'…'`; `index` is at the backslash.
    mutating func escape(quoteStart: Int) throws(CurlParseError) {
        let position = index + 1
        let letter = input[index + 1]
        index += 2
        if let mapped = Self.simpleEscapes[letter] {
            append(mapped)
            return
        }
        switch letter {
        case "x":
            guard let value = digits(radix: 16, max: 2) else { return literal("\\x") }
            try appendByte(value, position: position, quoteStart: quoteStart)
        case "u", "U":
            guard let value = digits(radix: 16, max: letter == "u" ? 4 : 8) else { return literal("\\\(letter)") }
            guard value != 0 else { throw .nulCharacter(position: position) }
            guard let scalar = Unicode.Scalar(value) else {
                throw .invalidEscape(position: position, reason: "U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar")
            }
            append(scalar)
        case "0"..."7":
            index -= 1
            try appendByte(digits(radix: 8, max: 3) ?? 0, position: position, quoteStart: quoteStart)
        default:
            literal("\\\(letter)")  // bash keeps unknown escapes as they are
        }
    }

    mutating func literal(_ text: String) {
        for scalar in text.unicodeScalars { append(scalar) }
    }

    mutating func appendByte(_ value: UInt32, position: Int, quoteStart: Int) throws(CurlParseError) {
        let byte = UInt8(truncatingIfNeeded: value)
        guard byte != 0 else { throw .nulCharacter(position: position) }
        word.append(byte)
        if byteEscapeStart == nil { byteEscapeStart = quoteStart }
    }

    /// Reads up to `max` digits of `radix` at `index`; nil (and nothing consumed) when there are none.
    mutating func digits(radix: UInt32, max: Int) -> UInt32? {
        var value: UInt32 = 0
        var count = 0
        while count < max, index < input.count, let digit = Self.digitValue(input[index], radix: radix) {
            value = value &* radix &+ digit
            count += 1
            index += 1
        }
        return count == 0 ? nil : value
    }

    static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", "\"": "\"", "?": "?",
        "a": "\u{07}", "b": "\u{08}", "e": "\u{1B}", "E": "\u{1B}", "f": "\u{0C}", "v": "\u{0B}",
    ]

    static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let v = scalar.value
        let digit: UInt32
        switch v {
        case 0x30...0x39: digit = v - 0x30
        case 0x41...0x46: digit = v - 0x41 + 10
        case 0x61...0x66: digit = v - 0x61 + 10
        default: return nil
        }
        return digit < radix ? digit : nil
    }
}
