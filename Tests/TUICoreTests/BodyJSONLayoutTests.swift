import Foundation
import Testing
@testable import TUICore

@Suite struct BodyJSONLayoutTests {
    @Test func prettyLinesKeepKeyOrderEscapesAndEmptyContainers() {
        let json = #"{"zeta":"Ada","alpha":["a",1,-2.5e3,true,false,null],"empty":{ },"list":[],"nested":{"x":{"y":[{}]}},"esc":"a\"b\\n\u00e9\n","uni":"日本 😀"}"#
        let document = BodyFixtures.document(json, contentType: "application/json; charset=utf-8")
        #expect(document.format == .json)
        #expect(document.layout == .pretty)
        #expect(document.jsonError == nil)
        #expect(BodyFixtures.texts(document) == [
            "{",
            #"  "zeta": "Ada","#,
            #"  "alpha": ["#,
            #"    "a","#,
            "    1,",
            "    -2.5e3,",
            "    true,",
            "    false,",
            "    null",
            "  ],",
            #"  "empty": {},"#,
            #"  "list": [],"#,
            #"  "nested": {"#,
            #"    "x": {"#,
            #"      "y": ["#,
            "        {}",
            "      ]",
            "    }",
            "  },",
            #"  "esc": "a\"b\\n\u00e9\n","#,
            #"  "uni": "日本 😀""#,
            "}",
        ])
    }

    @Test func tokensHaveTheirOwnStyles() {
        let document = BodyFixtures.document(#"{"k": ["s", 1, true, null]}"#)
        let spans = document.lines(0..<7, maxColumns: 80)
        func style(_ line: Int, _ text: String) -> Style? { spans[line].first { $0.text.contains(text) }?.style }
        #expect(style(1, "\"k\"") == BodyStyles.key)
        #expect(style(2, "\"s\"") == BodyStyles.string)
        #expect(style(3, "1") == BodyStyles.number)
        #expect(style(4, "true") == BodyStyles.boolean)
        #expect(style(5, "null") == BodyStyles.null)
        #expect(style(6, "]") == BodyStyles.punctuation)
        let distinct: Set<Style> = [BodyStyles.key, BodyStyles.string, BodyStyles.number, BodyStyles.boolean, BodyStyles.null, BodyStyles.punctuation]
        #expect(distinct.count == 6)
    }

    @Test func scalarsAtTheTopAndAByteOrderMark() {
        #expect(BodyFixtures.texts(BodyFixtures.document("  42 \n", contentType: "application/json")) == ["42"])
        #expect(BodyFixtures.texts(BodyFixtures.document("\u{FEFF}[1, \"x\"]")) == ["[", "  1,", "  \"x\"", "]"])
        #expect(BodyFixtures.document("[]").lineCount == 1)
    }

    @Test func invalidJSONFallsBackToTextSayingWhereItBroke() {
        let document = BodyFixtures.document("{\"a\": 1 \"b\": 2}", contentType: "application/json")
        #expect(document.format == .text)
        #expect(document.layout == .raw)
        #expect(document.jsonError == "invalid JSON at byte 8: expected ',' or '}' in the object opened at line 1, column 1, found '\"'")
        #expect(BodyFixtures.texts(document) == ["{\"a\": 1 \"b\": 2}"])

        // In the parser's words, as everywhere a body is refused as JSON.
        let cases: [(String, String)] = [
            ("[1,]", "invalid JSON at byte 3: trailing comma: expected a value after ',', found ']'"),
            ("{\"a\" 1}", "invalid JSON at byte 5: expected ':' after the key, found '1'"),
            ("[1, 2", "invalid JSON at byte 5: unexpected end of input: expected ',' or ']' in the array opened at line 1, column 1"),
            ("[tru]", "invalid JSON at byte 1: expected a value, found the bare word 'tru'"),
            ("[01]", "invalid JSON at byte 1: leading zero in number '01'"),
            ("{\"a\":1} x", "invalid JSON at byte 8: unexpected 'x' after the JSON value"),
            ("[\"a\u{01}\"]", "invalid JSON at byte 3: control character U+0001 in a string"),
            ("[\"\\x\"]", "invalid JSON at byte 2: invalid escape '\\x' in a string"),
            ("[1}", "invalid JSON at byte 2: expected ',' or ']' in the array opened at line 1, column 1, found '}'"),
            ("<html>", "invalid JSON at byte 0: expected a value, found '<'"),
            ("[\"\\ud800\"]", "invalid JSON at byte 2: lone surrogate '\\ud800'"),
        ]
        for (body, message) in cases {
            let error = BodyFixtures.document(body, contentType: "application/problem+json").jsonError
            #expect(error?.hasPrefix(message) == true, "\(body): \(error ?? "no error")")
        }
    }

    @Test func aSniffedBodyThatIsNotJSONIsPlainText() {
        let document = BodyFixtures.document("[INFO] started\n[INFO] done\n")
        #expect(document.format == .text)
        #expect(document.jsonError == nil)
        #expect(BodyFixtures.texts(document) == ["[INFO] started", "[INFO] done"])
    }

    @Test func anErrorPastTheFirstScreenIsFoundByTheFullIndex() {
        let good = "[" + Array(repeating: "{\"id\": 1}", count: 20_000).joined(separator: ",")
        let body = good + ", oops]"
        let opened = BodyDocument.open(data: Data(body.utf8), contentType: nil)
        #expect(opened.format == .json)
        #expect(!opened.isComplete)
        #expect(opened.lineCount > 100)
        let indexed = opened.indexed()
        #expect(indexed.isComplete)
        #expect(indexed.format == .text)
        #expect(indexed.jsonError?.hasPrefix("invalid JSON at byte \(good.utf8.count + 2): expected a value, found the bare word 'oops'") == true)
        #expect(indexed.layout == .raw)
    }

    @Test func checkpointsResumeToTheSameLinesAsAStraightPrint() throws {
        let generated = BodyFixtures.generated(bytes: 2_000_000, seed: 42)
        let expected = generated.lines.map { TerminalText.sanitize($0) }
        let opened = BodyDocument.open(data: Data(generated.json.utf8), contentType: "application/json")
        #expect(!opened.isComplete)
        let known = opened.lineCount
        #expect(known > 100 && known < expected.count)
        #expect(BodyFixtures.texts(opened, 0..<(known - 1), width: 100_000) == Array(expected[0..<(known - 1)]))

        var reported: [Double] = []
        let document = opened.indexed(progress: { reported.append($0) })
        #expect(document.isComplete)
        #expect(document.jsonError == nil)
        #expect(document.lineCount == expected.count)
        #expect(reported.last == 1)
        #expect(reported == reported.sorted())

        var random = BodyFixtures.Random(seed: 99)
        for _ in 0..<200 {
            let start = random.below(expected.count)
            let end = min(expected.count, start + 1 + random.below(80))
            try #require(BodyFixtures.texts(document, start..<end, width: 100_000) == Array(expected[start..<end]), "lines \(start)..<\(end)")
        }
        #expect(BodyFixtures.texts(document, (expected.count - 3)..<expected.count) == Array(expected.suffix(3)))
        // The index stays a small fraction of the body.
        let checkpoints = try #require(document.storage.json?.checkpoints)
        #expect(checkpoints.count * 20 < generated.json.utf8.count / 20)
    }

    @Test func cancellingTheIndexKeepsTheFirstScreenDocument() {
        let generated = BodyFixtures.generated(bytes: 3_000_000, seed: 5)
        let opened = BodyDocument.open(data: Data(generated.json.utf8), contentType: nil)
        let cancelled = opened.indexed(isCancelled: { true })
        #expect(cancelled == opened)
        #expect(!cancelled.isComplete)
    }

    @Test func aHugeStringIsClippedToTheWindow() {
        let big = String(repeating: "x", count: 3_000_000)
        let document = BodyFixtures.document("{\"a\": \"\(big)\", \"b\": [1]}")
        #expect(document.lineCount == 6)
        #expect(BodyFixtures.texts(document, 0..<4, width: 20) == ["{", "  \"a\": \"xxxxxxxxxxxx", "  \"b\": [", "    1"])
        #expect(BodyFixtures.texts(document, 1..<2, width: 10).first == "  \"a\": \"xx")
        #expect(document.line(1, from: 3_000_000, maxColumns: 20).map(\.text).joined() == "xxxxxxxx\",")
    }
}
