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

/// Session problems quote what they found, cut to about 80 characters.
@Suite struct SessionProblemQuotingTests {
    @Test func aLongValueIsCutInTheProblem() {
        let long = String(repeating: "z", count: 10_000)
        #expect {
            try SessionReader.read("version: 1\nsecrets: \(long)\nprofile: { name: demo }\nexchanges: []\n", file: "s.yaml")
        } throws: { error in
            "\(error)".contains("found \"" + String(repeating: "z", count: 79) + "…\"") && "\(error)".count < 200
        }
    }
}
