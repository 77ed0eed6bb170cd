extension URITemplate {
    /// One left-to-right pass over the template's Unicode scalars, without recursion, so any input
    /// (this is fuzzed) costs time and memory linear in its length and fails with a position.
    enum Parser {
        static func parse(_ template: String) throws(URITemplateError) -> [Part] {
            let scalars = Array(template.unicodeScalars)
            var parts: [Part] = []
            var literal = String.UnicodeScalarView()
            var index = 0
            while index < scalars.count {
                switch scalars[index] {
                case "{":
                    if !literal.isEmpty {
                        parts.append(.literal(Encoding.literal(String(literal))))
                        literal = String.UnicodeScalarView()
                    }
                    let (expression, next) = try parseExpression(scalars, openingAt: index)
                    parts.append(.expression(expression))
                    index = next
                case "}":
                    throw URITemplateError(position: index, message: "'}' without a matching '{'")
                case let scalar:
                    // Literals are lenient (RFC 6570 §3.1): characters not allowed in a URI are
                    // percent-encoded on output rather than rejected.
                    literal.append(scalar)
                    index += 1
                }
            }
            if !literal.isEmpty { parts.append(.literal(Encoding.literal(String(literal)))) }
            return parts
        }

        /// Parses `{ [operator] varspec *("," varspec) }`; returns the index just past the `}`.
        private static func parseExpression(
            _ s: [Unicode.Scalar], openingAt open: Int
        ) throws(URITemplateError) -> (Expression, Int) {
            let unclosed = URITemplateError(position: open, message: "unclosed expression")
            var i = open + 1
            guard i < s.count else { throw unclosed }

            var op = Operator.simple
            if let found = Operator(s[i]) {
                op = found
                i += 1
            } else if "=,!@|".unicodeScalars.contains(s[i]) {
                throw URITemplateError(position: i, message: "operator \(describe(s[i])) is reserved and not supported")
            } else if s[i] == "}" {
                throw URITemplateError(position: open, message: "empty expression")
            }

            var variables: [VarSpec] = []
            while true {
                let start = i
                let name = try parseName(s, at: &i, unclosed: unclosed)
                var prefix: Int?
                var explode = false
                if i < s.count, s[i] == ":" {
                    i += 1
                    prefix = try parsePrefix(s, at: &i)
                } else if i < s.count, s[i] == "*" {
                    explode = true
                    i += 1
                }
                variables.append(VarSpec(name: name, prefix: prefix, explode: explode, position: start))

                guard i < s.count else { throw unclosed }
                if s[i] == "}" { return (Expression(op: op, variables: variables), i + 1) }
                guard s[i] == "," else {
                    throw URITemplateError(position: i, message: "expected ',' or '}' but found \(describe(s[i]))")
                }
                i += 1
            }
        }

        /// varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
        private static func parseName(
            _ s: [Unicode.Scalar], at i: inout Int, unclosed: URITemplateError
        ) throws(URITemplateError) -> String {
            var name = String.UnicodeScalarView()
            var needsVarchar = true  // at the start and after a "."
            while i < s.count {
                let c = s[i]
                if isAlphaNumeric(c) || c == "_" {
                    name.append(c)
                    i += 1
                } else if c == "%" {
                    guard i + 2 < s.count, isHex(s[i + 1]), isHex(s[i + 2]) else {
                        throw URITemplateError(position: i, message: "invalid percent-encoding in variable name")
                    }
                    name.append(contentsOf: s[i...(i + 2)])
                    i += 3
                } else if c == ".", !needsVarchar {
                    name.append(c)
                    i += 1
                    needsVarchar = true
                    continue
                } else {
                    break
                }
                needsVarchar = false
            }
            guard i < s.count else { throw unclosed }
            if needsVarchar {
                let what = name.isEmpty ? "a variable name" : "a variable name character after '.'"
                throw URITemplateError(position: i, message: "expected \(what) but found \(describe(s[i]))")
            }
            return String(name)
        }

        /// max-length = %x31-39 0*3DIGIT, i.e. 1...9999 without leading zeros.
        private static func parsePrefix(_ s: [Unicode.Scalar], at i: inout Int) throws(URITemplateError) -> Int {
            let start = i
            var value = 0
            while i < s.count, let digit = digitValue(s[i]) {
                // Stop at the fifth digit so a megabyte of digits neither overflows nor is scanned.
                guard i - start < 4, !(i == start && digit == 0) else { break }
                value = value * 10 + digit
                i += 1
            }
            if i < s.count, digitValue(s[i]) != nil {
                throw URITemplateError(position: start, message: "prefix length must be between 1 and 9999")
            }
            guard i > start else {
                let found = i < s.count ? describe(s[i]) : "the end"
                throw URITemplateError(position: i, message: "expected a prefix length (1-9999) after ':' but found \(found)")
            }
            return value
        }

        private static func isAlphaNumeric(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }

        private static func isHex(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && c.properties.isASCIIHexDigit
        }

        private static func digitValue(_ c: Unicode.Scalar) -> Int? {
            ("0"..."9").contains(c) ? Int(c.value) - 48 : nil
        }

        /// Quotes printable ASCII; names anything else by code point so messages stay readable.
        static func describe(_ c: Unicode.Scalar) -> String {
            if (0x21...0x7E).contains(c.value) { return "'\(c)'" }
            let hex = String(c.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
