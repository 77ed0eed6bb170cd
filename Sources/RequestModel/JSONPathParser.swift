/// RFC 9535 §2's grammar, read by recursive descent over Unicode scalars, with the well-typedness
/// rules of §2.4.3 checked as the expressions are built. Every refusal names the column where
/// the text stops being a valid path. Recursion follows the nesting the text writes, capped
/// at `maxNesting`, so no path can exhaust the stack.
struct JSONPathParser {
    static let maxNesting = 64

    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0
    /// Whether the brackets read last had blank space inside (outside their strings).
    private var lastBracketsHadBlank = false

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
    private mutating func segments() throws(JSONPathProblem) -> (segments: [JSONPathSegment], singular: Bool) {
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

    private mutating func segment() throws(JSONPathProblem) -> JSONPathSegment? {
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
    private mutating func dotted() throws(JSONPathProblem) -> JSONPathSelector {
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

    private mutating func bracketed() throws(JSONPathProblem) -> [JSONPathSelector] {
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

    private mutating func selector() throws(JSONPathProblem) -> JSONPathSelector {
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

    private mutating func indexOrSlice() throws(JSONPathProblem) -> JSONPathSelector {
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

    private var startsInteger: Bool {
        guard let scalar = peek else { return false }
        return scalar == "-" || JSONPathGrammar.isDigit(scalar)
    }

    /// `int`: `0` or an optional `-` and digits without a leading zero, within ±(2^53 − 1).
    private mutating func integer() throws(JSONPathProblem) -> Int {
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

    // MARK: Strings and numbers

    /// A single- or double-quoted string with JSON's escapes (and `\'` in single quotes);
    /// surrogate escapes must come as a pair.
    private mutating func stringLiteral() throws(JSONPathProblem) -> String {
        let quote = peek!
        let opening = position
        position += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw problem("the string opened at column \(opening + 1) has no closing quote") }
            if scalar == quote {
                position += 1
                return String(out)
            }
            if scalar == "\\" {
                position += 1
                out.append(try escape(quote: quote))
                continue
            }
            guard scalar.value >= 0x20 else { throw problem("a control character must be escaped in a string") }
            out.append(scalar)
            position += 1
        }
    }

    private mutating func escape(quote: Unicode.Scalar) throws(JSONPathProblem) -> Unicode.Scalar {
        guard let letter = peek else { throw problem("expected an escape after '\\'") }
        position += 1
        switch letter {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/", "\\": return letter
        case "u": break
        case _ where letter == quote: return letter
        default:
            position -= 1
            throw problem("invalid escape '\\\(letter)'")
        }
        let at = position
        let first = try hex4()
        switch first {
        case 0xD800...0xDBFF:
            guard take("\\"), take("u") else { throw problem("a high surrogate escape must be followed by a low surrogate '\\uDC00'-'\\uDFFF'") }
            let lowAt = position
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw problem("a high surrogate escape must be followed by a low surrogate '\\uDC00'-'\\uDFFF'", at: lowAt)
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw problem("a low surrogate escape must follow a high surrogate", at: at)
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func hex4() throws(JSONPathProblem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexValue(scalar) else {
                throw problem("expected 4 hex digits after '\\u'")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// RFC 9535 `number`: `int` or `-0`, an optional fraction and exponent, kept as written.
    private mutating func numberLiteral() throws(JSONPathProblem) -> String {
        var out = String.UnicodeScalarView()
        if take("-") { out.append("-") }
        guard let first = peek, JSONPathGrammar.isDigit(first) else { throw problem("expected a digit") }
        if first == "0" {
            out.append("0")
            position += 1
            if let next = peek, JSONPathGrammar.isDigit(next) { throw problem("a number has no leading zeros") }
        } else {
            appendDigits(to: &out)
        }
        if peek == "." {
            out.append(".")
            position += 1
            guard let digit = peek, JSONPathGrammar.isDigit(digit) else { throw problem("expected a digit after '.'") }
            appendDigits(to: &out)
        }
        if let e = peek, e == "e" || e == "E" {
            out.append(e)
            position += 1
            if let sign = peek, sign == "+" || sign == "-" {
                out.append(sign)
                position += 1
            }
            guard let digit = peek, JSONPathGrammar.isDigit(digit) else { throw problem("expected a digit in the exponent") }
            appendDigits(to: &out)
        }
        return String(out)
    }

    private mutating func appendDigits(to out: inout String.UnicodeScalarView) {
        while let digit = peek, JSONPathGrammar.isDigit(digit) {
            out.append(digit)
            position += 1
        }
    }

    // MARK: Filter expressions

    /// What a filter operand turned out to be, before its place decides whether it is well typed.
    private enum Parsed {
        case logical(FilterExpression)
        case literal(JSONNode)
        case query(FilterQuery)
        case call(FunctionCall)
    }

    private struct Operand {
        var parsed: Parsed
        /// Where it starts, for a message about its type.
        var start: Int
    }

    private mutating func logicalOr() throws(JSONPathProblem) -> Operand {
        let first = try logicalAnd()
        var items = [first]
        while takeAfterBlank("||") {
            skipBlank()
            items.append(try logicalAnd())
        }
        guard items.count > 1 else { return first }
        var expressions: [FilterExpression] = []
        for item in items { expressions.append(try logical(item)) }
        return Operand(parsed: .logical(.or(expressions)), start: first.start)
    }

    private mutating func logicalAnd() throws(JSONPathProblem) -> Operand {
        let first = try basic()
        var items = [first]
        while takeAfterBlank("&&") {
            skipBlank()
            items.append(try basic())
        }
        guard items.count > 1 else { return first }
        var expressions: [FilterExpression] = []
        for item in items { expressions.append(try logical(item)) }
        return Operand(parsed: .logical(.and(expressions)), start: first.start)
    }

    /// A parenthesised or negated expression, a comparison, or a lone operand (a test, or a
    /// function argument).
    private mutating func basic() throws(JSONPathProblem) -> Operand {
        let start = position
        if take("!") {
            skipBlank()
            if peek == "(" { return Operand(parsed: .logical(.not(try parenthesised())), start: start) }
            let operand = try primary()
            switch operand.parsed {
            case .query, .call: return Operand(parsed: .logical(.not(try logical(operand))), start: start)
            case .literal, .logical: throw problem("'!' applies to a query, a function or a parenthesised expression", at: operand.start)
            }
        }
        if peek == "(" { return Operand(parsed: .logical(try parenthesised()), start: start) }
        let left = try primary()
        let before = position
        skipBlank()
        guard let comparison = comparisonOperator() else {
            position = before
            return left
        }
        skipBlank()
        let right = try primary()
        return Operand(parsed: .logical(.comparison(try comparable(left), comparison, try comparable(right))), start: start)
    }

    private mutating func parenthesised() throws(JSONPathProblem) -> FilterExpression {
        try enter()
        defer { nesting -= 1 }
        position += 1
        skipBlank()
        let inner = try logical(try logicalOr())
        skipBlank()
        guard take(")") else { throw problem("expected ')'") }
        return inner
    }

    private mutating func comparisonOperator() -> ComparisonOperator? {
        for candidate in ComparisonOperator.allCases where take(candidate.rawValue) { return candidate }
        return nil
    }

    /// A literal, a query (`@…`, `$…`) or a function call.
    private mutating func primary() throws(JSONPathProblem) -> Operand {
        let start = position
        guard let first = peek else { throw problem("expected a query, a literal or a function") }
        switch first {
        case "@", "$":
            position += 1
            try enter()
            defer { nesting -= 1 }
            let (segments, singular) = try segments()
            return Operand(parsed: .query(FilterQuery(relative: first == "@", segments: segments, isSingular: singular)), start: start)
        case "'", "\"":
            return Operand(parsed: .literal(.string(try stringLiteral())), start: start)
        case "-", "0"..."9":
            return Operand(parsed: .literal(.number(try numberLiteral())), start: start)
        case "a"..."z":
            var name = ""
            while let scalar = peek, ("a"..."z").contains(scalar) || scalar == "_" || JSONPathGrammar.isDigit(scalar) {
                name.unicodeScalars.append(scalar)
                position += 1
            }
            if peek == "(" { return Operand(parsed: .call(try call(name, start: start)), start: start) }
            switch name {
            case "true": return Operand(parsed: .literal(.bool(true)), start: start)
            case "false": return Operand(parsed: .literal(.bool(false)), start: start)
            case "null": return Operand(parsed: .literal(.null), start: start)
            default: throw problem("unknown name '\(name)' (literals are true, false and null; a function needs '(')", at: start)
            }
        default:
            throw problem("expected a query, a literal or a function")
        }
    }

    private mutating func call(_ name: String, start: Int) throws(JSONPathProblem) -> FunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            throw problem("unknown function '\(name)' (known: length, count, match, search, value)", at: start)
        }
        try enter()
        defer { nesting -= 1 }
        position += 1
        skipBlank()
        var operands: [Operand] = []
        if !take(")") {
            repeat {
                skipBlank()
                operands.append(try logicalOr())
                skipBlank()
            } while take(",")
            guard take(")") else { throw problem("expected ',' or ')'") }
        }
        let wanted = function.parameters.count
        let plural = wanted == 1 ? "argument" : "arguments"
        if operands.count > wanted { throw problem("\(name)() takes \(wanted) \(plural)", at: operands[wanted].start) }
        if operands.count < wanted { throw problem("\(name)() takes \(wanted) \(plural)", at: position - 1) }
        var arguments: [FunctionArgument] = []
        for (operand, type) in zip(operands, function.parameters) {
            arguments.append(try argument(operand, of: type, to: name))
        }
        return FunctionCall(function: function, arguments: arguments)
    }

    // MARK: Well-typedness (RFC 9535 §2.4.3)

    /// The operand where a test is expected.
    private func logical(_ operand: Operand) throws(JSONPathProblem) -> FilterExpression {
        switch operand.parsed {
        case .logical(let expression): return expression
        case .query(let query): return .exists(query)
        case .call(let call) where call.function.result != .value: return .test(call)
        case .call(let call):
            throw problem("\(call.function.rawValue)() gives a value, not a test: compare it", at: operand.start)
        case .literal:
            throw problem("a literal is not a test: compare it", at: operand.start)
        }
    }

    /// The operand where a value is expected (either side of a comparison).
    private func comparable(_ operand: Operand) throws(JSONPathProblem) -> FilterComparable {
        switch operand.parsed {
        case .literal(let node): return .literal(node)
        case .query(let query) where query.isSingular: return .query(query)
        case .query(let query) where FilterQuery.selectsAtMostOne(query.segments):
            throw problem("a singular query has no blank space inside its brackets", at: operand.start)
        case .query:
            throw problem("only a singular query (names and indices, no wildcard, slice, filter or '..') gives a value", at: operand.start)
        case .call(let call) where call.function.result == .value: return .function(call)
        case .call(let call):
            throw problem("\(call.function.rawValue)() gives a test result, not a value", at: operand.start)
        case .logical:
            throw problem("a logical expression is not a value", at: operand.start)
        }
    }

    private func argument(_ operand: Operand, of type: JSONPathFunction.ParameterType, to name: String) throws(JSONPathProblem) -> FunctionArgument {
        switch type {
        case .value: return .value(try comparable(operand))
        case .logical: return .logical(try logical(operand))
        case .nodes:
            guard case .query(let query) = operand.parsed else {
                throw problem("\(name)() takes a query (a nodelist) here", at: operand.start)
            }
            return .nodes(query)
        }
    }

    // MARK: Scanning

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    private mutating func take(_ token: String) -> Bool {
        let tokenScalars = Array(token.unicodeScalars)
        guard scalars.count - position >= tokenScalars.count,
              scalars[position..<position + tokenScalars.count].elementsEqual(tokenScalars) else { return false }
        position += tokenScalars.count
        return true
    }

    /// `S token`, leaving the position alone when the token is not there.
    private mutating func takeAfterBlank(_ token: String) -> Bool {
        let before = position
        skipBlank()
        if take(token) { return true }
        position = before
        return false
    }

    /// Whether there was any.
    @discardableResult
    private mutating func skipBlank() -> Bool {
        let before = position
        while let scalar = peek, JSONPathGrammar.isBlank(scalar) { position += 1 }
        return position > before
    }

    private mutating func enter() throws(JSONPathProblem) {
        guard nesting < Self.maxNesting else { throw problem("the path nests deeper than \(Self.maxNesting) levels") }
        nesting += 1
    }

    private func problem(_ message: String, at index: Int? = nil) -> JSONPathProblem {
        JSONPathProblem(path: text, message: message, column: (index ?? position) + 1)
    }

    private static func show(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar == "'" ? "character U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
    }
}
