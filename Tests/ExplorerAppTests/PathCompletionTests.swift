import Testing
@testable import ExplorerApp

@Suite struct PathCompletionTests {
    static let entries = ["petstore.yaml", "petstore-expanded.yaml", "postman/", "README.md", ".hidden.http"]

    @Test func aSingleCandidateCompletesWholly() {
        #expect(PathCompletion.complete("specs/po", entries: Self.entries) == ("specs/postman/", []))
        #expect(PathCompletion.complete("R", entries: Self.entries) == ("README.md", []))
    }

    @Test func severalCandidatesCompleteTheirSharedPartAndAreListed() {
        let (text, alternatives) = PathCompletion.complete("pe", entries: Self.entries)
        #expect(text == "petstore")
        #expect(alternatives == ["petstore-expanded.yaml", "petstore.yaml"])
    }

    @Test func nothingMatchingLeavesTheTextAndHiddenFilesNeedADot() {
        #expect(PathCompletion.complete("zz", entries: Self.entries) == ("zz", []))
        #expect(PathCompletion.complete("", entries: [".hidden.http", "a.http"]) == ("a.http", []))
        #expect(PathCompletion.complete(".h", entries: Self.entries) == (".hidden.http", []))
    }

    @Test func theDirectoryToList() {
        #expect(PathCompletion.directory(of: "specs/po") == "specs/")
        #expect(PathCompletion.directory(of: "/etc") == "/")
        #expect(PathCompletion.directory(of: "petstore") == ".")
    }
}
