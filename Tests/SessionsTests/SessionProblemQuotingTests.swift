import Testing
@testable import Sessions

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
