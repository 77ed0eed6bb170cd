import Testing
@testable import Sessions

/// `covers` stays polynomial however many `..` steps a pattern has.
@Suite struct JSONPathPatternTests {
    @Test func manyDescendantStepsOnADeepPathAnswerQuickly() throws {
        let deep = JSONPath(Array(repeating: .key("a"), count: 40))
        let missing = try JSONPathPattern("$" + String(repeating: "..a", count: 30) + ".z")
        #expect(!missing.covers(deep))
        let present = try JSONPathPattern("$" + String(repeating: "..a", count: 30))
        #expect(present.covers(deep))
        #expect(!present.covers(JSONPath(Array(repeating: .key("a"), count: 29))))
        var ending = deep
        ending.components.append(.key("z"))
        #expect(missing.covers(ending))
    }

    @Test(arguments: [("$..t", ["x", "y", "t"], true), ("$..t", ["t", "x"], true), ("$..t", ["x"], false),
                      ("$.a", ["a", "b"], true), ("$.a.b", ["a"], false), ("$", ["q"], true), ("$..a..b", ["a", "b"], true),
                      ("$..a..b", ["b", "a"], false), ("$[*].c", ["z", "c"], true)])
    func coversAsBefore(pattern: String, keys: [String], covered: Bool) throws {
        #expect(try JSONPathPattern(pattern).covers(JSONPath(keys.map { .key($0) })) == covered)
    }
}
