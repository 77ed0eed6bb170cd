@testable import Sessions
import Testing
import RequestModel

/// Structural JSON comparison: key order, numbers by value, ignored places, readable lines.
@Suite struct JSONDiffTests {
    private func json(_ text: String) -> JSONNode {
        guard let node = JSONNode.parse(text) else { fatalError("not JSON: \(text)") }
        return node
    }

    private func diff(_ expected: String, _ actual: String, ignoring: [String] = []) throws -> [String] {
        let queries = try ignoring.map { (text) throws in try JSONPath(text) }
        return JSONDiff.compare(expected: json(expected), actual: json(actual), ignoring: queries).map(\.description)
    }

    @Test func equalDocumentsHaveNoDifferences() throws {
        #expect(try diff(#"{"a": 1, "b": [1, 2, {"c": null}]}"#, #"{"a": 1, "b": [1, 2, {"c": null}]}"#).isEmpty)
    }

    @Test func keyOrderDoesNotMatter() throws {
        #expect(try diff(#"{"a": 1, "b": {"x": true, "y": "z"}}"#, #"{"b": {"y": "z", "x": true}, "a": 1}"#).isEmpty)
    }

    @Test func numbersCompareAsNumbers() throws {
        #expect(try diff(#"[1, 1.5, 100, -0, 0.1]"#, #"[1.0, 1.50, 1e2, 0, 1E-1]"#).isEmpty)
        #expect(try diff(#"[12345678901234567890123]"#, #"[12345678901234567890124]"#)
            == ["$[0]: expected 12345678901234567890123, got 12345678901234567890124"])
        #expect(try diff(#"[1]"#, #"["1"]"#) == [#"$[0]: expected 1, got "1""#])
    }

    @Test func changedMissingAndUnexpectedPlacesAreNamed() throws {
        let lines = try diff(#"{"items": [{"name": "ann"}, {"name": "ann"}, {"name": "ann"}], "gone": 1, "n": 2}"#,
                             #"{"items": [{"name": "ann"}, {"name": "ann"}, {"name": "bob"}, 4], "n": 3, "new": [1]}"#)
        #expect(lines == [
            #"$.items[2].name: expected "ann", got "bob""#,
            "$.items[3]: unexpected (got 4)",
            "$.gone: missing (expected 1)",
            "$.n: expected 2, got 3",
            "$.new: unexpected (got [1])",
        ])
    }

    @Test func ignoredPathsWithWildcardsAndAnyDepth() throws {
        let expected = #"{"id": 1, "time": "a", "items": [{"createdAt": "x", "v": 1}, {"createdAt": "y", "v": 2}], "deep": {"er": {"time": 1}}, "X-Key": "k"}"#
        let actual = #"{"id": 2, "time": "b", "items": [{"createdAt": "z", "v": 1}, {"createdAt": "w", "v": 3}], "deep": {"er": {"time": 2}}, "X-Key": "l"}"#
        #expect(try diff(expected, actual, ignoring: ["$.id", "$.items[*].createdAt", "$..time", #"$["X-Key"]"#])
            == ["$.items[1].v: expected 2, got 3"])
        #expect(try diff(expected, actual, ignoring: ["$.id", "$.time", "$.items", "$.deep", "$['X-Key']"]).isEmpty)
        // Filters pick places by their content; shorthand (SPEC §7) works too.
        #expect(try diff(expected, actual, ignoring: ["id", "time", "$.items[*].createdAt", "$.items[?@.v == 2].v", "$..er", "X-Key"]).isEmpty)
        // Ignoring covers a key that is missing or new as well.
        #expect(try diff(#"{"a": 1, "id": 1}"#, #"{"a": 1, "token": "t"}"#, ignoring: ["id", "$.token"]).isEmpty)
    }

    @Test func oddKeysAreQuotedInPaths() throws {
        #expect(try diff(#"{"a b": {"x.y": 1}}"#, #"{"a b": {"x.y": 2}}"#) == [#"$["a b"]["x.y"]: expected 1, got 2"#])
    }

    @Test func badQueriesAreRefusedWithAReason() {
        for bad in ["$.", "$[", "$[x]", "$.a[01]", "$['a]", "$a", "$.X-Key"] {
            #expect(throws: JSONPathProblem.self) { try JSONPath(bad) }
        }
    }

    @Test func theParserIsStrict() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"\\x\"", "[1] 2", "\"\u{01}\""] {
            #expect(JSONNode.parse(bad) == nil, "\(bad)")
        }
        #expect(JSONNode.parse(#""\ud83d\ude00 \u00e9""#) == .string("😀 é"))
        #expect(JSONNode.parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) == nil)
    }

    @Test func longValuesAreCutInLines() throws {
        let long = String(repeating: "x", count: 200)
        let line = try diff(#"{"a": "\#(long)"}"#, #"{"a": "y"}"#)[0]
        #expect(line.count < 120)
        #expect(line.contains("…"))
    }
}
