/// SPEC §7's shorthand: a path without a leading `$` is split on `.` (outside brackets and
/// quotes); a part of digits is an index, `*` a wildcard, a member name (optionally followed by
/// bracketed selectors, `items[0]`) stays as written, and anything else becomes a quoted name.
/// `items.0.id` is `$.items[0].id`, `x-rate` is `$['x-rate']`. Each character of the query
/// remembers the column it came from, so a problem points into what the user typed.
enum JSONPathShorthand {
    struct Expansion {
        var query: String
        /// For each scalar of `query`, the 0-based scalar offset in the shorthand it stands for.
        var origins: [Int]
        var originalLength: Int

        func column(ofQueryColumn column: Int) -> Int {
            column - 1 < origins.count ? origins[column - 1] + 1 : originalLength + 1
        }
    }

    /// Shorthand starts with a name character or a digit; anything else (`$`, `@`, blank space)
    /// is read as RFC 9535.
    static func isShorthand(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return JSONPathGrammar.isNameFirst(first) || JSONPathGrammar.isDigit(first)
    }

    static func expand(_ text: String) throws(JSONPathProblem) -> Expansion {
        let scalars = Array(text.unicodeScalars)
        var expansion = Expansion(query: "$", origins: [0], originalLength: scalars.count)
        func emit(_ piece: String, from origin: Int) {
            for scalar in piece.unicodeScalars {
                expansion.query.unicodeScalars.append(scalar)
                expansion.origins.append(origin)
            }
        }
        for part in parts(of: scalars) {
            let written = scalars[part]
            guard let first = written.first else {
                throw JSONPathProblem(path: text, message: "a name is missing between dots", column: part.lowerBound + 1)
            }
            if written.allSatisfy(JSONPathGrammar.isDigit) {
                emit("[", from: part.lowerBound)
                for (offset, digit) in zip(part, written) { emit(String(digit), from: offset) }
                emit("]", from: part.upperBound - 1)
            } else if written.elementsEqual(["*"]) || startsWithName(written, first: first) {
                emit(".", from: part.lowerBound)
                for (offset, scalar) in zip(part, written) { emit(String(scalar), from: offset) }
            } else {
                var quoted = "['"
                for scalar in written {
                    switch scalar {
                    case "'": quoted += "\\'"
                    case "\\": quoted += "\\\\"
                    case _ where scalar.value < 0x20: quoted += "\\u" + hex4(scalar.value)
                    default: quoted.unicodeScalars.append(scalar)
                    }
                }
                emit(quoted + "']", from: part.lowerBound)
            }
        }
        return expansion
    }

    /// A member name, then nothing or a bracket.
    private static func startsWithName(_ part: ArraySlice<Unicode.Scalar>, first: Unicode.Scalar) -> Bool {
        guard JSONPathGrammar.isNameFirst(first) else { return false }
        let rest = part.drop(while: JSONPathGrammar.isNameChar)
        return rest.first == nil || rest.first == "["
    }

    /// The ranges between dots that stand outside brackets and quotes.
    private static func parts(of scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        var depth = 0
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" { index += 1 } else if scalar == open { quote = nil }
            } else {
                switch scalar {
                case "'" where depth > 0, "\"" where depth > 0: quote = scalar
                case "[": depth += 1
                case "]": depth = max(0, depth - 1)
                case "." where depth == 0:
                    parts.append(start..<index)
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        parts.append(start..<scalars.count)
        return parts
    }

    private static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
