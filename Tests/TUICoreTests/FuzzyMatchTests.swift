import Testing
@testable import TUICore

@Suite struct FuzzyMatchTests {
    private func match(_ query: String, _ candidate: String) -> FuzzyMatch.Result? {
        FuzzyMatch.match(Array(query.lowercased()), in: FuzzyMatch.Candidate(candidate))
    }

    @Test func lettersMustAppearInOrderCaseIgnored() {
        #expect(match("gpi", "GET pets/{petId}")?.positions == [0, 10, 13])
        #expect(match("pid", "showPetById") != nil)
        #expect(match("dip", "showPetById") == nil)
        #expect(match("", "anything")?.score == 0)
        #expect(match("x", "") == nil)
    }

    @Test func theShortestWindowIsTaken() {
        // The forward scan ends at the first complete match; the backward scan tightens it.
        #expect(match("ab", "a_xxx_ab")?.positions == [6, 7])
    }

    @Test func wordStartsAndRunsScoreHigher() throws {
        let boundary = try #require(match("pi", "pets/{petId}"))
        let middle = try #require(match("pi", "spring"))
        #expect(boundary.score > middle.score)
        let run = try #require(match("pet", "xpetx"))
        let spread = try #require(match("pet", "xpxext"))
        #expect(run.score > spread.score)
        let camel = try #require(match("pb", "showPetById"))
        let plain = try #require(match("pb", "showpetbyid"))
        #expect(camel.score > plain.score)
    }

    @Test func rankingIsBestFirstAndStable() {
        let candidates = ["updatePet", "listPets", "deletePet", "getPetById"].map(FuzzyMatch.Candidate.init)
        let ranked = FuzzyMatch.rank("pet", candidates).map(\.index)
        #expect(Set(ranked) == [0, 1, 2, 3])
        #expect(FuzzyMatch.rank("", candidates).map(\.index) == [0, 1, 2, 3])
        #expect(FuzzyMatch.rank("gpb", candidates).map(\.index) == [3])
        // Equal scores keep the list's order.
        #expect(FuzzyMatch.rank("dpet", [FuzzyMatch.Candidate("deletePet"), FuzzyMatch.Candidate("deletePet")]).map(\.index) == [0, 1])
    }
}
