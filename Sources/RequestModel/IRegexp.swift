/// RFC 9485 I-Regexp: checks that a pattern is one, and writes the pattern in the common
/// PCRE/ICU syntax (Swift's `Regex` reads it) that matches the same strings. `.` becomes "any
/// character but `\n` and `\r`", groups become non-capturing, every literal but ASCII letters and
/// digits is written as `\x{…}` so no character is special to the engine, and `\p{…}`/`\P{…}`
/// keep the Unicode general categories.
/// Nothing outside the RFC's grammar is accepted: no `\d`, backreferences, lookaround, lazy
/// quantifiers or anchors (`^` and `$` are ordinary characters).
public enum IRegexp {
    /// The engine's pattern, or nil when `pattern` is not an I-Regexp.
    public static func translate(_ pattern: String) -> String? {
        var translator = Translator(scalars: Array(pattern.unicodeScalars))
        guard translator.regexp(), translator.position == translator.scalars.count else { return nil }
        return translator.out
    }

    private struct Translator {
        let scalars: [Unicode.Scalar]
        var position = 0
        var out = ""
        var nesting = 0

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        /// `i-regexp = branch *( "|" branch )`.
        mutating func regexp() -> Bool {
            guard branch() else { return false }
            while peek == "|" {
                position += 1
                out += "|"
                guard branch() else { return false }
            }
            return true
        }

        /// `branch = *piece`, `piece = atom [ quantifier ]`.
        mutating func branch() -> Bool {
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard atom(), quantifier() else { return false }
            }
            return true
        }

        mutating func quantifier() -> Bool {
            switch peek {
            case "*", "+", "?":
                out.unicodeScalars.append(peek!)
                position += 1
            case "{":
                position += 1
                guard let low = digits() else { return false }
                out += "{\(low)"
                if peek == "," {
                    position += 1
                    out += ","
                    if let high = digits() {
                        guard Int(high) ?? .max >= Int(low) ?? .max else { return false }
                        out += high
                    }
                }
                guard peek == "}" else { return false }
                position += 1
                out += "}"
            default: break
            }
            return true
        }

        mutating func digits() -> String? {
            var text = ""
            while let scalar = peek, ("0"..."9").contains(scalar) {
                text.unicodeScalars.append(scalar)
                position += 1
            }
            return text.isEmpty ? nil : text
        }

        mutating func atom() -> Bool {
            guard let scalar = peek else { return false }
            switch scalar {
            case "(":
                guard nesting < 64 else { return false }
                nesting += 1
                defer { nesting -= 1 }
                position += 1
                out += "(?:"
                guard regexp(), peek == ")" else { return false }
                position += 1
                out += ")"
                return true
            case ".":
                position += 1
                out += "[^\\n\\r]"
                return true
            case "[":
                return characterClass()
            case "\\":
                if let category = categoryEscape() {
                    out += category
                    return true
                }
                guard let literal = singleCharacterEscape() else { return false }
                out += Self.literal(literal)
                return true
            // RFC 9485 reads `^` and `$` as ordinary characters, but the JSONPath compliance
            // suite (and the implementations that map I-Regexp to ECMAScript) read them as
            // anchors at the start and end of the input; follow the suite.
            case "^":
                position += 1
                out += "\\A"
                return true
            case "$":
                position += 1
                out += "\\z"
                return true
            case _ where Self.isNormal(scalar):
                position += 1
                out += Self.literal(scalar)
                return true
            default:
                return false
            }
        }

        /// `charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
        mutating func characterClass() -> Bool {
            position += 1
            out += "["
            if peek == "^" {
                position += 1
                out += "^"
            }
            if peek == "-" {
                position += 1
                out += Self.literal("-")
            } else {
                guard classElement() else { return false }
            }
            while let scalar = peek, scalar != "]" {
                if scalar == "-" {
                    // Only as the last character of the class.
                    guard position + 1 < scalars.count, scalars[position + 1] == "]" else { return false }
                    position += 1
                    out += Self.literal("-")
                } else {
                    guard classElement() else { return false }
                }
            }
            guard peek == "]" else { return false }
            position += 1
            out += "]"
            return true
        }

        /// `CCE1 = ( CCchar [ "-" CCchar ] ) / charClassEsc`.
        mutating func classElement() -> Bool {
            if let category = categoryEscape() {
                out += category
                return true
            }
            guard let low = classCharacter() else { return false }
            if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let high = classCharacter(), low.value <= high.value else { return false }
                out += Self.literal(low) + "-" + Self.literal(high)
            } else {
                out += Self.literal(low)
            }
            return true
        }

        /// `CCchar`: any character but `-`, `[`, `\`, `]`, or a single-character escape.
        mutating func classCharacter() -> Unicode.Scalar? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "\\": return singleCharacterEscape()
            case "-", "[", "]": return nil
            default:
                position += 1
                return scalar
            }
        }

        /// `SingleCharEsc = "\" ( ( ) * + - . ? [ \ ] ^ n r t { | } )`.
        mutating func singleCharacterEscape() -> Unicode.Scalar? {
            guard peek == "\\", position + 1 < scalars.count else { return nil }
            let letter = scalars[position + 1]
            let result: Unicode.Scalar
            switch letter {
            case "n": result = "\n"
            case "r": result = "\r"
            case "t": result = "\t"
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": result = letter
            default: return nil
            }
            position += 2
            return result
        }

        /// `\p{Cat}` or `\P{Cat}` with a general category of the RFC's list.
        mutating func categoryEscape() -> String? {
            guard peek == "\\", position + 2 < scalars.count,
                  scalars[position + 1] == "p" || scalars[position + 1] == "P", scalars[position + 2] == "{" else { return nil }
            var index = position + 3
            var name = ""
            while index < scalars.count, scalars[index] != "}" {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, Self.categories.contains(name) else { return nil }
            let escape = "\\\(scalars[position + 1]){\(name)}"
            position = index + 1
            return escape
        }

        static let categories: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
            "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
            "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]

        /// `NormalChar`: anything but `( ) * + . ? [ \ ] { | }` (surrogates cannot occur).
        static func isNormal(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "(", ")", "*", "+", ".", "?", "[", "\\", "]", "{", "|", "}": false
            default: true
            }
        }

        /// A character the engine reads as itself wherever it stands.
        static func literal(_ scalar: Unicode.Scalar) -> String {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return String(scalar) }
            return "\\x{" + String(scalar.value, radix: 16) + "}"
        }
    }
}
