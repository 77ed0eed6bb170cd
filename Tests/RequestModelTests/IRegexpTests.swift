import Testing
import RequestModel

/// RFC 9485 I-Regexp as `match` and `search` use it.
@Suite struct IRegexpTests {
    /// `{"re": pattern, "texts": [text]}`, the pattern taken from the document.
    private func document(_ pattern: String, _ text: String) -> JSONNode {
        .object([.init("re", .string(pattern)), .init("texts", .array([.string(text)]))])
    }

    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try !JSONPath("$.texts[?match(@, $.re)]").values(in: document(pattern, text)).isEmpty
    }

    private func finds(_ pattern: String, _ text: String) throws -> Bool {
        try !JSONPath("$.texts[?search(@, $.re)]").values(in: document(pattern, text)).isEmpty
    }

    /// RFC 9485 §5.1, Table 1: multi-character escapes are not I-Regexp; their replacements are.
    @Test func multiCharacterEscapesAndTheirReplacements() throws {
        #expect(IRegexp.translate(#"\d"#) == nil)
        #expect(IRegexp.translate(#"\S"#) == nil)
        #expect(try matches("[0-9]", "7"))
        #expect(try !matches("[0-9]", "x"))
        #expect(try matches("[^ \t\n\r]", "x"))
        #expect(try !matches("[^ \t\n\r]", " "))
        #expect(try matches("[^\t\n\r]", " "))
    }

    /// RFC 9485 §5.3: `.` is any character but `\n` and `\r`, `match` anchors both ends and
    /// `search` finds a substring.
    @Test func dotAnchoringAndSearch() throws {
        #expect(try matches("a.c", "a\u{2028}c"))
        #expect(try !matches("a.c", "a\nc"))
        #expect(try !matches("a.c", "a\rc"))
        #expect(try !matches("b", "abc"))
        #expect(try finds("b", "abc"))
        #expect(try matches("", ""))
        #expect(try !matches("a", "a\n"))
        #expect(try matches("a.b", "a😀b"))
    }

    @Test(arguments: [
        ("[a-z]+", "hello", true), ("[a-z]+", "Hello", false), ("\\p{Lu}\\p{Ll}*", "Été", true), ("\\P{L}+", "123", true),
        ("[\\p{N}x]+", "1x2", true), ("(ab|cd){2}", "abcd", true), ("(ab|cd){2}", "abc", false), ("a{2,}", "aaaa", true),
        ("a{2,3}", "aaaa", false), ("[-a]+", "-a-", true), ("[a-]+", "a-", true), ("\\.\\*\\[\\]", ".*[]", true),
        ("\\n\\t", "\n\t", true), ("#", "#", true), ("[#$]", "$", true), ("x?y", "y", true),
    ])
    func patterns(pattern: String, text: String, matched: Bool) throws {
        #expect(try matches(pattern, text) == matched)
    }

    /// Not I-Regexp: refused, so `match` and `search` are false (RFC 9535 §2.4.6–7).
    @Test(arguments: ["(?:a)", "a*?", "\\1", "(?=a)", "\\w", "\\s", "[[:alpha:]]", "\\p{IsBasicLatin}", "a{2,1}", "[z-a]",
                      "(", "a)", "[a", "a{", "\\", "\\x41", "\\u0041", "[a-\\p{L}]", "a**"])
    func notIRegexp(pattern: String) throws {
        #expect(IRegexp.translate(pattern) == nil)
        #expect(try !matches(pattern, pattern))
        #expect(try !finds(pattern, pattern))
    }
}

/// Exact ordering of JSON number texts.
@Suite struct JSONNumberOrderTests {
    @Test(arguments: [
        ("1", "2", -1), ("2", "1", 1), ("1.0", "1", 0), ("1e2", "100", 0), ("-0", "0", 0), ("0.0e5", "-0", 0),
        ("-1", "1", -1), ("-2", "-1", -1), ("0.1", "1e-1", 0), ("9007199254740993", "9007199254740992", 1),
        ("1" + String(repeating: "0", count: 400), "9" + String(repeating: "9", count: 399), 1),
        ("1e999999999999999999999", "1e999999999999999999998", 0), ("1e-400", "0", 1), ("-1e-400", "0", -1),
        ("123.456", "123.4560001", -1), ("1E+2", "1e2", 0),
    ])
    func order(left: String, right: String, expected: Int) {
        #expect(JSONNode.compareNumbers(left, right) == expected)
        #expect(JSONNode.compareNumbers(right, left) == -expected)
    }

    @Test func notNumbers() {
        #expect(JSONNode.compareNumbers("+1", "1") == nil)
        #expect(JSONNode.compareNumbers("x", "1") == nil)
        #expect(JSONNode.compareNumbers("1e", "1") == nil)
        #expect(JSONNode.compareNumbers("", "1") == nil)
    }
}
