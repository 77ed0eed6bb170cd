import Foundation
import RequestModel
import Testing

@Suite struct JSONParserTests {
    private func problemOf(_ text: String) -> JSONProblem? {
        do {
            _ = try JSONNode.parsing(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let node = try JSONNode.parsing(#" {"a": [1, -2.5e+3, true, false, null], "b": {"c": "d"}, "e": []} "#)
        #expect(node == .object([
            .init("a", .array([.number("1"), .number("-2.5e+3"), .bool(true), .bool(false), .null])),
            .init("b", .object([.init("c", .string("d"))])),
            .init("e", .array([])),
        ]))
        #expect(try JSONNode.parsing("0") == .number("0"))
        #expect(try JSONNode.parsing("-0.0E-0") == .number("-0.0E-0"))
        #expect(try JSONNode.parsing("\"\"") == .string(""))
        #expect(try JSONNode.parsing("{}") == .object([]))
    }

    @Test func keepsLongNumbersAndRepeatedKeysAsWritten() throws {
        let digits = String(repeating: "1234567890", count: 40)
        #expect(try JSONNode.parsing("[\(digits), 0.\(digits)e-400]") == .array([.number(digits), .number("0.\(digits)e-400")]))
        let node = try JSONNode.parsing(#"{"k": 1, "j": 2, "k": 3}"#)
        #expect(node == .object([.init("k", .number("1")), .init("j", .number("2")), .init("k", .number("3"))]))
        #expect(node["k"] == .number("3"))
    }

    @Test func decodesEscapesAndUTF8() throws {
        #expect(try JSONNode.parsing(#""a\"b\\c\/d\b\f\n\r\t\u0000\u00e9\u20AC\ud83d\ude00 é😀""#)
            == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t\u{0}é€😀 é😀"))
        #expect(try JSONNode.parsing(#"{"\u006b\u0065y": "\u2028"}"#) == .object([.init("key", .string("\u{2028}"))]))
    }

    @Test func skipsOneLeadingByteOrderMark() throws {
        #expect(try JSONNode.parsing([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
        #expect(problemOf("\u{FEFF}\u{FEFF}[1]")?.offset == 3)
    }

    /// Each bad input with the place and the words its problem must carry.
    @Test(arguments: [
        ("", 0, 1, 1, "empty input: expected a JSON value"),
        ("  \n ", 4, 2, 2, "empty input"),
        ("[1, 2", 5, 1, 6, "unexpected end of input: expected ',' or ']' in the array opened at line 1, column 1"),
        ("{\"a\":", 5, 1, 6, "expected a value in the object opened at line 1, column 1"),
        ("\"abc", 4, 1, 5, "unexpected end of input inside a string"),
        ("[1,]", 3, 1, 4, "trailing comma: expected a value after ',', found ']'"),
        ("{\"a\":1,}", 7, 1, 8, "trailing comma: expected a key after ',', found '}'"),
        ("[01]", 1, 1, 2, "leading zero in number '01'"),
        ("-", 1, 1, 2, "expected a digit after '-', found the end of the input"),
        ("1.", 2, 1, 3, "expected a digit after the decimal point in '1.'"),
        ("1e+", 3, 1, 4, "expected a digit in the exponent of '1e+'"),
        ("[1.2.3]", 1, 1, 2, "invalid number '1.2.3'"),
        ("0x1F", 0, 1, 1, "invalid number '0x1F'"),
        ("+1", 0, 1, 1, "a JSON number has no leading '+'"),
        ("NaN", 0, 1, 1, "the bare word 'NaN': JSON numbers have no NaN or Infinity"),
        ("[-Infinity]", 1, 1, 2, "the bare word '-Infinity': JSON numbers have no NaN or Infinity"),
        ("True", 0, 1, 1, "the bare word 'True': JSON's literals are lowercase"),
        ("{\"a\": nul}", 6, 1, 7, "the bare word 'nul'"),
        ("[truex]", 1, 1, 2, "the bare word 'truex'"),
        ("{\"a\": undefined}", 6, 1, 7, "the bare word 'undefined': a string needs double quotes"),
        ("['a']", 1, 1, 2, "JSON strings use double quotes"),
        ("{a: 1}", 1, 1, 2, "expected a key in double quotes, found 'a'"),
        ("{\"a\" 1}", 5, 1, 6, "expected ':' after the key, found '1'"),
        ("[1 2]", 3, 1, 4, "expected ',' or ']' in the array opened at line 1, column 1, found '2'"),
        ("{\"a\":1]", 6, 1, 7, "expected ',' or '}' in the object opened at line 1, column 1, found ']'"),
        ("\"a\tb\"", 2, 1, 3, "control character U+0009 in a string"),
        ("\"a\nb\"", 2, 1, 3, "control character U+000A in a string"),
        (#""\x""#, 1, 1, 2, #"invalid escape '\x'"#),
        (#""\u12G4""#, 1, 1, 2, #"'\u' must be followed by four hex digits, found 'G'"#),
        (#""\ud83d""#, 1, 1, 2, #"lone surrogate '\ud83d': a high surrogate must be followed by a low one"#),
        (#""\ud83dx""#, 1, 1, 2, "lone surrogate"),
        (#""\ud83d\u0041""#, 1, 1, 2, #"it is followed by '\u0041', not a low surrogate"#),
        (#""\ude00""#, 1, 1, 2, "lone surrogate '\\ude00': a low surrogate must follow a high one"),
        ("{} x", 3, 1, 4, "unexpected 'x' after the JSON value (only whitespace may follow it)"),
        ("[1]\n\n  ]", 7, 3, 3, "unexpected ']' after the JSON value"),
        ("{\n  \"a\": [1,\n    2,,\n  ]\n}", 19, 3, 7, "expected a value, found ','"),
    ] as [(String, Int, Int, Int, String)])
    func refusesWithPlaceAndReason(_ text: String, offset: Int, line: Int, column: Int, message: String) throws {
        let problem = try #require(problemOf(text), "accepted: \(text)")
        #expect(problem.message.contains(message), "\(problem)")
        #expect((problem.offset, problem.line, problem.column) == (offset, line, column), "\(problem)")
        #expect(problem.description.hasPrefix("line \(line), column \(column) (byte \(offset)): "))
    }

    @Test func namesTheOffsetOfInvalidUTF8() throws {
        for (bytes, offset) in [([0x22, 0x61, 0xC3, 0x28, 0x22], 2), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
                                ([0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22], 3), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
                                ([0x22, 0xE2, 0x82, 0x22], 1)] as [([UInt8], Int)] {
            #expect(throws: JSONProblem.self) { try JSONNode.parsing(bytes) }
            do {
                _ = try JSONNode.parsing(bytes)
            } catch {
                #expect(error.offset == offset, "\(bytes): \(error)")
                #expect(error.message.hasPrefix("invalid UTF-8 in a string"), "\(error)")
            }
        }
    }

    @Test func refusesDeepNestingWithAMessageInsteadOfCrashing() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let problem = try #require(problemOf(deep))
        #expect(problem.offset == JSONNode.maxDepth)
        #expect(problem.message == "arrays and objects nested deeper than 512 levels")
        #expect(problemOf(String(repeating: "{\"a\":", count: 100_000))?.offset == 5 * JSONNode.maxDepth)
    }

    /// The deepest value the parser builds is written, compared, hashed and freed on a test's thread.
    @Test func theDeepestAcceptedValueIsSafeToUse() throws {
        let depth = JSONNode.maxDepth
        let text = String(repeating: "[{\"k\":", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2)
        var node: JSONNode? = try JSONNode.parsing(text)
        #expect(node?.compactText == text)
        #expect(try JSONNode.parsing(try #require(node?.prettyText())) == node)
        #expect(node?.sameValue(as: try JSONNode.parsing(text)) == true)
        #expect(Set([node, try JSONNode.parsing(text)]).count == 1)
        node = nil
        #expect(node == nil)
    }

    /// The same documents fed one byte at a time give the same value, or the same problem.
    @Test(arguments: [
        #"{"a": [1, -2.5e+3, true, false, null], "b": {"c": "d\u00e9\ud83d\ude00\n"}, "e": [], "f": "é😀"}"#,
        "\u{FEFF}  [0, 10, 1.5e3, \"\", {}]\n",
        "12345", "-0.5", "true", "null", "\"x\"",
        "[1,]", "{\"a\" 1}", "[01]", "NaN", "\"\\ud83d\"", "\"\\ud83d\\u0041\"", "[1] x", "", "[1, 2", "tru", "\"ab", "0x1F", "[1.2.3]", "-Infinity", "{\"a\":\"\\x\"}",
    ])
    func parsesTheSameWhenFedOneByteAtATime(_ text: String) throws {
        let whole = Result { () throws(JSONProblem) in try JSONNode.parsing(text) }
        var parser = JSONParser()
        let pieces = Result { () throws(JSONProblem) in
            for byte in text.utf8 { try parser.feed(CollectionOfOne(byte)) }
            return try parser.finish()
        }
        #expect(pieces == whole)
    }

    /// Cut anywhere into two chunks, a document with every kind of token reads the same.
    @Test func parsesTheSameWhereverTheChunkEnds() throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e+3, 0, true, false, null, \"x\\\"\\u00e9\\ud83d\\ude00é😀\"], \"b\": {}, \"c\": [[]]}\n"
        let bytes = Array(text.utf8)
        let whole = try JSONNode.parsing(bytes)
        for split in 0...bytes.count {
            var parser = JSONParser()
            try parser.feed(bytes[..<split])
            try parser.feed(bytes[split...])
            #expect(try parser.finish() == whole, "split at \(split)")
        }
    }

    @Test func offersTheValueAsSoonAsItIsComplete() throws {
        var parser = JSONParser()
        try parser.feed(Array(#"{"a": [1, "#.utf8))
        #expect(parser.value == nil)
        try parser.feed(Array(#"2]}"#.utf8))
        #expect(parser.value == .object([.init("a", .array([.number("1"), .number("2")]))]))
        try parser.feed(Array(" \n".utf8))
        #expect(try parser.finish() == parser.value)
        var broken = JSONParser()
        #expect(throws: JSONProblem.self) { try broken.feed(Array("[1,,".utf8)) }
        #expect(throws: JSONProblem.self) { try broken.feed(Array("2]".utf8)) }
    }
}
