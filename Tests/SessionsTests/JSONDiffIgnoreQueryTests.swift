import Testing
import RequestModel
@testable import Sessions

/// Session `check.ignore` takes RFC 9535 queries: what they select in either body is left out of
/// the diff, with everything below it.
@Suite struct JSONDiffIgnoreQueryTests {
    /// `{"k1": {"k2": … {"kn": value}}}`.
    private func nested(_ keys: [String], _ value: JSONNode) -> JSONNode {
        keys.reversed().reduce(value) { inner, key in .object([JSONNode.Member(key, inner)]) }
    }

    private func ignores(_ query: String, _ keys: [String]) throws -> Bool {
        JSONDiff.compare(expected: nested(keys, .number("1")), actual: nested(keys, .number("2")), ignoring: [try JSONPath(query)]).isEmpty
    }

    @Test func manyDescendantSegmentsOnADeepDocumentAnswerQuickly() throws {
        // Thirty `..a` over forty nested `a`: the nodelist would list each node once per way of
        // reaching it (billions); the places are taken once each.
        let deep = Array(repeating: "a", count: 40)
        #expect(try !ignores("$" + String(repeating: "..a", count: 30) + ".z", deep))
        #expect(try ignores("$" + String(repeating: "..a", count: 30) + ".z", deep + ["z"]))
        #expect(try ignores("$" + String(repeating: "..a", count: 30), deep))
        #expect(try !ignores("$" + String(repeating: "..a", count: 30), Array(repeating: "a", count: 29)))
    }

    @Test(arguments: [("$..t", ["x", "y", "t"], true), ("$..t", ["t", "x"], true), ("$..t", ["x"], false),
                      ("$.a", ["a", "b"], true), ("$.a.b", ["a"], false), ("$", ["q"], true), ("$..a..b", ["a", "b"], true),
                      ("$..a..b", ["b", "a"], false), ("$[*].c", ["z", "c"], true), ("$[?@.c].c", ["z", "c"], true),
                      ("$[?@.c == 3].c", ["z", "c"], false)])
    func ignoredPlacesAsBefore(query: String, keys: [String], ignored: Bool) throws {
        #expect(try ignores(query, keys) == ignored)
    }

    @Test func aPlaceOnlyOneSideHasIsIgnoredToo() throws {
        let expected = JSONNode.object([JSONNode.Member("a", .number("1")), JSONNode.Member("gone", .null)])
        let actual = JSONNode.object([JSONNode.Member("a", .number("1")), JSONNode.Member("new", .bool(true))])
        #expect(JSONDiff.compare(expected: expected, actual: actual, ignoring: [try JSONPath("$.gone"), try JSONPath("$.new")]).isEmpty)
        #expect(JSONDiff.compare(expected: expected, actual: actual).map(\.description) == ["$.gone: missing (expected null)", "$.new: unexpected (got true)"])
    }
}
