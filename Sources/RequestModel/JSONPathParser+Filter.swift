/// Filter expressions (RFC 9535 §2.3.5.1): logical operators, comparisons, queries, literals
/// and function calls, with the well-typedness rules of §2.4.3 applied as they are built.
extension JSONPathParser {
    /// What a filter operand turned out to be, before its place decides whether it is well typed.
    enum Parsed {
        case logical(FilterExpression)
        case literal(JSONNode)
        case query(FilterQuery)
        case call(FunctionCall)
    }

    struct Operand {
        var parsed: Parsed
        /// Where it starts, for a message about its type.
        var start: Int
    }

    mutating func logicalOr() throws(JSONPathProblem) -> Operand {
        try chain("||", of: { (parser) throws(JSONPathProblem) in try parser.logicalAnd() }, joined: { .or($0) })
    }

    mutating func logicalAnd() throws(JSONPathProblem) -> Operand {
        try chain("&&", of: { (parser) throws(JSONPathProblem) in try parser.basic() }, joined: { .and($0) })
    }

    /// `operand (op operand)*`: one operand as it is, several joined as one logical expression.
    private mutating func chain(
        _ op: String, of operand: (inout Self) throws(JSONPathProblem) -> Operand, joined: ([FilterExpression]) -> FilterExpression
    ) throws(JSONPathProblem) -> Operand {
        let first = try operand(&self)
        var items = [first]
        while takeAfterBlank(op) {
            skipBlank()
            items.append(try operand(&self))
        }
        guard items.count > 1 else { return first }
        var expressions: [FilterExpression] = []
        for item in items { expressions.append(try logical(item)) }
        return Operand(parsed: .logical(joined(expressions)), start: first.start)
    }

    /// A parenthesised or negated expression, a comparison, or a lone operand (a test, or a
    /// function argument).
    mutating func basic() throws(JSONPathProblem) -> Operand {
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

    mutating func parenthesised() throws(JSONPathProblem) -> FilterExpression {
        try enter()
        defer { nesting -= 1 }
        position += 1
        skipBlank()
        let inner = try logical(try logicalOr())
        skipBlank()
        guard take(")") else { throw problem("expected ')'") }
        return inner
    }

    mutating func comparisonOperator() -> ComparisonOperator? {
        for candidate in ComparisonOperator.allCases where take(candidate.rawValue) { return candidate }
        return nil
    }

    /// A literal, a query (`@…`, `$…`) or a function call.
    mutating func primary() throws(JSONPathProblem) -> Operand {
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

    mutating func call(_ name: String, start: Int) throws(JSONPathProblem) -> FunctionCall {
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
    func logical(_ operand: Operand) throws(JSONPathProblem) -> FilterExpression {
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
    func comparable(_ operand: Operand) throws(JSONPathProblem) -> FilterComparable {
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

    func argument(_ operand: Operand, of type: JSONPathFunction.ParameterType, to name: String) throws(JSONPathProblem) -> FunctionArgument {
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
}
