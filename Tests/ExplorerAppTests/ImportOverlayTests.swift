import Testing
import TUICore
@testable import ExplorerApp

/// Ctrl+O: a path (Tab completes it through the loop), the import's report, Enter to switch.
@Suite struct ImportOverlayTests {
    typealias F = AppFixture

    @Test func ctrlOAsksForAPathTabCompletesEnterImports() {
        var state = F.state()
        #expect(F.press(.control("o"), into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("Open: request file, OpenAPI, Postman, Insomnia or .http") })
        // Empty: refused in the prompt.
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("give the path of a file to import") })
        F.type("spe", into: &state)
        #expect(F.press(.tab, into: &state) == [.completePath("spe")])
        _ = state.update(.pathCompleted("specs/pet", alternatives: ["petstore.yaml", "petstore-expanded.yaml"]), now: 1)
        #expect(F.lines(state).contains { $0.contains("Path: specs/pet") })
        #expect(F.lines(state).contains { $0.contains("petstore.yaml  petstore-expanded.yaml") })
        F.type("store.yaml", into: &state)
        #expect(F.press(.enter, into: &state) == [.importFile(path: "specs/petstore.yaml", merge: false)])
        #expect(state.overlay == nil)
    }

    @Test func aProfileThatExistsIsMergedIntoOnlyAfterY() {
        var state = F.state()
        _ = state.update(.importWouldReplace(path: "a.json", message: "profile pets already exists: --merge adds…"), now: 1)
        #expect(F.lines(state).contains { $0.contains("profile pets already exists: merge the imported requests into it?") })
        #expect(F.press(.character("y"), into: &state) == [.importFile(path: "a.json", merge: true)])
        _ = state.update(.importWouldReplace(path: "a.json", message: "profile pets already exists"), now: 1)
        #expect(F.press(.character("n"), into: &state).isEmpty)
        #expect(state.overlay == nil)
    }

    @Test func theReportShowsAndEnterSwitchesToTheProfile() {
        var state = F.state()
        let effects = state.update(.imported(profile: "pets", lines: ["petstore.yaml: openapi, 3 requests", "wrote profile pets: …"]), now: 1)
        #expect(effects == [.listProfiles])
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("Imported into pets") })
        #expect(lines.contains { $0.contains("openapi, 3 requests") })
        #expect(lines.contains { $0.contains("Enter switches to pets") })
        #expect(F.press(.enter, into: &state).contains(.switchProfile("pets")))
    }

    @Test func aLateCompletionAfterThePromptClosedIsDropped() {
        var state = F.state()
        _ = state.update(.pathCompleted("x", alternatives: []), now: 1)
        #expect(state.overlay == nil)
    }
}
