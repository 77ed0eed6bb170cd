import Foundation
@testable import RequestModel
import Testing
@testable import TUICore

/// Issue 25: one JSON grammar. The value parser, the one-pass selector (`JSONSkimmer`) and the
/// viewer's layout index read the same documents and must give the same verdict, so the
/// viewer shows as JSON exactly what the parser accepts.
@Suite struct OneJSONGrammarTests {
    static let depth = JSONNode.maxDepth

    static let valid: [[UInt8]] = [
        #"{"a": [1, 2, {"b": null}], "c": "é\u00e9", "d": -0.5e+3, "e": true, "f": false}"#,
        #""\ud83d\ude00""#, "[]", "{}", " [ ] ", "0", "-0", "0.5", "1.5E3", "\u{FEFF}[1]",
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
        #"["\"\\\/\b\f\n\r\t\u0041"]"#,
    ].map { Array($0.utf8) } + [[0x5B, 0x22, 0xC3, 0xA9, 0x22, 0x5D]]

    static let invalid: [[UInt8]] = [
        // Lone surrogates.
        #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, #"["\ud800x"]"#,
        // Nesting past the limit.
        String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1),
        String(repeating: #"{"a":"#, count: depth + 1) + "1" + String(repeating: "}", count: depth + 1),
        // Trailing commas, missing values.
        "[1,]", #"{"a":1,}"#, "[1,,2]", "[,1]", #"{"a":}"#, #"{"a"}"#, #"{"a" 1}"#, "{1:2}", "[1 2]",
        // Garbage after the value.
        "{} x", "1 2", "[]]", #"{"a":1}}"#, "\u{FEFF}\u{FEFF}[1]",
        // Numbers: leading zeros and broken forms.
        "01", "[-01]", "[00]", "1.", ".5", "1e", "+1", "1e+", "-", "0x10", "[1.e3]", "NaN", "-Infinity",
        // Literals.
        "tru", "nul", "True", "nulll", "truefalse", "[t]",
        // Strings.
        "[\"a\u{01}\"]", #"["\x"]"#, #"["\u12"]"#, #"["abc"#, #"'a'"#,
        // Nothing.
        "", "   ", "]", "}",
    ].map { Array($0.utf8) } + [
        // Invalid UTF-8: a bad continuation, an overlong '/', an encoded surrogate, a byte past U+10FFFF.
        [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0xE2, 0x82, 0x22],
    ]

    enum Verdict: Equatable { case json, notJSON }

    static func parser(_ bytes: [UInt8]) -> Verdict {
        (try? JSONNode.parsing(bytes)) == nil ? .notJSON : .json
    }

    static func skimmer(_ bytes: [UInt8]) -> Verdict {
        bytes.withUnsafeBufferPointer { buffer in
            var skeleton = JSONSkeleton()
            do {
                try JSONSkimmer(bytes: buffer, plan: JSONSelectionPlan([])).skimDocument(into: &skeleton)
                return .json
            } catch {
                return .notJSON
            }
        }
    }

    static func indexer(_ bytes: [UInt8]) -> Verdict {
        let outcome = bytes.withUnsafeBufferPointer { buffer -> JSONLayoutIndexer.Outcome in
            guard let base = buffer.baseAddress else { return .invalid(.end(0)) }
            return JSONLayoutIndexer.build(base, count: buffer.count, limit: .max, progress: { _ in }, isCancelled: { false })
        }
        if case .index = outcome { return .json }
        return .notJSON
    }

    @Test(arguments: valid) func allThreeAcceptAValidDocument(_ bytes: [UInt8]) {
        let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
        #expect(Self.parser(bytes) == .json, "parser: \(shown)")
        #expect(Self.skimmer(bytes) == .json, "skimmer: \(shown)")
        #expect(Self.indexer(bytes) == .json, "indexer: \(shown)")
    }

    @Test(arguments: invalid) func allThreeRefuseABrokenDocument(_ bytes: [UInt8]) {
        let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
        #expect(Self.parser(bytes) == .notJSON, "parser: \(shown)")
        #expect(Self.skimmer(bytes) == .notJSON, "skimmer: \(shown)")
        #expect(Self.indexer(bytes) == .notJSON, "indexer: \(shown)")
    }

    /// And the viewer says why in the parser's words.
    @Test func theViewerNamesTheParsersProblem() throws {
        let body = Data(#"{"a": "\ud800"}"#.utf8)
        let problem = try #require(throws: JSONProblem.self) { try JSONNode.parsing(body) }
        let document = BodyDocument.open(data: body, contentType: "application/json").indexed()
        #expect(document.format == .text)
        #expect(document.jsonError == "invalid JSON at byte \(problem.offset): \(problem.message)")
    }
}
