/// RFC 9535 §2's grammar, read by recursive descent over Unicode scalars, with the well-typedness
/// rules of §2.4.3 checked as the expressions are built. Every refusal names the column where
/// the text stops being a valid path. Recursion follows the nesting the text writes, capped
/// at `maxNesting`, so no path can exhaust the stack.
struct JSONPathParser {
    static let maxNesting = 64

    let text: String
    let scalars: [Unicode.Scalar]
    var position = 0
    var nesting = 0
    /// Whether the brackets read last had blank space inside (outside their strings).
    var lastBracketsHadBlank = false

    /// The segments of a query that begins with `$`.
    static func parse(_ text: String) throws(JSONPathProblem) -> [JSONPathSegment] {
        var parser = JSONPathParser(text: text, scalars: Array(text.unicodeScalars))
        guard parser.take("$") else { throw parser.problem("a JSONPath starts with '$'") }
        let segments = try parser.segments().segments
        if parser.peek != nil {
            let blank = parser.position
            parser.skipBlank()
            guard let next = parser.peek else { throw parser.problem("blank space may not end a path", at: blank) }
            throw parser.problem("unexpected \(Self.show(next))")
        }
        return segments
    }

    private init(text: String, scalars: [Unicode.Scalar]) {
        self.text = text
        self.scalars = scalars
    }

    // MARK: Segments and selectors

    /// The segments, and whether they form a singular query as the grammar writes one.
    mutating func segments() throws(JSONPathProblem) -> (segments: [JSONPathSegment], singular: Bool) {
        var segments: [JSONPathSegment] = []
        var singular = true
        while true {
            // Blank space may come between segments, but not after the last one.
            let before = position
            skipBlank()
            let start = position
            guard let segment = try segment() else {
                position = before
                return (segments, singular && FilterQuery.selectsAtMostOne(segments))
            }
            // `[ 0 ]` selects what `[0]` does, but only the latter is a singular-query segment.
            if scalars[start] == "[", lastBracketsHadBlank { singular = false }
            segments.append(segment)
        }
    }

    mutating func segment() throws(JSONPathProblem) -> JSONPathSegment? {
        switch peek {
        case "[": return .child(try bracketed())
        case ".":
            position += 1
            guard take(".") else { return .child([try dotted()]) }
            if peek == "[" { return .descendant(try bracketed()) }
            return .descendant([try dotted()])
        default: return nil
        }
    }

    /// After `.` or `..`: `*` or a member name.
    mutating func dotted() throws(JSONPathProblem) -> JSONPathSelector {
        if take("*") { return .wildcard }
        guard let first = peek, JSONPathGrammar.isNameFirst(first) else {
            throw problem("expected a member name or '*' after '.'")
        }
        var name = String.UnicodeScalarView()
        while let scalar = peek, JSONPathGrammar.isNameChar(scalar) {
            name.append(scalar)
            position += 1
        }
        return .name(String(name))
    }

    mutating func bracketed() throws(JSONPathProblem) -> [JSONPathSelector] {
        try enter()
        defer { nesting -= 1 }
        position += 1
        var selectors: [JSONPathSelector] = []
        var blank = false
        repeat {
            blank = skipBlank() || blank
            selectors.append(try selector())
            blank = skipBlank() || blank
        } while take(",")
        guard take("]") else { throw problem(peek == nil ? "expected ']'" : "expected ',' or ']'") }
        lastBracketsHadBlank = blank
        return selectors
    }

    mutating func selector() throws(JSONPathProblem) -> JSONPathSelector {
        switch peek {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlank()
            return .filter(try logical(try logicalOr()))
        case ":", "-": return try indexOrSlice()
        case let scalar? where JSONPathGrammar.isDigit(scalar): return try indexOrSlice()
        default: throw problem("expected a selector: a quoted name, '*', an index, a slice or a '?' filter")
        }
    }

    mutating func indexOrSlice() throws(JSONPathProblem) -> JSONPathSelector {
        var start: Int?
        if peek != ":" {
            let index = try integer()
            let before = position
            skipBlank()
            guard peek == ":" else {
                position = before
                return .index(index)
            }
            start = index
        }
        position += 1
        skipBlank()
        var end: Int?
        var step: Int?
        if startsInteger {
            end = try integer()
            skipBlank()
        }
        if take(":") {
            skipBlank()
            if startsInteger { step = try integer() }
        }
        return .slice(start: start, end: end, step: step)
    }

    var startsInteger: Bool {
        guard let scalar = peek else { return false }
        return scalar == "-" || JSONPathGrammar.isDigit(scalar)
    }

    /// `int`: `0` or an optional `-` and digits without a leading zero, within ±(2^53 − 1).
    mutating func integer() throws(JSONPathProblem) -> Int {
        let negative = take("-")
        guard let first = peek, JSONPathGrammar.isDigit(first) else { throw problem("expected a digit") }
        if first == "0" {
            if negative { throw problem("-0 is not an integer here") }
            position += 1
            if let next = peek, JSONPathGrammar.isDigit(next) { throw problem("an integer has no leading zeros") }
            return 0
        }
        var value = 0
        while let digit = peek, JSONPathGrammar.isDigit(digit) {
            value = value * 10 + Int(digit.value - 0x30)
            guard value <= JSONPathGrammar.largestInteger else {
                throw problem("an integer must lie within ±(2^53 − 1)")
            }
            position += 1
        }
        return negative ? -value : value
    }

    // MARK: Scanning

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    mutating func take(_ token: String) -> Bool {
        let tokenScalars = Array(token.unicodeScalars)
        guard scalars.count - position >= tokenScalars.count,
              scalars[position..<position + tokenScalars.count].elementsEqual(tokenScalars) else { return false }
        position += tokenScalars.count
        return true
    }

    /// `S token`, leaving the position alone when the token is not there.
    mutating func takeAfterBlank(_ token: String) -> Bool {
        let before = position
        skipBlank()
        if take(token) { return true }
        position = before
        return false
    }

    /// Whether there was any.
    @discardableResult
    mutating func skipBlank() -> Bool {
        let before = position
        while let scalar = peek, JSONPathGrammar.isBlank(scalar) { position += 1 }
        return position > before
    }

    mutating func enter() throws(JSONPathProblem) {
        guard nesting < Self.maxNesting else { throw problem("the path nests deeper than \(Self.maxNesting) levels") }
        nesting += 1
    }

    func problem(_ message: String, at index: Int? = nil) -> JSONPathProblem {
        JSONPathProblem(path: text, message: message, column: (index ?? position) + 1)
    }

    static func show(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar == "'" ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
    }
}
