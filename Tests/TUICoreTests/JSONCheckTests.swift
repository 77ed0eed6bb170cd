import Testing
import TUICore

@Suite struct JSONCheckTests {
    @Test func emptyAndValidTexts() {
        #expect(JSONCheck.validate("") == .empty)
        #expect(JSONCheck.validate(" \n\t ") == .empty)
        for text in ["{}", "[]", "0", "-1.5e+3", "\"a\\u00e9\\n\"", "true", "null",
                     "{\"a\": [1, 2, {\"b\": null}], \"c\": \"日本\"}", " [ ] \n", "[[[[]]]]", "{\"a\":{\"b\":{}}}"] {
            #expect(JSONCheck.validate(text) == .valid, "\(text)")
        }
    }

    private func invalid(_ text: String) -> (Int, Int, String)? {
        if case .invalid(let line, let column, let message) = JSONCheck.validate(text) { return (line, column, message) }
        return nil
    }

    @Test func missingCommaReportsLineAndColumn() {
        let result = invalid("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(result?.0 == 3 && result?.1 == 3)
        #expect(result?.2 == "expected ',' or '}'")
        #expect(invalid("[1 2]")?.2 == "expected ',' or ']'")
        #expect(invalid("[1 2]")?.1 == 4)
    }

    @Test func otherMessages() {
        #expect(invalid("{\"a\" 1}")?.2 == "expected ':'")
        #expect(invalid("{a: 1}")?.2 == "expected a member name in double quotes, found 'a'")
        #expect(invalid("[1,]")?.2 == "trailing ',' before ']'")
        #expect(invalid("{\"a\":1,}")?.2 == "trailing ',' before '}'")
        #expect(invalid("[1")?.2 == "unclosed '[': expected ',' or ']'")
        #expect(invalid("{\"a\":")?.2 == "expected a value, found the end of the text")
        #expect(invalid("\"abc")?.2 == "unterminated string")
        #expect(invalid("\"a\nb\"")?.2 == "line break in a string (missing '\"'?)")
        #expect(invalid("\"\\x\"")?.2 == "invalid escape '\\x'")
        #expect(invalid("\"\\u12g4\"")?.2 == "\\u needs four hex digits")
        #expect(invalid("01")?.2 == "no leading zeros in a number")
        #expect(invalid("1.")?.2 == "expected a digit after '.'")
        #expect(invalid("-")?.2 == "expected a digit")
        #expect(invalid("tru")?.2 == "expected a value (did you mean true?)")
        #expect(invalid("{} x")?.2 == "unexpected 'x' after the value")
        #expect(invalid("{} x")?.1 == 4)
        #expect(invalid("[\u{1}]")?.2 == "expected a value, found control character SOH")
        #expect(invalid("\"a\u{1}\"")?.2 == "control character SOH in a string")
    }

    @Test func columnsCountScalarsNotBytes() {
        let result = invalid("[\"日本\" 1]")
        #expect(result?.0 == 1 && result?.1 == 7)
    }

    @Test func deepNestingIsAnsweredNotAStackOverflow() {
        let depth = 200_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(JSONCheck.validate(deep) == .valid)
        let unclosed = String(repeating: "{\"a\":", count: depth)
        #expect(invalid(unclosed)?.2 == "expected a value, found the end of the text")
    }
}
