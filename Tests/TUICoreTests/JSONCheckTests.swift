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
        #expect(result?.2.hasPrefix("expected ',' or '}'") == true, "\(String(describing: result))")
        #expect(invalid("[1 2]")?.2.hasPrefix("expected ',' or ']'") == true)
        #expect(invalid("[1 2]")?.1 == 4)
    }

    /// The one parser's messages, which name what was found and what was expected.
    @Test(arguments: [
        ("{\"a\" 1}", "expected ':'"),
        ("{a: 1}", "expected a key in double quotes, found 'a'"),
        ("[1,]", "trailing comma"),
        ("{\"a\":1,}", "trailing comma"),
        ("[1", "unexpected end of input"),
        ("{\"a\":", "expected a value"),
        ("\"abc", "inside a string"),
        ("\"a\nb\"", "control character U+000A in a string"),
        ("\"\\x\"", "invalid escape '\\x'"),
        ("\"\\u12g4\"", "four hex digits"),
        ("01", "leading zero"),
        ("1.", "expected a digit after the decimal point"),
        ("-", "expected a digit"),
        ("tru", "true, false and null"),
        ("{} x", "unexpected 'x' after the JSON value"),
        ("[\u{1}]", "found U+0001"),
    ])
    func messagesNameWhatWasFound(text: String, message: String) {
        #expect(invalid(text)?.2.contains(message) == true, "\(text): \(String(describing: invalid(text)))")
    }

    @Test func columnsCountScalarsNotBytes() {
        let result = invalid("[\"日本\" 1]")
        #expect(result?.0 == 1 && result?.1 == 7)
        #expect(invalid("{} x")?.1 == 4)
    }

    @Test func deepNestingIsAnsweredNotAStackOverflow() {
        let depth = 200_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(invalid(deep)?.2.contains("deeper than") == true, "\(String(describing: invalid(deep)?.2))")
        let unclosed = String(repeating: "{\"a\":", count: depth)
        #expect(invalid(unclosed) != nil)
    }
}
